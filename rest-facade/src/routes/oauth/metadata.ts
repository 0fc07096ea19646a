/**
 * GET /.well-known/oauth-authorization-server: RFC 8414 metadata (endpoints, scopes, grant types,
 * PKCE methods). Public, cacheable. docs/api/oauth.md#metadata.
 */
import { run } from '../../http/context.js';
import type { Route } from '../route.js';
import { GetOAuthServerMetadata } from '../../gql/operations.js';

export const oauthMetadataRoutes: Route[] = [
  {
    method: 'get',
    path: '/.well-known/oauth-authorization-server',
    scopes: 'none',
    doc: { summary: 'OAuth 2 authorization server metadata (RFC 8414)', responds: 'OAuthServerMetadata' },
    async handle(services, req, res) {
      const data = await run(services, req, res, GetOAuthServerMetadata);
      const base = services.config.publicUrl;
      const metadata = data.oauthServerMetadata;
      res.setHeader('Cache-Control', 'public, max-age=900');
      res.json({
        issuer: `${base}/`,
        service_documentation: 'https://docs.joinmastodon.org/',
        authorization_endpoint: `${base}/oauth/authorize`,
        token_endpoint: `${base}/oauth/token`,
        app_registration_endpoint: `${base}/api/v1/apps`,
        revocation_endpoint: `${base}/oauth/revoke`,
        userinfo_endpoint: `${base}/oauth/userinfo`,
        scopes_supported: metadata.scopesSupported,
        response_types_supported: metadata.responseTypesSupported,
        response_modes_supported: metadata.responseModesSupported,
        grant_types_supported: metadata.grantTypesSupported,
        token_endpoint_auth_methods_supported: metadata.tokenEndpointAuthMethodsSupported,
        code_challenge_methods_supported: metadata.codeChallengeMethodsSupported,
      });
    },
  },
];
