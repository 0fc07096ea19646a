// GET and POST /oauth/userinfo: the token's user as OpenID Connect claims. docs/api/oauth.md#userinfo.
import type { TestUser } from '@social/testkit';
import { OUTSIDE_SCOPES, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../support/expectations';
import { api, baseUrl, rig } from '../support/server';

describe('GET /oauth/userinfo', () => {
  let user: TestUser;
  let profileToken: string;

  beforeAll(async () => {
    user = await rig.newUser('claims');
    profileToken = await rig.passwordToken(await rig.registerApp('profile'), user.email, user.password, 'profile');
  });

  describe('with a user token of scope profile', () => {
    it.each(['get', 'post'] as const)('answers 200 with the claims (%s)', async (method) => {
      const response = method === 'get' ? await api.get('/oauth/userinfo', { token: profileToken }) : await api.post('/oauth/userinfo', { token: profileToken });

      expectJson(response, 200);
      expect(response.body).toEqual({
        iss: `${baseUrl}/`,
        sub: user.account.uri,
        name: '',
        preferred_username: user.username,
        profile: `${baseUrl}/@${user.username}`,
        picture: `${baseUrl}/avatars/original/missing.png`,
      });
    });
  });

  describe('with a token of scope read (profile is not covered by read)', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      expectError(await api.get('/oauth/userinfo', { token: user.token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with an app token of scope profile', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const app = await rig.registerApp('profile');

      expectError(await api.get('/oauth/userinfo', { token: await rig.appToken(app, 'profile') }), 422, USER_REQUIRED);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/oauth/userinfo'));
    });
  });
});
