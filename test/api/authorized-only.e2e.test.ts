// Authorized-only mode (AUTHORIZED_ONLY=true): the otherwise public operations of the route
// table answer 401 "This API requires an authenticated user" without a user token; routes that
// take no token (registration, OAuth, discovery) stay open. docs/api/oauth.md#authorized-only-mode.
// This file starts its own server of the current target's kind with the setting on, so the
// setting is shown to reach every subgraph process in the split deployment too.
import { client, parseEnvList, startTarget, Testrig, type ApiClient, type RunningTarget } from '@social/testkit';
import { JSON_CONTENT_TYPE } from '../support/expectations';
import { isPublic, label, probe, routes } from '../support/route-table';
import { TARGET, describeOnEmbeddedAndMulti } from '../support/targets';

const REQUIRES_USER = 'This API requires an authenticated user';
const publicRoutes = routes.filter((route) => isPublic(route.scopes));

let target: RunningTarget;
let api: ApiClient;
let rig: Testrig;
let userToken: string;
let appToken: string;

beforeAll(async () => {
  target = await startTarget(TARGET, {
    env: { ...parseEnvList(process.env.E2E_SERVER_ENV), AUTHORIZED_ONLY: 'true' },
  });
  api = client(target.baseUrl);
  rig = new Testrig(api);
  const user = await rig.newUser('walled');
  userToken = user.token;
  appToken = await rig.appToken(user.app, 'read write follow push');
}, 120_000);

afterAll(async () => {
  await target?.stop();
}, 60_000);

describeOnEmbeddedAndMulti.each(publicRoutes.map((route) => [label(route), route] as const))('%s in authorized-only mode', (_name, route) => {
  describe('without a token', () => {
    it('answers 401 This API requires an authenticated user', async () => {
      expect(await probe(target.baseUrl, route)).toEqual({
        status: 401, contentType: expect.stringMatching(JSON_CONTENT_TYPE), body: { error: REQUIRES_USER },
      });
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 401 This API requires an authenticated user', async () => {
      expect(await probe(target.baseUrl, route, appToken)).toEqual({
        status: 401, contentType: expect.stringMatching(JSON_CONTENT_TYPE), body: { error: REQUIRES_USER },
      });
    });
  });

  describe('with a user token', () => {
    it('is not refused', async () => {
      const response = await probe(target.baseUrl, route, userToken);

      expect([401, 403]).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
    });
  });
});

describeOnEmbeddedAndMulti('GET /api/v1/accounts/:id in authorized-only mode', () => {
  it('answers 200 with the Account to a user token', async () => {
    const other = await rig.newUser('seen');

    const response = await api.get(`/api/v1/accounts/${other.account.id}`, { token: userToken });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: other.account.id, username: other.username });
  });
});

describeOnEmbeddedAndMulti('routes that take no token, in authorized-only mode', () => {
  it.each([
    ['GET', '/api/v2/instance'],
    ['GET', '/api/v1/instance'],
    ['GET', '/api/v1/instance/rules'],
    ['GET', '/api/v1/instance/activity'],
    ['GET', '/api/v1/instance/peers'],
    ['GET', '/.well-known/nodeinfo'],
    ['GET', '/.well-known/oauth-authorization-server'],
  ])('%s %s answers 200 without a token', async (method, path) => {
    expect((await api.send(method, path)).status).toBe(200);
  });

  it('POST /api/v1/apps, POST /oauth/token and POST /api/v1/accounts still register, grant and sign up', async () => {
    const user = await rig.newUser('newcomer');

    expect(user.account.username).toBe(user.username);
  });

  it('GET /oauth/authorize still shows the sign-in page', async () => {
    const app = await rig.registerApp('read');

    const response = await api.send('GET', `/oauth/authorize?response_type=code&client_id=${app.client_id}&redirect_uri=urn:ietf:wg:oauth:2.0:oob`);

    expect(response.status).toBe(200);
    expect(response.text).toContain('<h1>Sign in</h1>');
  });
});

describeOnEmbeddedAndMulti('routes that need a token, in authorized-only mode', () => {
  it('GET /api/v1/apps/verify_credentials still answers an app token', async () => {
    expect((await api.get('/api/v1/apps/verify_credentials', { token: appToken })).status).toBe(200);
  });

  it('GET /api/v1/accounts/:id/followers still answers an app token (an authenticated client)', async () => {
    const other = await rig.newUser('followed');

    expect((await api.get(`/api/v1/accounts/${other.account.id}/followers`, { token: appToken })).status).toBe(200);
  });
});
