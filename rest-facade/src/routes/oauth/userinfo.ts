/**
 * GET and POST /oauth/userinfo: the token's user as OpenID Connect claims (iss, sub, name,
 * preferred_username, profile, picture). Scope profile only, user token. 200; 401, 403, 422. docs/api/oauth.md#userinfo.
 */
import { run } from '../../http/context.js';
import type { Route } from '../route.js';
import { GetUserInfo } from '../../gql/operations.js';

const userInfoRoute = (method: 'get' | 'post'): Route => ({
  method,
  path: '/oauth/userinfo',
  scopes: { required: ['profile'], as: 'user' },
  doc: { summary: "The token's user as OpenID Connect claims", responds: 'UserInfo' },
  async handle(services, req, res) {
    const data = await run(
      services, req, res, GetUserInfo,
    );
    const user = data.userInfo;
    res.json({
      iss: `${services.config.publicUrl}/`,
      sub: user.uri,
      name: user.displayName,
      preferred_username: user.username,
      profile: user.url,
      picture: user.avatar,
    });
  },
});

export const userInfoRoutes: Route[] = [userInfoRoute('get'), userInfoRoute('post')];
