// GET /api/v1/streaming/hashtag?tag= and /hashtag/local?tag= (SSE). docs/api/streaming.md.
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';
import { expectSseError, openSse } from '../../../support/sse';
import { WsStream, isStatus, whenLive } from '../../../support/streaming';

async function anonymousStatus(id: string): Promise<unknown> {
  const response = await api.get(`/api/v1/statuses/${id}`);
  expectJson(response, 200);
  return response.body;
}

describe('GET /api/v1/streaming/hashtag', () => {
  let author: TestUser;

  beforeAll(async () => {
    author = await rig.newUser('ssetag');
  });

  describe('with a tag', () => {
    it('sends public statuses carrying the hashtag, whatever its case', async () => {
      const stream = await openSse('/api/v1/streaming/hashtag?tag=Teapot');
      const status = await rig.post(author.token, 'Short and stout #TEAPOT');

      const event = await stream.next('update', (d) => d.includes(status.id));

      expect(JSON.parse(event.data)).toEqual(await anonymousStatus(status.id));
    });

    it('leaves out statuses without the hashtag, and private ones with it', async () => {
      const stream = await openSse('/api/v1/streaming/hashtag?tag=kettle');
      const other = await rig.post(author.token, 'No tag here #pot');
      const closed = await rig.post(author.token, { status: 'Secret #kettle', visibility: 'private' });
      const marker = await rig.post(author.token, 'marker #kettle');

      await stream.next('update', (d) => d.includes(marker.id));

      expect(stream.events.items.filter((e) => e.data.includes(other.id) || e.data.includes(closed.id))).toEqual([]);
    });

    it('sends `event: delete` when a status with the hashtag is deleted', async () => {
      const stream = await openSse('/api/v1/streaming/hashtag?tag=gone');
      const status = await rig.post(author.token, 'Soon gone #gone');
      await stream.next('update', (d) => d.includes(status.id));

      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 200);

      expect(await stream.next('delete', (d) => d === status.id)).toEqual({ event: 'delete', data: status.id });
    });
  });

  describe('without a tag', () => {
    it('answers 400 Missing tag name parameter', async () => {
      await expectSseError('/api/v1/streaming/hashtag', undefined, 400, 'Missing tag name parameter');
    });
  });
});

describe('GET /api/v1/streaming/hashtag/local', () => {
  describe('with a tag', () => {
    it('sends public statuses of this server carrying the hashtag', async () => {
      const author = await rig.newUser('ssetaglocal');
      const stream = await openSse('/api/v1/streaming/hashtag/local?tag=crumpets');
      const status = await rig.post(author.token, 'Warm #crumpets');

      expect(JSON.parse((await stream.next('update', (d) => d.includes(status.id))).data)).toEqual(await anonymousStatus(status.id));
    });
  });

  describe('without a tag', () => {
    it('answers 400 Missing tag name parameter', async () => {
      await expectSseError('/api/v1/streaming/hashtag/local', undefined, 400, 'Missing tag name parameter');
    });
  });
});

// A NUL in the tag reaches no query (PostgreSQL cannot compare it): the stream is refused with 400, and
// anonymous hashtag streams open as before (the hub's unit test checks the refusal is not remembered).
describe('a hashtag stream with a NUL character in its tag', () => {
  it('is refused over SSE with 400, and the next anonymous hashtag stream opens', async () => {
    await expectSseError('/api/v1/streaming/hashtag?tag=a%00b', undefined, 400, 'Parameters must not contain NUL characters');
    (await openSse('/api/v1/streaming/hashtag?tag=afternul')).close();
  });

  it('is refused over WebSocket with an error frame, and the next anonymous hashtag stream opens', async () => {
    const refused = await WsStream.open({ query: { stream: 'hashtag', tag: 'a\u0000b' } });
    expect(await refused.error()).toEqual({ error: 'Parameters must not contain NUL characters', status: 400 });
    refused.close();

    const author = await rig.newUser('wsnultag');
    const ws = await WsStream.open();
    ws.send({ type: 'subscribe', stream: 'hashtag', tag: 'afternul' });
    await whenLive(
      async () => (await rig.post(author.token, `live #afternul ${Date.now()}`)).id,
      (id, timeoutMs) => ws.next('update', ['hashtag', 'afternul'], isStatus(id), timeoutMs),
    );
    expect(ws.frames.items.filter((frame) => frame.error !== undefined)).toEqual([]);
    ws.close();
  });
});
