// POST /api/v1/accounts/:id/follow and /unfollow, with the counters they keep.
// docs/api/accounts.md#follows (follow, write, write:follows); Mastodon's AccountsController#follow, FollowService, RelationshipSerializer.
import type { TestUser } from '@social/testkit';
import { expectedAccount } from '../../../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../../support/expectations';
import { api, baseUrl, rig } from '../../../../support/server';

/** The Relationship of a plain follow of an unlocked account. */
function relationship(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    following: false,
    showing_reblogs: false,
    notifying: false,
    languages: null,
    followed_by: false,
    blocking: false,
    blocked_by: false,
    muting: false,
    muting_notifications: false,
    muting_expires_at: null,
    requested: false,
    requested_by: false,
    domain_blocking: false,
    endorsed: false,
    note: '',
    ...overrides,
  };
}

const FOLLOWING = { following: true, showing_reblogs: true };

async function counters(user: TestUser) {
  const response = await api.get(`/api/v1/accounts/${user.account.id}`);
  return { followers: response.body.followers_count, following: response.body.following_count };
}

describe('POST /api/v1/accounts/:id/follow', () => {
  describe('with a user token, for an account not yet followed', () => {
    let alice: TestUser;
    let bob: TestUser;

    beforeAll(async () => {
      [alice, bob] = await Promise.all([rig.newUser('alice'), rig.newUser('bob')]);
    });

    it('answers 200 with the Relationship: following, showing boosts, not notifying', async () => {
      const response = await api.post(`/api/v1/accounts/${bob.account.id}/follow`, { token: alice.token });

      expectJson(response, 200);
      expect(response.body).toEqual(relationship(bob.account.id, FOLLOWING));
    });

    it("counts one follower for the followed account and one followed account for the follower", async () => {
      const response = await api.get(`/api/v1/accounts/${bob.account.id}`);

      expect(response.body).toEqual(expectedAccount(baseUrl, { id: bob.account.id, username: bob.username }, { followers_count: 1 }));
      expect(await counters(alice)).toEqual({ followers: 0, following: 1 });
    });

    it('shows followed_by to the followed account when it follows back', async () => {
      const response = await api.post(`/api/v1/accounts/${alice.account.id}/follow`, { token: bob.token });

      expect(response.body).toEqual(relationship(alice.account.id, { ...FOLLOWING, followed_by: true }));
      expect(await counters(alice)).toEqual({ followers: 1, following: 1 });
      expect(await counters(bob)).toEqual({ followers: 1, following: 1 });
    });
  });

  describe('for an account already followed', () => {
    it('answers 200 with the same Relationship and keeps the counters at 1', async () => {
      const [carol, dave] = await Promise.all([rig.newUser('carol'), rig.newUser('dave')]);
      await api.post(`/api/v1/accounts/${dave.account.id}/follow`, { token: carol.token });

      const response = await api.post(`/api/v1/accounts/${dave.account.id}/follow`, { token: carol.token });

      expectJson(response, 200);
      expect(response.body).toEqual(relationship(dave.account.id, FOLLOWING));
      expect(await counters(dave)).toEqual({ followers: 1, following: 0 });
      expect(await counters(carol)).toEqual({ followers: 0, following: 1 });
    });
  });

  describe('ten times at once', () => {
    it('makes one follow: each counter is exactly 1', async () => {
      const [erin, frank] = await Promise.all([rig.newUser('erin'), rig.newUser('frank')]);

      const responses = await Promise.all(
        Array.from({ length: 10 }, () => api.post(`/api/v1/accounts/${frank.account.id}/follow`, { token: erin.token })),
      );

      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      expect(await counters(frank)).toEqual({ followers: 1, following: 0 });
      expect(await counters(erin)).toEqual({ followers: 0, following: 1 });
    });
  });

  describe('by two accounts following each other at the same moment, five pairs at once', () => {
    it('answers 200 to all and counts exactly one follower and one followed account each', async () => {
      const pairs = await Promise.all(Array.from({ length: 5 }, async () => Promise.all([rig.newUser('cross'), rig.newUser('cross')])));

      const responses = await Promise.all(pairs.flatMap(([a, b]) => [
        api.post(`/api/v1/accounts/${b.account.id}/follow`, { token: a.token }),
        api.post(`/api/v1/accounts/${a.account.id}/follow`, { token: b.token }),
      ]));

      expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
      for (const user of pairs.flat()) expect(await counters(user)).toEqual({ followers: 1, following: 1 });
    });
  });

  describe('with reblogs=false and notify=true (JSON body, masto.js)', () => {
    let grace: TestUser;
    let heidi: TestUser;

    beforeAll(async () => {
      [grace, heidi] = await Promise.all([rig.newUser('grace'), rig.newUser('heidi')]);
    });

    it('answers the Relationship with showing_reblogs false and notifying true', async () => {
      const response = await api.postJson(`/api/v1/accounts/${heidi.account.id}/follow`, { reblogs: false, notify: true }, { token: grace.token });

      expectJson(response, 200);
      expect(response.body).toEqual(relationship(heidi.account.id, { following: true, notifying: true }));
    });

    it('keeps the options when followed again without them', async () => {
      const response = await api.post(`/api/v1/accounts/${heidi.account.id}/follow`, { token: grace.token });

      expect(response.body).toEqual(relationship(heidi.account.id, { following: true, notifying: true }));
    });

    it('changes only the option given when followed again with it (form body)', async () => {
      const response = await api.postForm(`/api/v1/accounts/${heidi.account.id}/follow`, { reblogs: 'true' }, { token: grace.token });

      expect(response.body).toEqual(relationship(heidi.account.id, { ...FOLLOWING, notifying: true }));
      expect(await counters(heidi)).toEqual({ followers: 1, following: 0 });
    });
  });

  describe('for oneself', () => {
    it('answers 404 Record not found', async () => {
      const ivan = await rig.newUser('ivan');

      expectError(await api.post(`/api/v1/accounts/${ivan.account.id}/follow`, { token: ivan.token }), 404, RECORD_NOT_FOUND);
      expect(await counters(ivan)).toEqual({ followers: 0, following: 0 });
    });
  });

  describe('for an account that does not exist', () => {
    it.each(['1234567890123', 'not-a-number'])('answers 404 Record not found for id %s', async (id) => {
      const judy = await rig.newUser('judy');

      expectError(await api.post(`/api/v1/accounts/${id}/follow`, { token: judy.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with a token of the legacy scope follow only', () => {
    it('answers 200', async () => {
      const [mallory, niaj] = await Promise.all([rig.newUser('mallory'), rig.newUser('niaj')]);
      const token = await rig.passwordToken(mallory.app, mallory.email, mallory.password, 'follow');

      const response = await api.post(`/api/v1/accounts/${niaj.account.id}/follow`, { token });

      expectJson(response, 200);
      expect(response.body).toEqual(relationship(niaj.account.id, FOLLOWING));
    });
  });

  describe('with a token of scope read only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const [olivia, peggy] = await Promise.all([rig.newUser('olivia'), rig.newUser('peggy')]);
      const token = await rig.passwordToken(olivia.app, olivia.email, olivia.password, 'read');

      expectError(await api.post(`/api/v1/accounts/${peggy.account.id}/follow`, { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with an app token', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const target = await rig.newUser('target');
      const app = await rig.registerApp('read write follow');

      expectError(await api.post(`/api/v1/accounts/${target.account.id}/follow`, { token: await rig.appToken(app, 'write') }), 422, USER_REQUIRED);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/accounts/1/follow'));
    });
  });
});

describe('POST /api/v1/accounts/:id/unfollow', () => {
  describe('for a followed account', () => {
    let rupert: TestUser;
    let sybil: TestUser;

    beforeAll(async () => {
      [rupert, sybil] = await Promise.all([rig.newUser('rupert'), rig.newUser('sybil')]);
      await api.post(`/api/v1/accounts/${sybil.account.id}/follow`, { token: rupert.token });
      await api.post(`/api/v1/accounts/${rupert.account.id}/follow`, { token: sybil.token });
    });

    it('answers 200 with the Relationship no longer following, still followed by', async () => {
      const response = await api.post(`/api/v1/accounts/${sybil.account.id}/unfollow`, { token: rupert.token });

      expectJson(response, 200);
      expect(response.body).toEqual(relationship(sybil.account.id, { followed_by: true }));
    });

    it('takes one off both counters', async () => {
      expect(await counters(sybil)).toEqual({ followers: 0, following: 1 });
      expect(await counters(rupert)).toEqual({ followers: 1, following: 0 });
    });

    it('answers 200 again when unfollowed twice, the counters unchanged', async () => {
      const response = await api.post(`/api/v1/accounts/${sybil.account.id}/unfollow`, { token: rupert.token });

      expectJson(response, 200);
      expect(response.body).toEqual(relationship(sybil.account.id, { followed_by: true }));
      expect(await counters(sybil)).toEqual({ followers: 0, following: 1 });
      expect(await counters(rupert)).toEqual({ followers: 1, following: 0 });
    });
  });

  describe('ten times at once after one follow', () => {
    it('removes the one follow: the counters are exactly 0', async () => {
      const [trent, uma] = await Promise.all([rig.newUser('trent'), rig.newUser('uma')]);
      await api.post(`/api/v1/accounts/${uma.account.id}/follow`, { token: trent.token });

      await Promise.all(Array.from({ length: 10 }, () => api.post(`/api/v1/accounts/${uma.account.id}/unfollow`, { token: trent.token })));

      expect(await counters(uma)).toEqual({ followers: 0, following: 0 });
      expect(await counters(trent)).toEqual({ followers: 0, following: 0 });
    });
  });

  describe('for an account that does not exist', () => {
    it('answers 404 Record not found', async () => {
      const victor = await rig.newUser('victor');

      expectError(await api.post('/api/v1/accounts/1234567890123/unfollow', { token: victor.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/accounts/1/unfollow'));
    });
  });
});
