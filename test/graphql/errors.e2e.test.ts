// The refusal vocabulary of /graphql: a token problem is UNAUTHENTICATED or FORBIDDEN (never
// BAD_USER_INPUT), with extensions.reason telling which FORBIDDEN; the REST facade keeps
// Mastodon's statuses and bodies for the same refusals.
import type { TestUser } from '@social/testkit';
import { INVALID_TOKEN, USER_REQUIRED, expectError, expectInvalidToken } from '../support/expectations';
import { api, rig } from '../support/server';
import { gql } from '../support/graphql';

const HOME = `{ homeTimeline(limit: 1) { items { id } } }`;

describe('token refusals on /graphql and on REST', () => {
  let user: TestUser;
  let appToken: string;

  beforeAll(async () => {
    user = await rig.newUser('gqlerrors');
    appToken = await rig.appToken(user.app, 'read write');
  });

  it('refuses an app token where a user is needed with FORBIDDEN, reason USER_TOKEN_REQUIRED; REST still answers 422', async () => {
    const response = await gql(HOME, {}, appToken);
    expect(response.data).toBeNull();
    expect(response.errors).toEqual([
      expect.objectContaining({ message: USER_REQUIRED, extensions: expect.objectContaining({ code: 'FORBIDDEN', reason: 'USER_TOKEN_REQUIRED' }) }),
    ]);
    expectError(await api.get('/api/v1/timelines/home', { token: appToken }), 422, USER_REQUIRED);
  });

  it('refuses the same with a mutation (favourite) and the viewer', async () => {
    const status = await rig.post(user.token, { status: 'for an app token' });
    const favourite = await gql(`mutation F($id: ID!) { favouriteStatus(input: { statusId: $id }) { status { id } } }`, { id: status.id }, appToken);
    expect(favourite.errors?.map((error) => [error.extensions?.code, error.extensions?.reason])).toEqual([['FORBIDDEN', 'USER_TOKEN_REQUIRED']]);
    expectError(await api.post(`/api/v1/statuses/${status.id}/favourite`, { token: appToken }), 422, USER_REQUIRED);
  });

  it('refuses a missing token with UNAUTHENTICATED; REST 401 with the challenge', async () => {
    const response = await gql(HOME);
    expect(response.errors).toEqual([expect.objectContaining({ message: INVALID_TOKEN, extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })]);
    expect(response.errors?.[0]?.extensions?.reason).toBeUndefined();
    expectInvalidToken(await api.get('/api/v1/timelines/home'));
  });

  it('refuses a user token where an app token is needed with FORBIDDEN, reason APP_TOKEN_REQUIRED; REST 403', async () => {
    const input = { username: 'neverregistered', email: 'never@example.com', password: 'correct horse battery staple', agreement: true, locale: 'en' };
    const response = await gql(`mutation R($input: RegisterAccountInput!) { registerAccount(input: $input) { token { accessToken } } }`, { input }, user.token);
    expect(response.errors?.map((error) => [error.extensions?.code, error.extensions?.reason])).toEqual([['FORBIDDEN', 'APP_TOKEN_REQUIRED']]);
    const { agreement, ...fields } = input;
    const rest = await api.postForm('/api/v1/accounts', { ...fields, agreement: String(agreement) }, { token: user.token });
    expectError(rest, 403, 'This method requires an client credentials authentication');
  });
});
