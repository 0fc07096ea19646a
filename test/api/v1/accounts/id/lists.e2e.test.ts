// GET /api/v1/accounts/:id/lists: the caller's lists that contain an account.
// docs/api/timelines.md#lists (read, read:lists); Mastodon's Accounts::ListsController.
import type { TestUser } from '@social/testkit';
import { gql } from '../../../../support/graphql';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../../support/expectations';
import { api, rig } from '../../../../support/server';

describe('GET /api/v1/accounts/:id/lists', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let lists: Array<{ id: string; title: string }>;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([rig.newUser('alice'), rig.newUser('bob'), rig.newUser('carol')]);
    expectJson(await api.post(`/api/v1/accounts/${bob.account.id}/follow`, { token: alice.token }), 200);
    lists = [];
    for (const title of ['Friends', 'Work', 'Empty']) lists.push((await api.postJson<{ id: string; title: string }>('/api/v1/lists', { title }, { token: alice.token })).body);
    for (const list of lists.slice(0, 2)) {
      expectJson(await api.postJson(`/api/v1/lists/${list.id}/accounts`, { account_ids: [bob.account.id] }, { token: alice.token }), 200);
    }
    // Carol's own list with Bob in it is not Alice's business.
    await api.post(`/api/v1/accounts/${bob.account.id}/follow`, { token: carol.token });
    const theirs = (await api.postJson('/api/v1/lists', { title: 'Carol\'s' }, { token: carol.token })).body;
    await api.postJson(`/api/v1/lists/${theirs.id}/accounts`, { account_ids: [bob.account.id] }, { token: carol.token });
  });

  it("answers the caller's lists containing the account, oldest first, as List entities", async () => {
    const response = await api.get(`/api/v1/accounts/${bob.account.id}/lists`, { token: alice.token });

    expectJson(response, 200);
    expect(response.body).toEqual([
      { id: lists[0]!.id, title: 'Friends', replies_policy: 'list', exclusive: false },
      { id: lists[1]!.id, title: 'Work', replies_policy: 'list', exclusive: false },
    ]);
  });

  it('answers [] for an account in none of them', async () => {
    expect((await api.get(`/api/v1/accounts/${carol.account.id}/lists`, { token: alice.token })).body).toEqual([]);
  });

  it('answers 404 for an unknown account', async () => {
    expectError(await api.get('/api/v1/accounts/1234567890123/lists', { token: alice.token }), 404, RECORD_NOT_FOUND);
  });

  it('answers 403 without read:lists, 422 with an app token, 401 without a token', async () => {
    const app = await rig.registerApp('read:accounts');
    expectError(await api.get(`/api/v1/accounts/${bob.account.id}/lists`, { token: await rig.passwordToken(app, alice.email, alice.password, 'read:accounts') }), 403, OUTSIDE_SCOPES);
    expectError(await api.get(`/api/v1/accounts/${bob.account.id}/lists`, { token: await rig.appToken(await rig.registerApp('read'), 'read') }), 422, USER_REQUIRED);
    expectInvalidToken(await api.get(`/api/v1/accounts/${bob.account.id}/lists`));
  });

  it('answers the same lists as GraphQL Account.lists', async () => {
    const read = await gql('query L($id: ID!) { account(id: $id) { lists { title } } }', { id: bob.account.id }, alice.token);
    expect(read.errors).toBeUndefined();
    expect(read.data?.account.lists).toEqual([{ title: 'Friends' }, { title: 'Work' }]);
  });
});
