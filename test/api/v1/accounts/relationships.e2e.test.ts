// GET /api/v1/accounts/relationships?id[]=...: the user's relationships, in the order asked.
// docs/api/accounts.md#relationships (read, read:follows); Mastodon's Accounts::RelationshipsController, RelationshipSerializer.
import type { TestUser } from '@social/testkit';
import { OUTSIDE_SCOPES, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';

function relationship(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id, following: false, showing_reblogs: false, notifying: false, languages: null, followed_by: false, blocking: false,
    blocked_by: false, muting: false, muting_notifications: false, muting_expires_at: null, requested: false, requested_by: false, domain_blocking: false,
    endorsed: false, note: '', ...overrides,
  };
}

describe('GET /api/v1/accounts/relationships', () => {
  let me: TestUser;
  let followed: TestUser;
  let follower: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    [me, followed, follower, stranger] = await Promise.all([rig.newUser('me'), rig.newUser('followed'), rig.newUser('follower'), rig.newUser('stranger')]);
    await api.postJson(`/api/v1/accounts/${followed.account.id}/follow`, { notify: true }, { token: me.token });
    await api.post(`/api/v1/accounts/${me.account.id}/follow`, { token: follower.token });
  });

  describe('with several ids as id[]', () => {
    it('answers 200 with a Relationship for each, in the order asked', async () => {
      const response = await api.get('/api/v1/accounts/relationships', {
        token: me.token,
        query: { id: [stranger.account.id, followed.account.id, follower.account.id] },
      });

      expectJson(response, 200);
      expect(response.body).toEqual([
        relationship(stranger.account.id),
        relationship(followed.account.id, { following: true, showing_reblogs: true, notifying: true }),
        relationship(follower.account.id, { followed_by: true }),
      ]);
    });
  });

  describe('with one id as a plain parameter', () => {
    it('answers an array of one Relationship', async () => {
      const response = await api.get(`/api/v1/accounts/relationships?id=${followed.account.id}`, { token: me.token });

      expectJson(response, 200);
      expect(response.body).toEqual([relationship(followed.account.id, { following: true, showing_reblogs: true, notifying: true })]);
    });
  });

  describe('with unknown, malformed and repeated ids', () => {
    it('leaves the unknown and malformed ones out and answers each account once', async () => {
      const response = await api.get('/api/v1/accounts/relationships', {
        token: me.token,
        query: { id: ['1234567890123', follower.account.id, 'abc', follower.account.id] },
      });

      expectJson(response, 200);
      expect(response.body).toEqual([relationship(follower.account.id, { followed_by: true })]);
    });
  });

  describe('with every kind of relation at once', () => {
    it('answers each field: requests both ways with their options, blocks, mutes, endorsement and note', async () => {
      const [locked, asker, blocked, muted] = await Promise.all([rig.newUser('rellocked'), rig.newUser('relasker'), rig.newUser('relblocked'), rig.newUser('relmuted')]);
      const lock = (user: TestUser) =>
        api.send('PATCH', '/api/v1/accounts/update_credentials', { token: user.token, contentType: 'application/json', body: JSON.stringify({ locked: true }) });
      await Promise.all([lock(locked), lock(me)]);
      await api.postJson(`/api/v1/accounts/${locked.account.id}/follow`, { reblogs: false, notify: true, languages: ['en'] }, { token: me.token });
      await api.post(`/api/v1/accounts/${me.account.id}/follow`, { token: asker.token });
      await api.post(`/api/v1/accounts/${blocked.account.id}/block`, { token: me.token });
      await api.post(`/api/v1/accounts/${me.account.id}/block`, { token: blocked.token });
      await api.postJson(`/api/v1/accounts/${muted.account.id}/mute`, { notifications: false }, { token: me.token });
      await api.post(`/api/v1/accounts/${followed.account.id}/pin`, { token: me.token });
      await api.postJson(`/api/v1/accounts/${followed.account.id}/note`, { comment: 'an old friend' }, { token: me.token });

      const response = await api.get('/api/v1/accounts/relationships', {
        token: me.token,
        query: { id: [locked.account.id, asker.account.id, blocked.account.id, muted.account.id, followed.account.id] },
      });

      expectJson(response, 200);
      expect(response.body).toEqual([
        relationship(locked.account.id, { requested: true, showing_reblogs: false, notifying: true, languages: ['en'] }),
        relationship(asker.account.id, { requested_by: true }),
        relationship(blocked.account.id, { blocking: true, blocked_by: true }),
        relationship(muted.account.id, { muting: true }),
        relationship(followed.account.id, { following: true, showing_reblogs: true, notifying: true, endorsed: true, note: 'an old friend' }),
      ]);
    });
  });

  describe('without ids', () => {
    it('answers 200 with an empty array', async () => {
      const response = await api.get('/api/v1/accounts/relationships', { token: me.token });

      expectJson(response, 200);
      expect(response.body).toEqual([]);
    });
  });

  describe('with a token of scope read:follows', () => {
    it('answers 200', async () => {
      const token = await rig.passwordToken(await rig.registerApp('read:follows'), me.email, me.password, 'read:follows');

      expectJson(await api.get('/api/v1/accounts/relationships', { token, query: { id: [followed.account.id] } }), 200);
    });
  });

  describe('with a token of scope read:accounts only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(await rig.registerApp('read:accounts'), me.email, me.password, 'read:accounts');

      expectError(await api.get('/api/v1/accounts/relationships', { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with an app token', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      expectError(await api.get('/api/v1/accounts/relationships', { token: await rig.appToken(me.app, 'read') }), 422, USER_REQUIRED);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/accounts/relationships'));
    });
  });
});
