// POST /oauth/revoke (RFC 7009). docs/api/oauth.md#revoke.
import type { ApiResponse, TestUser } from '@social/testkit';
import { expectJson, expectOAuthError } from '../support/expectations';
import { api, rig } from '../support/server';

const NOT_AUTHORIZED_TO_REVOKE = 'You are not authorized to revoke this token';

/** A revoked token is refused with 401; Doorkeeper words it either way. */
async function expectRefused(request: Promise<ApiResponse>): Promise<void> {
  const response = await request;
  expectJson(response, 401);
  expect(response.body).toEqual({ error: expect.stringMatching(/^The access token (is invalid|was revoked)$/) });
}

describe('POST /oauth/revoke', () => {
  describe("with the token's own client credentials", () => {
    let user: TestUser;
    let revokeResponse: ApiResponse;

    beforeAll(async () => {
      user = await rig.newUser('revoked');
      revokeResponse = await api.postForm('/oauth/revoke', {
        client_id: user.app.client_id,
        client_secret: user.app.client_secret,
        token: user.token,
      });
    });

    it('answers 200 with an empty JSON object', () => {
      expectJson(revokeResponse, 200);
      expect(revokeResponse.body).toEqual({});
    });

    it('makes GET /api/v1/accounts/verify_credentials answer 401 for the token', async () => {
      await expectRefused(api.get('/api/v1/accounts/verify_credentials', { token: user.token }));
    });

    it('makes POST /api/v1/statuses answer 401 for the token', async () => {
      await expectRefused(api.postForm('/api/v1/statuses', { status: 'after revocation' }, { token: user.token }));
    });

    it('answers 200 {} when the same token is revoked again', async () => {
      const response = await api.postForm('/oauth/revoke', {
        client_id: user.app.client_id,
        client_secret: user.app.client_secret,
        token: user.token,
      });

      expectJson(response, 200);
      expect(response.body).toEqual({});
    });

    it("leaves the user's other tokens working", async () => {
      const other = await rig.passwordToken(user.app, user.email);

      const response = await api.get('/api/v1/accounts/verify_credentials', { token: other });

      expectJson(response, 200);
    });
  });

  describe('with an app token (client_credentials) and its client credentials', () => {
    it('answers 200 {}, after which GET /api/v1/apps/verify_credentials refuses the token with 401', async () => {
      const app = await rig.registerApp('read');
      const token = await rig.appToken(app, 'read');

      const response = await api.postForm('/oauth/revoke', { client_id: app.client_id, client_secret: app.client_secret, token });

      expectJson(response, 200);
      expect(response.body).toEqual({});
      await expectRefused(api.get('/api/v1/apps/verify_credentials', { token }));
    });
  });

  describe('with an unknown token', () => {
    it('answers 200 {} (RFC 7009 2.2)', async () => {
      const app = await rig.registerApp('read');

      const response = await api.postForm('/oauth/revoke', { client_id: app.client_id, client_secret: app.client_secret, token: 'never-issued' });

      expectJson(response, 200);
      expect(response.body).toEqual({});
    });
  });

  describe('with the credentials of another client', () => {
    let user: TestUser;

    beforeAll(async () => {
      user = await rig.newUser('wrongclient');
    });

    it('answers 403 unauthorized_client', async () => {
      const stranger = await rig.registerApp('read');

      const response = await api.postForm('/oauth/revoke', {
        client_id: stranger.client_id,
        client_secret: stranger.client_secret,
        token: user.token,
      });

      expectOAuthError(response, 403, 'unauthorized_client', NOT_AUTHORIZED_TO_REVOKE);
    });

    it('leaves the token working', async () => {
      const response = await api.get('/api/v1/accounts/verify_credentials', { token: user.token });

      expectJson(response, 200);
    });
  });

  describe('with a wrong client secret', () => {
    it('answers 403 unauthorized_client', async () => {
      const user = await rig.newUser('badsecret');

      const response = await api.postForm('/oauth/revoke', { client_id: user.app.client_id, client_secret: 'wrong', token: user.token });

      expectOAuthError(response, 403, 'unauthorized_client', NOT_AUTHORIZED_TO_REVOKE);
    });
  });

  describe('without client credentials', () => {
    it('answers 403 unauthorized_client', async () => {
      const user = await rig.newUser('nocreds');

      const response = await api.postForm('/oauth/revoke', { token: user.token });

      expectOAuthError(response, 403, 'unauthorized_client', NOT_AUTHORIZED_TO_REVOKE);
    });
  });
});
