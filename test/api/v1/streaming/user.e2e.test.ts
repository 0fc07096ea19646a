// GET /api/v1/streaming/user (SSE): the home timeline as it happens, visibility per viewer, deletions,
// the token by header or access_token, Mastodon's 401s, and revocation. docs/api/streaming.md.
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { follow } from '../../../support/interactions';
import { api, rig } from '../../../support/server';
import { expectSseError, openSse } from '../../../support/sse';
import type { SseStream } from '../../../support/streaming';

async function statusAs(id: string, token: string): Promise<unknown> {
  const response = await api.get(`/api/v1/statuses/${id}`, { token });
  expectJson(response, 200);
  return response.body;
}

const ids = (stream: SseStream) => stream.events.items.filter((e) => e.event === 'update').map((e) => (JSON.parse(e.data) as { id: string }).id);

describe('GET /api/v1/streaming/user', () => {
  let author: TestUser;
  let follower: TestUser;
  let stranger: TestUser;
  let followerStream: SseStream;
  let strangerStream: SseStream;
  let authorStream: SseStream;

  beforeAll(async () => {
    [author, follower, stranger] = await Promise.all([rig.newUser('sseuauthor'), rig.newUser('sseufollower'), rig.newUser('sseustranger')]);
    await follow(follower, author);
    [followerStream, strangerStream, authorStream] = await Promise.all([
      openSse('/api/v1/streaming/user', follower.token),
      openSse('/api/v1/streaming/user', stranger.token),
      openSse('/api/v1/streaming/user', author.token),
    ]);
  });

  describe('with a user token', () => {
    it("sends the user's own new status, with the viewer's flags", async () => {
      const status = await rig.post(author.token, 'My own');

      const event = await authorStream.next('update', (data) => data.includes(status.id));

      expect(JSON.parse(event.data)).toEqual(await statusAs(status.id, author.token));
    });

    it("sends a followed account's public and private statuses to the follower", async () => {
      for (const visibility of ['public', 'private']) {
        const status = await rig.post(author.token, { status: `For ${visibility}`, visibility });

        const event = await followerStream.next('update', (d) => d.includes(status.id));

        expect(JSON.parse(event.data)).toEqual(await statusAs(status.id, follower.token));
      }
    });

    it('never sends a private status to a non-follower, nor a public status of an account not followed', async () => {
      const closed = await rig.post(author.token, { status: 'Followers only', visibility: 'private' });
      const open = await rig.post(author.token, 'Public, not followed');
      const marker = await rig.post(stranger.token, 'marker');

      await strangerStream.next('update', (d) => d.includes(marker.id));

      expect(ids(strangerStream).filter((id) => id === closed.id || id === open.id)).toEqual([]);
    });

    it('sends a direct status to the account it mentions and its author, and to no one else', async () => {
      const dm = await rig.post(author.token, { status: `@${follower.username} just us`, visibility: 'direct' });
      const marker = await rig.post(stranger.token, 'marker');

      await followerStream.next('update', (d) => d.includes(dm.id));
      await authorStream.next('update', (d) => d.includes(dm.id));
      await strangerStream.next('update', (d) => d.includes(marker.id));

      expect(ids(strangerStream)).not.toContain(dm.id);
    });

    it('sends `event: delete` with the bare id to the follower when the status is deleted', async () => {
      const status = await rig.post(author.token, { status: 'Regrettable', visibility: 'private' });
      await followerStream.next('update', (d) => d.includes(status.id));

      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 200);

      expect(await followerStream.next('delete', (d) => d === status.id)).toEqual({ event: 'delete', data: status.id });
    });
  });

  describe('with the token in access_token', () => {
    it('streams as with the header', async () => {
      const stream = await openSse(`/api/v1/streaming/user?access_token=${follower.token}`);
      const status = await rig.post(author.token, 'Via the parameter');

      expect(JSON.parse((await stream.next('update', (d) => d.includes(status.id))).data)).toEqual(await statusAs(status.id, follower.token));
    });
  });

  describe('without a token', () => {
    it('answers 401 Missing access token', async () => {
      await expectSseError('/api/v1/streaming/user', undefined, 401, 'Missing access token');
    });
  });

  describe('with an unknown token', () => {
    it('answers 401 Invalid access token', async () => {
      await expectSseError('/api/v1/streaming/user', 'not-a-token', 401, 'Invalid access token');
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 401 Invalid access token', async () => {
      const app = await rig.registerApp('read');
      await expectSseError('/api/v1/streaming/user', await rig.appToken(app, 'read'), 401, 'Invalid access token');
    });
  });

  describe('with a token without a read scope', () => {
    it('answers 401 Access token does not have the required scopes', async () => {
      const writeOnly = await rig.passwordToken(follower.app, follower.email, follower.password, 'write');
      await expectSseError('/api/v1/streaming/user', writeOnly, 401, 'Access token does not have the required scopes');
    });
  });

  describe('when the token is revoked', () => {
    it('ends the stream', async () => {
      const user = await rig.newUser('sseurevoked');
      const stream = await openSse('/api/v1/streaming/user', user.token);

      expectJson(await api.postForm('/oauth/revoke', { client_id: user.app.client_id, client_secret: user.app.client_secret, token: user.token }), 200);

      await expect(stream.ended).resolves.toBeUndefined();
    });
  });
});

describe('GET /api/v1/streaming/user/notification', () => {
  describe('with a user token', () => {
    it('opens, and carries no statuses', async () => {
      const user = await rig.newUser('ssenotif');
      const stream = await openSse('/api/v1/streaming/user/notification', user.token);
      const home = await openSse('/api/v1/streaming/user', user.token);
      const status = await rig.post(user.token, 'Not a notification');
      await home.next('update', (d) => d.includes(status.id));

      expect(stream.events.items).toEqual([]);
    });
  });
});
