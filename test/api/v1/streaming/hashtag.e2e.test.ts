// GET /api/v1/streaming/hashtag?tag= and /hashtag/local?tag= (SSE). Spec 4.4, 6; mastodon.md 6.1, 6.4.
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';
import { expectSseError, openSse } from '../../../support/sse';

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
