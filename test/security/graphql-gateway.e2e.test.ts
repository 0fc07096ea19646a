// Issue #7, security: the GraphQL gateway lets in exactly whom the REST facade lets in. A few
// operations, each beside its REST route, called with no token, an unknown token, a token
// lacking the scope, an app token where a user is needed, and a user who may not see the
// record: the REST status and the GraphQL error code agree (401 UNAUTHENTICATED, 403 FORBIDDEN,
// 422 user required FORBIDDEN with reason USER_TOKEN_REQUIRED, 404 NOT_FOUND), with the same message. Introspection and the Sandbox
// landing page are off with NODE_ENV=production or GRAPHQL_INTROSPECTION=false (own server
// processes, single target only).
import type { ApiResponse, JsonObject, TestUser } from '@social/testkit';
import { gql, type GraphqlResponse } from '../support/graphql';
import * as images from '../support/images';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { api, rig } from '../support/server';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(120_000);

/** The GraphQL error code REST's status stands for. */
// An app token where a user is needed: REST keeps Mastodon's 422, GraphQL says FORBIDDEN (docs/graphql.md#errors).
const CODE_OF_STATUS: Record<number, string> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 422: 'FORBIDDEN' };

interface Operation {
  name: string;
  rest: (token: string | undefined) => Promise<ApiResponse<unknown>>;
  graphql: (token: string | undefined) => Promise<GraphqlResponse>;
  /** A scope set the operation does not accept. */
  wrongScope: string;
}

let owner: TestUser;
let intruder: TestUser;
let privateStatusId: string;
let publicStatusId: string;
let mediaId: string;
let appToken: string;
const scoped = new Map<string, string>();

const OPERATIONS: Operation[] = [
  {
    name: 'viewer / verify_credentials',
    rest: (token) => api.get('/api/v1/accounts/verify_credentials', { token }),
    graphql: (token) => gql('{ viewer { id } }', {}, token),
    wrongScope: 'write',
  },
  {
    name: 'publishStatus / POST statuses',
    rest: (token) => api.postForm('/api/v1/statuses', { status: 'parity' }, { token }),
    graphql: (token) => gql('mutation($input: PublishStatusInput!) { publishStatus(input: $input) { status { id } } }', { input: { status: 'parity' } }, token),
    wrongScope: 'read',
  },
  {
    name: 'favouriteStatus / favourite',
    rest: (token) => api.post(`/api/v1/statuses/${publicStatusId}/favourite`, { token }),
    graphql: (token) => gql('mutation($id: ID!) { favouriteStatus(input: { statusId: $id }) { status { id } } }', { id: publicStatusId }, token),
    wrongScope: 'read',
  },
  {
    name: 'bookmarks / GET bookmarks',
    rest: (token) => api.get('/api/v1/bookmarks', { token }),
    graphql: (token) => gql('{ bookmarks { items { id } } }', {}, token),
    wrongScope: 'write',
  },
  {
    name: 'notifications / GET notifications',
    rest: (token) => api.get('/api/v1/notifications', { token }),
    graphql: (token) => gql('{ notifications { items { id } } }', {}, token),
    wrongScope: 'write',
  },
  {
    name: 'lists / GET lists',
    rest: (token) => api.get('/api/v1/lists', { token }),
    graphql: (token) => gql('{ lists { id } }', {}, token),
    wrongScope: 'write',
  },
  {
    name: 'mediaAttachment / GET media',
    rest: (token) => api.get(`/api/v1/media/${mediaId}`, { token }),
    graphql: (token) => gql('query($id: ID!) { mediaAttachment(id: $id) { id } }', { id: mediaId }, token),
    wrongScope: 'read',
  },
];

async function tokenWithScope(scope: string): Promise<string> {
  if (!scoped.has(scope)) scoped.set(scope, await rig.passwordToken(owner.app, owner.email, owner.password, scope));
  return scoped.get(scope) as string;
}

/** What each side answered, side by side: REST status and message, GraphQL code and message. */
async function bothSides(operation: Operation, token: string | undefined) {
  const [rest, graphql] = await Promise.all([operation.rest(token), operation.graphql(token)]);
  const error = graphql.errors?.[0];
  return {
    rest: { status: rest.status, error: (rest.body as JsonObject).error },
    graphql: { code: error?.extensions?.code, message: error?.message, data: graphql.data ?? null },
  };
}

function expectParity(sides: Awaited<ReturnType<typeof bothSides>>, status: number): void {
  expect(sides).toEqual({
    rest: { status, error: expect.any(String) },
    graphql: { code: CODE_OF_STATUS[status], message: sides.rest.error, data: null },
  });
}

beforeAll(async () => {
  [owner, intruder] = await Promise.all([rig.newUser('gqlowner'), rig.newUser('gqlintruder')]);
  privateStatusId = (await rig.post(owner.token, { status: 'private', visibility: 'private' })).id;
  publicStatusId = (await rig.post(owner.token, 'public')).id;
  const form = new FormData();
  const image = await images.png(20, 20);
  form.append('file', new Blob([image.data], { type: image.contentType }), image.fileName);
  const uploaded = await api.send<JsonObject>('POST', '/api/v1/media', { token: owner.token, body: form });
  mediaId = String(uploaded.body.id);
  appToken = await rig.appToken(owner.app, 'read write');
});

describe('GraphQL and REST refuse the same callers the same way', () => {
  it.each(OPERATIONS.map((operation) => [operation.name, operation]))('%s: no token', async (_name, operation) => {
    expectParity(await bothSides(operation, undefined), 401);
  });

  it.each(OPERATIONS.map((operation) => [operation.name, operation]))('%s: an unknown token', async (_name, operation) => {
    expectParity(await bothSides(operation, 'not-a-real-token'), 401);
  });

  it.each(OPERATIONS.map((operation) => [operation.name, operation]))('%s: a token without the scope', async (_name, operation) => {
    expectParity(await bothSides(operation, await tokenWithScope(operation.wrongScope)), 403);
  });

  it.each(OPERATIONS.map((operation) => [operation.name, operation]))('%s: an app token where a user is needed', async (_name, operation) => {
    expectParity(await bothSides(operation, appToken), 422);
  });

  it("status of someone else's private status: not found on both sides", async () => {
    const [graphql, restAnswer] = await Promise.all([
      gql('query($id: ID!) { status(id: $id) { id } }', { id: privateStatusId }, intruder.token),
      api.get(`/api/v1/statuses/${privateStatusId}`, { token: intruder.token }),
    ]);
    expect({ rest: { status: restAnswer.status, error: (restAnswer.body as JsonObject).error }, graphql: { code: graphql.errors?.[0]?.extensions?.code, message: graphql.errors?.[0]?.message, data: graphql.data ?? null } }).toEqual({
      rest: { status: 404, error: 'Record not found' },
      graphql: { code: 'NOT_FOUND', message: 'Record not found', data: null },
    });
  });

  // A mutation reports it in its payload (docs/graphql.md#mutations), with the same message.
  it.each([
    ['favouriteStatus', 'mutation($id: ID!) { favouriteStatus(input: { statusId: $id }) { status { id } errors { code message } } }', () => api.post(`/api/v1/statuses/${privateStatusId}/favourite`, { token: intruder.token })],
    ['deleteStatus', 'mutation($id: ID!) { deleteStatus(input: { statusId: $id }) { deletedStatusId errors { code message } } }', () => api.delete(`/api/v1/statuses/${privateStatusId}`, { token: intruder.token })],
  ])("%s of someone else's private status: not found on both sides", async (name, query, rest) => {
    const [graphql, restAnswer] = await Promise.all([gql(query, { id: privateStatusId }, intruder.token), rest()]);
    expect({ rest: { status: restAnswer.status, error: (restAnswer.body as JsonObject).error }, graphql: { errors: graphql.errors ?? null, userErrors: graphql.data?.[name]?.errors } }).toEqual({
      rest: { status: 404, error: 'Record not found' },
      graphql: { errors: null, userErrors: [{ code: 'NOT_FOUND', message: 'Record not found' }] },
    });
  });

  it("mediaAttachment of someone else's attachment: not found on both sides", async () => {
    const [graphql, rest] = await Promise.all([
      gql('query($id: ID!) { mediaAttachment(id: $id) { id } }', { id: mediaId }, intruder.token),
      api.get(`/api/v1/media/${mediaId}`, { token: intruder.token }),
    ]);
    expect({ rest: rest.body, code: graphql.errors?.[0]?.extensions?.code, message: graphql.errors?.[0]?.message }).toEqual({
      rest: { error: 'Record not found' },
      code: 'NOT_FOUND',
      message: 'Record not found',
    });
  });
});

const INTROSPECTION = '{ __schema { queryType { name } } }';

async function landingPage(baseUrl: string): Promise<{ status: number; type: string; body: string }> {
  const response = await fetch(`${baseUrl}/graphql`, { headers: { accept: 'text/html' } });
  return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
}

describeOnSingleTarget('introspection and the Sandbox (own server processes)', () => {
  let place: Playground;
  const servers: Record<string, OwnServer> = {};

  beforeAll(async () => {
    place = await playground({ RATE_LIMITS_ENABLED: 'false' });
    const settings: Record<string, Record<string, string>> = {
      production: { NODE_ENV: 'production' },
      disabled: { NODE_ENV: 'development', GRAPHQL_INTROSPECTION: 'false' },
      enabled: { NODE_ENV: 'development', GRAPHQL_INTROSPECTION: 'true' },
    };
    await Promise.all(
      Object.entries(settings).map(async ([name, env]) => {
        servers[name] = await OwnServer.start(await freePort(), { ...place.env, INTERNAL_SECRET: 'own-server-secret-0123456789abcdef', ...env });
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(Object.values(servers).map((server) => server.stop()));
    await place?.dispose();
  });

  it.each([['production'], ['disabled']])('%s: introspection is refused and GET /graphql shows no Sandbox', async (name) => {
    const server = servers[name] as OwnServer;
    const refused = await gql(INTROSPECTION, {}, undefined, `${server.baseUrl}/graphql`);
    expect(refused.data ?? null).toBeNull();
    expect(refused.errors?.[0]?.message).toMatch(/introspection/i);
    const page = await landingPage(server.baseUrl);
    expect(page.type).not.toMatch(/text\/html/);
    expect(page.body).not.toMatch(/<html|sandbox|<script/i);
  });

  it('enabled: introspection answers and the Sandbox is served (the checks above would see it)', async () => {
    const server = servers.enabled as OwnServer;
    const answered = await gql(INTROSPECTION, {}, undefined, `${server.baseUrl}/graphql`);
    expect(answered.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const page = await landingPage(server.baseUrl);
    expect(page.status).toBe(200);
    expect(page.type).toMatch(/text\/html/);
    expect(page.body).toMatch(/<html/i);
    expect(page.body).toMatch(/sandbox/i);
  });
});
