// GET /.well-known/oauth-authorization-server: RFC 8414 metadata. docs/api/oauth.md#metadata.
import { expectJson } from '../support/expectations';
import { api, baseUrl } from '../support/server';
import { describeOnAnyOneTarget } from '../support/targets';

/** Mastodon's scopes_supported, in its order (docs/api/oauth.md#scopes). */
const SCOPES = [
  'read', 'profile', 'write',
  'write:accounts', 'write:blocks', 'write:bookmarks', 'write:collections', 'write:conversations', 'write:favourites',
  'write:filters', 'write:follows', 'write:lists', 'write:media', 'write:mutes', 'write:notifications', 'write:reports', 'write:statuses',
  'read:accounts', 'read:blocks', 'read:bookmarks', 'read:collections', 'read:favourites', 'read:filters', 'read:follows',
  'read:lists', 'read:mutes', 'read:notifications', 'read:search', 'read:statuses',
  'follow', 'push',
  'admin:read', 'admin:read:accounts', 'admin:read:reports', 'admin:read:domain_allows', 'admin:read:domain_blocks',
  'admin:read:ip_blocks', 'admin:read:email_domain_blocks', 'admin:read:canonical_email_blocks',
  'admin:write', 'admin:write:accounts', 'admin:write:reports', 'admin:write:domain_allows', 'admin:write:domain_blocks',
  'admin:write:ip_blocks', 'admin:write:email_domain_blocks', 'admin:write:canonical_email_blocks',
];

describeOnAnyOneTarget('GET /.well-known/oauth-authorization-server', () => {
  describe('without a token', () => {
    it('answers 200 with the endpoints, every scope, the grant types and S256 PKCE, cacheable', async () => {
      const response = await api.get('/.well-known/oauth-authorization-server');

      expectJson(response, 200);
      expect(response.body).toEqual({
        issuer: `${baseUrl}/`,
        service_documentation: 'https://docs.joinmastodon.org/',
        authorization_endpoint: `${baseUrl}/oauth/authorize`,
        token_endpoint: `${baseUrl}/oauth/token`,
        app_registration_endpoint: `${baseUrl}/api/v1/apps`,
        revocation_endpoint: `${baseUrl}/oauth/revoke`,
        userinfo_endpoint: `${baseUrl}/oauth/userinfo`,
        scopes_supported: SCOPES,
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'fragment'],
        grant_types_supported: ['authorization_code', 'password', 'client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        code_challenge_methods_supported: ['S256'],
      });
      expect(response.headers['cache-control']).toBe('public, max-age=900');
      expect(response.headers['access-control-allow-origin']).toBe('*');
    });
  });
});
