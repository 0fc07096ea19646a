// GET /api/v1/accounts/familiar_followers?id[]=: for each account, its followers whom the user follows
// (Phanpy's and Ice Cubes' "followed by" line on a profile).
// Mastodon's Api::V1::Accounts::FamiliarFollowersController, FamiliarFollowersPresenter.
import type { TestUser } from '@social/testkit';
import { expectedAccount } from '../../../support/entities';
import { OUTSIDE_SCOPES, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { api, baseUrl, rig } from '../../../support/server';

async function follow(follower: TestUser, target: TestUser): Promise<void> {
  expectJson(await api.post(`/api/v1/accounts/${target.account.id}/follow`, { token: follower.token }), 200);
}

describe('GET /api/v1/accounts/familiar_followers', () => {
  let me: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let erin: TestUser;
  let target: TestUser;
  let loner: TestUser;

  beforeAll(async () => {
    [me, carol, dave, erin, target, loner] = await Promise.all(['me', 'carol', 'dave', 'erin', 'target', 'loner'].map((name) => rig.newUser(name)));
    await follow(me, carol);
    await follow(me, dave);
    // Carol, then Dave, then Erin (whom I do not follow) follow the target.
    await follow(carol, target);
    await follow(dave, target);
    await follow(erin, target);
    await follow(carol, loner);
  });

  const shown = (user: TestUser, counts: { followers: number; following: number }) =>
    expectedAccount(baseUrl, { id: user.account.id, username: user.username }, { followers_count: counts.followers, following_count: counts.following });

  describe('for an account followed by two people I follow and one I do not', () => {
    it('answers 200 with those two, newest follow first', async () => {
      const response = await api.get('/api/v1/accounts/familiar_followers', { token: me.token, query: { id: [target.account.id] } });

      expectJson(response, 200);
      expect(response.body).toEqual([
        { id: target.account.id, accounts: [shown(dave, { followers: 1, following: 1 }), shown(carol, { followers: 1, following: 2 })] },
      ]);
    });
  });

  describe('for several accounts, with unknown, malformed and repeated ids', () => {
    it('answers each known account once, in the order asked, an empty list where none is familiar', async () => {
      const response = await api.get('/api/v1/accounts/familiar_followers', {
        token: me.token,
        query: { id: [erin.account.id, '1234567890123', loner.account.id, 'abc', target.account.id, erin.account.id] },
      });

      expectJson(response, 200);
      expect((response.body as unknown as Array<{ id: string; accounts: Array<{ username: string }> }>).map((entry) => [entry.id, entry.accounts.map((a) => a.username)])).toEqual([
        [erin.account.id, []],
        [loner.account.id, [carol.username]],
        [target.account.id, [dave.username, carol.username]],
      ]);
    });
  });

  describe('with one id as a plain parameter', () => {
    it('answers an array of one', async () => {
      const response = await api.get(`/api/v1/accounts/familiar_followers?id=${loner.account.id}`, { token: me.token });

      expectJson(response, 200);
      expect(response.body).toEqual([{ id: loner.account.id, accounts: [shown(carol, { followers: 1, following: 2 })] }]);
    });
  });

  describe('without ids', () => {
    it('answers 200 with an empty array', async () => {
      const response = await api.get('/api/v1/accounts/familiar_followers', { token: me.token });

      expectJson(response, 200);
      expect(response.body).toEqual([]);
    });
  });

  describe('with a token of scope read:follows', () => {
    it('answers 200', async () => {
      const token = await rig.passwordToken(await rig.registerApp('read:follows'), me.email, me.password, 'read:follows');

      expectJson(await api.get('/api/v1/accounts/familiar_followers', { token, query: { id: [target.account.id] } }), 200);
    });
  });

  describe('with a token of scope read:accounts only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(await rig.registerApp('read:accounts'), me.email, me.password, 'read:accounts');

      expectError(await api.get('/api/v1/accounts/familiar_followers', { token, query: { id: [target.account.id] } }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with an app token', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      expectError(await api.get('/api/v1/accounts/familiar_followers', { token: await rig.appToken(me.app, 'read') }), 422, USER_REQUIRED);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/accounts/familiar_followers', { query: { id: [target.account.id] } }));
    });
  });
});
