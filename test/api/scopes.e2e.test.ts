// Scopes on every operation, table-driven: for each route of the facade's route table
// (including any added later), a token lacking every scope the route declares gets 403
// "This action is outside the authorized scopes", no token gets 401 where a token is
// required, and a token with just one declared scope passes the scope check.
// docs/api/oauth.md#scopes (top-level scopes cover their granular ones); docs/api/errors.md.
import type { CredentialApplication, MastodonToken } from '@social/testkit';
import { INVALID_TOKEN, JSON_CONTENT_TYPE, OUTSIDE_SCOPES } from '../support/expectations';
import { isPublic, isRequired, label, probe, routes, type Route } from '../support/route-table';
import { api, baseUrl, rig } from '../support/server';
import { describeOnEmbeddedAndMulti } from '../support/targets';

const tokenRoutes = routes.filter((route) => isRequired(route.scopes) && route.scopes.required !== 'any');
const anyTokenRoutes = routes.filter((route) => isRequired(route.scopes) && route.scopes.required === 'any');
const publicRoutes = routes.filter((route) => isPublic(route.scopes));

function accepted(route: Route): readonly string[] {
  const scopes = route.scopes;
  if (isPublic(scopes)) return scopes.public;
  if (isRequired(scopes) && scopes.required !== 'any') return scopes.required;
  return [];
}

/**
 * The moderators' routes check the user's role after the scope (docs/api/moderation.md): this suite's
 * user has none, so passing the scope check answers 403 "This action is not allowed", never the scope error.
 */
const isAdminRoute = (route: Route) => route.path.startsWith('/api/v1/admin/') || route.path.startsWith('/api/v2/admin/');
const NOT_ALLOWED = 'This action is not allowed';

function tokenKind(route: Route): 'user' | 'app' {
  return isRequired(route.scopes) && route.scopes.as === 'app' ? 'app' : 'user';
}

let allScopes: string[];
let app: CredentialApplication;
let user: { email: string; password: string };
const tokens = new Map<string, Promise<string>>();

/** A token of exactly these scopes, for the user or for the app alone; one per distinct set. */
function tokenOf(kind: 'user' | 'app', scopes: readonly string[]): Promise<string> {
  const scope = [...scopes].sort().join(' ');
  const key = `${kind} ${scope}`;
  if (!tokens.has(key)) {
    const fields = kind === 'user'
      ? { grant_type: 'password', username: user.email, password: user.password }
      : { grant_type: 'client_credentials' };
    tokens.set(key, api.postForm<MastodonToken>('/oauth/token', { ...fields, client_id: app.client_id, client_secret: app.client_secret, scope })
      .then((response) => {
        if (response.status !== 200) throw new Error(`token for "${scope}" answered ${response.status}: ${response.text}`);
        return response.body.access_token;
      }));
  }
  return tokens.get(key) as Promise<string>;
}

/** Every scope the server knows except those the route accepts. */
function lacking(route: Route): string[] {
  const refused = new Set(accepted(route));
  return allScopes.filter((scope) => !refused.has(scope));
}

beforeAll(async () => {
  const metadata = await api.get<{ scopes_supported: string[] }>('/.well-known/oauth-authorization-server');
  allScopes = metadata.body.scopes_supported;
  app = await rig.registerApp(allScopes.join(' '));
  const signedUp = await rig.newUser('scopes', allScopes.join(' '));
  user = { email: signedUp.email, password: signedUp.password };
});

describeOnEmbeddedAndMulti('the route table', () => {
  it('declares only scopes the server knows', () => {
    const known = new Set(allScopes);
    const unknown = routes.flatMap((route) => accepted(route).filter((scope) => !known.has(scope)).map((scope) => `${label(route)}: ${scope}`));

    expect(unknown).toEqual([]);
  });

  it('covers every route with a declaration', () => {
    expect(routes.filter((route) => route.scopes === undefined).map(label)).toEqual([]);
    expect(tokenRoutes.length + publicRoutes.length).toBeGreaterThan(0);
  });
});

describeOnEmbeddedAndMulti.each(tokenRoutes.map((route) => [label(route), route] as const))('%s (token required)', (_name, route) => {
  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      const response = await probe(baseUrl, route);

      expect(response).toEqual({ status: 401, contentType: expect.stringMatching(JSON_CONTENT_TYPE), body: { error: INVALID_TOKEN } });
    });
  });

  describe('with a token lacking every scope it accepts', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const response = await probe(baseUrl, route, await tokenOf(tokenKind(route), lacking(route)));

      expect(response).toEqual({ status: 403, contentType: expect.stringMatching(JSON_CONTENT_TYPE), body: { error: OUTSIDE_SCOPES } });
    });
  });

  describe.each(accepted(route).map((scope) => [scope]))('with a token of scope %s only', (scope) => {
    it('passes the token and scope checks', async () => {
      const response = await probe(baseUrl, route, await tokenOf(tokenKind(route), [scope]));

      if (isAdminRoute(route)) {
        expect(response).toEqual({ status: 403, contentType: expect.stringMatching(JSON_CONTENT_TYPE), body: { error: NOT_ALLOWED } });
        return;
      }
      expect([401, 403]).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
    });
  });
});

describeOnEmbeddedAndMulti.each(publicRoutes.map((route) => [label(route), route] as const))('%s (public)', (_name, route) => {
  describe('without a token', () => {
    it('is not refused for want of a token', async () => {
      const response = await probe(baseUrl, route);

      expect([401, 403]).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
    });
  });

  describe('with a token lacking every scope it accepts', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const response = await probe(baseUrl, route, await tokenOf('user', lacking(route)));

      expect(response).toEqual({ status: 403, contentType: expect.stringMatching(JSON_CONTENT_TYPE), body: { error: OUTSIDE_SCOPES } });
    });
  });

  describe.each(accepted(route).map((scope) => [scope]))('with a token of scope %s only', (scope) => {
    it('passes the scope check', async () => {
      const response = await probe(baseUrl, route, await tokenOf('user', [scope]));

      expect([401, 403]).not.toContain(response.status);
      expect(response.status).toBeLessThan(500);
    });
  });
});

describeOnEmbeddedAndMulti.each(anyTokenRoutes.map((route) => [label(route), route] as const))('%s (any valid token)', (_name, route) => {
  it('answers 401 without a token', async () => {
    expect((await probe(baseUrl, route)).status).toBe(401);
  });

  it('answers 200 with a token of any single scope', async () => {
    expect((await probe(baseUrl, route, await tokenOf('user', ['push']))).status).toBe(200);
  });
});

// Status edits (docs/api/edits.md): PUT needs write:statuses, history and source read:statuses; history is public like the status.
describeOnEmbeddedAndMulti('the status edit routes', () => {
  const find = (name: string) => routes.find((route) => label(route) === name) as Route;

  it.each([
    ['PUT /api/v1/statuses/:id', 'write:statuses', 'token'],
    ['GET /api/v1/statuses/:id/history', 'read:statuses', 'public'],
    ['GET /api/v1/statuses/:id/source', 'read:statuses', 'token'],
  ])('%s accepts %s (%s)', (name, scope, kind) => {
    const route = find(name);
    expect(route).toBeDefined();
    expect(accepted(route)).toContain(scope);
    expect(kind === 'public' ? isPublic(route.scopes) : isRequired(route.scopes)).toBe(true);
  });
});
