// GET /api/v1/streaming/public and /public/local (SSE): framing, heartbeat, which statuses and deletions
// arrive. docs/api/streaming.md#sse.
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import * as images from '../../../support/images';
import { act } from '../../../support/interactions';
import { uploaded } from '../../../support/media';
import { api, rig } from '../../../support/server';
import { expectSseError, openSse } from '../../../support/sse';
import type { SseStream } from '../../../support/streaming';
import { ANY_ONE_TARGET, TARGET, describeOnAnyOneTarget } from '../../../support/targets';

const HEARTBEAT_MS = 15_000;

// Opened first, so that the wait for its heartbeat runs alongside the other tests of the file.
let heartbeat: Promise<SseStream> | undefined;
beforeAll(() => {
  if (TARGET === ANY_ONE_TARGET) heartbeat = openSse('/api/v1/streaming/public');
});

async function anonymousStatus(id: string): Promise<unknown> {
  const response = await api.get(`/api/v1/statuses/${id}`);
  expectJson(response, 200);
  return response.body;
}

describe('GET /api/v1/streaming/public', () => {
  let author: TestUser;
  let stream: SseStream;

  beforeAll(async () => {
    author = await rig.newUser('ssepublic');
    stream = await openSse('/api/v1/streaming/public');
  });

  describe('without a token', () => {
    it('opens with the ":)" comment', () => {
      expect(stream.raw.startsWith(':)\n')).toBe(true);
    });

    it('sends a new public status as `event: update` with the status JSON, as anyone reads it over REST', async () => {
      const status = await rig.post(author.token, 'Hello, stream');

      const event = await stream.next('update', (data) => data.includes(status.id));

      expect(JSON.parse(event.data)).toEqual(await anonymousStatus(status.id));
      expect(stream.raw).toContain(`event: update\ndata: ${event.data}\n\n`);
    });

    it('leaves out unlisted, private and direct statuses, boosts and replies to others', async () => {
      const other = await rig.newUser('ssepublicother');
      const target = await rig.post(other.token, 'Reply to me');
      const hidden = [
        await rig.post(author.token, { status: 'unlisted', visibility: 'unlisted' }),
        await rig.post(author.token, { status: 'private', visibility: 'private' }),
        await rig.post(author.token, { status: `@${other.username} direct`, visibility: 'direct' }),
        await rig.post(author.token, { status: 'a reply', in_reply_to_id: target.id }),
        await act(author, target.id, 'reblog'),
      ];
      const marker = await rig.post(author.token, 'marker');

      await stream.next('update', (data) => data.includes(marker.id));

      const shown = stream.events.items.map((event) => (JSON.parse(event.data) as { id: string }).id);
      expect(shown.filter((id) => hidden.some((status) => status.id === id))).toEqual([]);
    });

    it('sends `event: delete` with the bare id when a public status is deleted', async () => {
      const status = await rig.post(author.token, 'Short-lived');
      await stream.next('update', (data) => data.includes(status.id));

      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 200);

      expect(await stream.next('delete', (data) => data === status.id)).toEqual({ event: 'delete', data: status.id });
    });
  });

  describe('with a user token', () => {
    it('sends the status as anyone reads it (no viewer flags)', async () => {
      const viewer = await rig.newUser('ssepublicviewer');
      const own = await openSse('/api/v1/streaming/public', viewer.token);
      const status = await rig.post(author.token, 'Seen alike');

      const event = await own.next('update', (data) => data.includes(status.id));

      expect(JSON.parse(event.data)).toEqual(await anonymousStatus(status.id));
    });
  });

  describe('with ?only_media=true', () => {
    it('sends statuses with media and leaves out those without', async () => {
      const media = await openSse('/api/v1/streaming/public?only_media=true');
      const attachment = await uploaded(api, author.token, { file: await images.png() });
      await rig.post(author.token, 'No pictures');
      const pictured = await rig.post(author.token, { status: 'A picture', media_ids: [attachment.id as string] });

      // Events arrive in order: had the one without media been sent, it would be there by now.
      await media.next('update', (data) => data.includes(pictured.id));

      expect(media.events.items.map((event) => (JSON.parse(event.data) as { id: string }).id)).toEqual([pictured.id]);
    });
  });

  describe('with an unknown token', () => {
    it('answers 401 Invalid access token', async () => {
      await expectSseError('/api/v1/streaming/public', 'not-a-token', 401, 'Invalid access token');
    });
  });
});

describe('GET /api/v1/streaming/public/local', () => {
  describe('without a token', () => {
    it('sends new public statuses of this server', async () => {
      const author = await rig.newUser('sselocal');
      const stream = await openSse('/api/v1/streaming/public/local');
      const status = await rig.post(author.token, 'Local news');

      const event = await stream.next('update', (data) => data.includes(status.id));

      expect(JSON.parse(event.data)).toEqual(await anonymousStatus(status.id));
    });
  });
});

describe('GET /api/v1/streaming/public/remote', () => {
  describe('without a token', () => {
    it('opens, and carries no local statuses (nothing federates here)', async () => {
      const author = await rig.newUser('sseremote');
      const stream = await openSse('/api/v1/streaming/public/remote');
      const local = await openSse('/api/v1/streaming/public/local');
      const status = await rig.post(author.token, 'Not remote');
      await local.next('update', (data) => data.includes(status.id));

      expect(stream.events.items).toEqual([]);
    });
  });
});

describeOnAnyOneTarget('GET /api/v1/streaming/public, left open', () => {
  it('sends the ":thump" heartbeat comment every 15 seconds', async () => {
    const stream = await (heartbeat as Promise<SseStream>);
    const thump = await stream.comment(':thump', HEARTBEAT_MS + 10_000);

    expect(thump.at - stream.openedAt).toBeGreaterThanOrEqual(HEARTBEAT_MS - 100);
    // The greeting, then nothing but the heartbeat (a slow run may have seen a second one).
    expect(stream.comments.slice(0, 2)).toEqual([':)', ':thump']);
  }, HEARTBEAT_MS + 15_000);
});

describe('GET /api/v1/streaming/:unknown', () => {
  it('answers 400 Unknown channel requested', async () => {
    await expectSseError('/api/v1/streaming/everything', undefined, 400, 'Unknown channel requested');
  });
});
