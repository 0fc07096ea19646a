// Endorsements: POST /api/v1/accounts/:id/pin and /unpin, GET /api/v1/endorsements and /api/v1/accounts/:id/endorsements.
// docs/api/accounts.md#endorsements (write:accounts, read:accounts); Mastodon's Accounts::PinsController, EndorsementsController.
import type { TestUser } from '@social/testkit';
import { gql } from '../../../../support/graphql';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../../support/expectations';
import { api, baseUrl, rig } from '../../../../support/server';

const NOT_FOLLOWING = 'Validation failed: You must be already following the person you want to endorse';

const follow = async (who: TestUser, whom: TestUser) => expectJson(await api.post(`/api/v1/accounts/${whom.account.id}/follow`, { token: who.token }), 200);
const ids = (body: unknown) => (body as Array<{ id: string }>).map((account) => account.id);

describe('POST /api/v1/accounts/:id/pin', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([rig.newUser('alice'), rig.newUser('bob'), rig.newUser('carol')]);
    await follow(alice, bob);
  });

  it('answers 200 with the Relationship endorsed, for an account followed; again changes nothing', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await api.post(`/api/v1/accounts/${bob.account.id}/pin`, { token: alice.token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: bob.account.id, following: true, endorsed: true });
    }
    const relationships = await api.get<Array<{ endorsed: boolean }>>('/api/v1/accounts/relationships', { token: alice.token, query: { id: [bob.account.id] } });
    expect(relationships.body[0].endorsed).toBe(true);
  });

  it('answers 422 for an account not followed, and for oneself', async () => {
    expectError(await api.post(`/api/v1/accounts/${carol.account.id}/pin`, { token: alice.token }), 422, NOT_FOLLOWING);
    expectError(await api.post(`/api/v1/accounts/${alice.account.id}/pin`, { token: alice.token }), 422, NOT_FOLLOWING);
  });

  it('answers 404 for an unknown account', async () => {
    expectError(await api.post('/api/v1/accounts/1234567890123/pin', { token: alice.token }), 404, RECORD_NOT_FOUND);
  });

  it('answers 403 without write:accounts, 422 with an app token, 401 without a token', async () => {
    const app = await rig.registerApp('read write:follows');
    const token = await rig.passwordToken(app, alice.email, alice.password, 'read write:follows');
    expectError(await api.post(`/api/v1/accounts/${bob.account.id}/pin`, { token }), 403, OUTSIDE_SCOPES);
    expectError(await api.post(`/api/v1/accounts/${bob.account.id}/pin`, { token: await rig.appToken(await rig.registerApp('read write'), 'write') }), 422, USER_REQUIRED);
    expectInvalidToken(await api.post(`/api/v1/accounts/${bob.account.id}/pin`));
  });
});

describe('POST /api/v1/accounts/:id/unpin', () => {
  it('answers 200 with the Relationship no longer endorsed, also when it was not', async () => {
    const [dave, erin] = await Promise.all([rig.newUser('dave'), rig.newUser('erin')]);
    await follow(dave, erin);
    await api.post(`/api/v1/accounts/${erin.account.id}/pin`, { token: dave.token });

    for (let i = 0; i < 2; i++) {
      const response = await api.post(`/api/v1/accounts/${erin.account.id}/unpin`, { token: dave.token });
      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: erin.account.id, following: true, endorsed: false });
    }
    expectError(await api.post('/api/v1/accounts/1234567890123/unpin', { token: dave.token }), 404, RECORD_NOT_FOUND);
  });

  it('is implied by unfollowing: only followed accounts stay endorsed', async () => {
    const [frank, grace] = await Promise.all([rig.newUser('frank'), rig.newUser('grace')]);
    await follow(frank, grace);
    await api.post(`/api/v1/accounts/${grace.account.id}/pin`, { token: frank.token });

    expect((await api.post(`/api/v1/accounts/${grace.account.id}/unfollow`, { token: frank.token })).body.endorsed).toBe(false);
    expect((await api.get('/api/v1/endorsements', { token: frank.token })).body).toEqual([]);
  });
});

describe('GET /api/v1/endorsements and /api/v1/accounts/:id/endorsements', () => {
  let star: TestUser;
  let picks: TestUser[];

  beforeAll(async () => {
    star = await rig.newUser('star');
    picks = await Promise.all([rig.newUser('pick'), rig.newUser('pick'), rig.newUser('pick')]);
    for (const pick of picks) {
      await follow(star, pick);
      expectJson(await api.post(`/api/v1/accounts/${pick.account.id}/pin`, { token: star.token }), 200);
    }
  });

  it('answers the endorsed accounts, newest endorsement first, with Link pagination by endorsement', async () => {
    const first = await api.get('/api/v1/endorsements?limit=2', { token: star.token });

    expectJson(first, 200);
    expect(ids(first.body)).toEqual([picks[2]!.account.id, picks[1]!.account.id]);
    expect(first.body[0]).toMatchObject({ username: picks[2]!.username, acct: picks[2]!.username });
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link ?? '')?.[1];
    expect(next).toMatch(new RegExp(`^${baseUrl}/api/v1/endorsements\\?limit=2&max_id=\\d+$`));
    const second = await api.get(new URL(next!).pathname + new URL(next!).search, { token: star.token });
    expect(ids(second.body)).toEqual([picks[0]!.account.id]);
  });

  it('shows anyone, without a token, the accounts an account endorses', async () => {
    const response = await api.get(`/api/v1/accounts/${star.account.id}/endorsements`);

    expectJson(response, 200);
    expect(ids(response.body)).toEqual(picks.map((pick) => pick.account.id).reverse());
    expectError(await api.get('/api/v1/accounts/1234567890123/endorsements'), 404, RECORD_NOT_FOUND);
  });

  it('answers 403 to a token without read:accounts, and 401 without a token for one\'s own', async () => {
    const app = await rig.registerApp('write:accounts');
    const token = await rig.passwordToken(app, star.email, star.password, 'write:accounts');
    expectError(await api.get('/api/v1/endorsements', { token }), 403, OUTSIDE_SCOPES);
    expectError(await api.get(`/api/v1/accounts/${star.account.id}/endorsements`, { token }), 403, OUTSIDE_SCOPES);
    expectInvalidToken(await api.get('/api/v1/endorsements'));
  });

  it('answers the same accounts as GraphQL Account.endorsements, and endorseAccount\'s problems as UserErrors', async () => {
    const read = await gql(`query E($id: ID!) { account(id: $id) { endorsements(first: 2) { edges { node { id } } pageInfo { hasNextPage } } } }`, { id: star.account.id });
    expect(read.errors).toBeUndefined();
    expect(read.data?.account.endorsements).toEqual({ edges: [{ node: { id: picks[2]!.account.id } }, { node: { id: picks[1]!.account.id } }], pageInfo: { hasNextPage: true } });

    const stranger = await rig.newUser('stranger');
    const refused = await gql(`mutation P($input: EndorseAccountInput!) { endorseAccount(input: $input) { relationship { endorsed } errors { code message field } } }`,
      { input: { accountId: stranger.account.id } }, star.token);
    expect(refused.data?.endorseAccount).toEqual({ relationship: null, errors: [{ code: 'INVALID', message: NOT_FOLLOWING, field: ['input', 'accountId'] }] });
  });
});
