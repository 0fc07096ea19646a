// POST /api/v1/statuses/:id/mute and /unmute. docs/api/statuses.md#pin-and-mute.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { act } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

describe('POST /api/v1/statuses/:id/mute', () => {
  let author: TestUser;
  let replier: TestUser;

  beforeAll(async () => {
    [author, replier] = await Promise.all([rig.newUser('muteauthor'), rig.newUser('replier')]);
  });

  describe('for a status of a thread the caller takes part in', () => {
    it('answers 200 with the Status, muted true', async () => {
      const status = await rig.post(author.token, 'A noisy thread');
      await rig.post(replier.token, { status: 'me too', in_reply_to_id: status.id });

      const response = await api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/mute`, { token: replier.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedStatus(baseUrl, { id: status.id, author: author.account, viewer: 'other', content: '<p>A noisy thread</p>', fields: { muted: true, replies_count: 1 } }),
      );
    });

    it('mutes the whole conversation: other statuses of the thread read muted true for the caller only', async () => {
      const root = await rig.post(author.token, 'Root');
      const reply = await rig.post(replier.token, { status: 'Reply', in_reply_to_id: root.id });
      await act(replier, root.id, 'mute');

      expect((await api.get(`/api/v1/statuses/${reply.id}`, { token: replier.token })).body).toMatchObject({ muted: true });
      expect((await api.get(`/api/v1/statuses/${reply.id}`, { token: author.token })).body).toMatchObject({ muted: false });
    });
  });

  describe('for a conversation already muted', () => {
    it('answers 200 with muted true', async () => {
      const status = await rig.post(author.token, 'Muted twice');
      await act(author, status.id, 'mute');
      expect(await act(author, status.id, 'mute')).toMatchObject({ muted: true });
    });
  });

  describe('for a boost (which has no conversation of its own)', () => {
    it('answers 422 Mastodon::ValidationError', async () => {
      const status = await rig.post(author.token, 'boost me, then mute the boost');
      const boost = await act(replier, status.id, 'reblog');
      expectError(await api.post(`/api/v1/statuses/${boost.id}/mute`, { token: replier.token }), 422, 'Mastodon::ValidationError');
    });
  });

  describe("for another user's private status the caller may not see", () => {
    it('answers 404 Record not found', async () => {
      const hidden = await rig.post(author.token, { status: 'hidden', visibility: 'private' });
      expectError(await api.post(`/api/v1/statuses/${hidden.id}/mute`, { token: replier.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.post('/api/v1/statuses/1234567890/mute', { token: replier.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/statuses/1234567890/mute'));
    });
  });

  describe('with a user token of scope write:statuses only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const status = await rig.post(author.token, 'wrong scope');
      const app = await rig.registerApp('read write:statuses');
      const token = await rig.passwordToken(app, replier.email, replier.password, 'write:statuses');
      expectError(await api.post(`/api/v1/statuses/${status.id}/mute`, { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with a user token of the granular scope write:mutes', () => {
    it('answers 200', async () => {
      const status = await rig.post(author.token, 'granular mute');
      const app = await rig.registerApp('read write:mutes');
      const token = await rig.passwordToken(app, replier.email, replier.password, 'write:mutes');
      expectJson(await api.post(`/api/v1/statuses/${status.id}/mute`, { token }), 200);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const token = await rig.appToken(replier.app, 'write');
      expectError(await api.post('/api/v1/statuses/1234567890/mute', { token }), 422, USER_REQUIRED);
    });
  });
});

describe('POST /api/v1/statuses/:id/unmute', () => {
  let author: TestUser;

  beforeAll(async () => {
    author = await rig.newUser('unmuteauthor');
  });

  describe('for a muted conversation', () => {
    it('answers 200 with the Status, muted false', async () => {
      const status = await rig.post(author.token, 'Quiet again');
      await act(author, status.id, 'mute');

      const response = await api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/unmute`, { token: author.token });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedStatus(baseUrl, { id: status.id, author: author.account, viewer: 'author', content: '<p>Quiet again</p>' }));
    });
  });

  describe('for a conversation that is not muted', () => {
    it('answers 200 with muted false', async () => {
      const status = await rig.post(author.token, 'Never muted');
      expect(await act(author, status.id, 'unmute')).toMatchObject({ muted: false });
    });
  });

  describe("for another user's private status the caller may not see", () => {
    it('answers 404 Record not found', async () => {
      const other = await rig.newUser('unmuteother');
      const hidden = await rig.post(author.token, { status: 'hidden', visibility: 'private' });
      expectError(await api.post(`/api/v1/statuses/${hidden.id}/unmute`, { token: other.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.post('/api/v1/statuses/1234567890/unmute', { token: author.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/statuses/1234567890/unmute'));
    });
  });
});
