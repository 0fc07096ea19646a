// Trusted documents (docs/graphql.md#trusted-documents): a server of the current target's kind in
// GRAPHQL_DOCUMENTS=trusted mode, with the facade's manifest and the example frontend's codegen
// manifest registered, runs registered documents named by APQ hash or by documentId, refuses any
// other query text (and APQ registration of one) with 400 PERSISTED_QUERY_NOT_IN_LIST, refuses an
// unregistered subscription over graphql-ws, and its REST facade (streaming too) works as before. This file starts
// its own server.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eventually, parseEnvList, startTarget, Testrig, type RunningTarget, type TestUser } from '@social/testkit';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { expectJson } from '../support/expectations';
import { SseStream } from '../support/streaming';
import { TARGET } from '../support/targets';

const ROOT = path.resolve(__dirname, '../..');
const FACADE_MANIFEST = path.join(ROOT, 'gateway/trusted-documents/rest-facade.json');
const FRONTEND_MANIFEST = path.join(ROOT, 'examples/frontend-codegen/src/gql/persisted-documents.json');

/** The example frontend's documents by operation name: the id codegen gave each ("sha256:<hex>"). */
const frontend = new Map(
  Object.entries(JSON.parse(readFileSync(FRONTEND_MANIFEST, 'utf8')) as Record<string, string>).map(([id, document]) => [
    /^(?:query|mutation|subscription) (\w+)/.exec(document)?.[1],
    { id, hash: id.replace(/^sha256:/, ''), document },
  ]),
);

function documentOf(name: string) {
  const entry = frontend.get(name);
  if (!entry) throw new Error(`the example manifest has no ${name}`);
  return entry;
}

let target: RunningTarget;
let rig: Testrig;
let user: TestUser;

async function post(body: Record<string, unknown>, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(target.graphqlUrl, { method: 'POST', headers, body: JSON.stringify(body) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read by path
  return { status: response.status, body: (await response.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> } };
}

beforeAll(async () => {
  target = await startTarget(TARGET, {
    env: { ...parseEnvList(process.env.E2E_SERVER_ENV), GRAPHQL_DOCUMENTS: 'trusted', GRAPHQL_TRUSTED_DOCUMENTS: `${FACADE_MANIFEST},${FRONTEND_MANIFEST}` },
  });
  rig = new Testrig(target.baseUrl);
  user = await rig.newUser('trusted');
}, 120_000);

afterAll(async () => {
  await target?.stop();
}, 60_000);

describe('GRAPHQL_DOCUMENTS=trusted', () => {
  it('keeps the REST facade working: its operations are registered', async () => {
    const status = await rig.post(user.token, 'Posted through the facade in trusted mode');
    const read = await rig.api.get<{ id: string; content: string }>(`/api/v1/statuses/${status.id}`, { token: user.token });
    expectJson(read, 200);
    expect(read.body.content).toContain('trusted mode');
    const favourited = await rig.api.postForm<{ favourited: boolean }>(`/api/v1/statuses/${status.id}/favourite`, {}, { token: user.token });
    expectJson(favourited, 200);
    expect(favourited.body.favourited).toBe(true);
    const home = await rig.api.get<Array<{ id: string }>>('/api/v1/timelines/home', { token: user.token });
    expectJson(home, 200);
    expect(home.body.map((item) => item.id)).toContain(status.id);
  });

  it("keeps the facade's streaming working: its subscriptions are registered too", async () => {
    const stream = await SseStream.open('/api/v1/streaming/user', { token: user.token, base: target.baseUrl });
    try {
      expect(stream.status).toBe(200);
      await stream.started;
      const status = await rig.post(user.token, 'Streamed in trusted mode');
      expect(await stream.update(status.id)).toEqual(expect.objectContaining({ id: status.id }));
    } finally {
      stream.close();
    }
  });

  it('answers a registered document named by its APQ hash, without the text', async () => {
    const status = await rig.post(user.token, 'On the home screen');
    const home = documentOf('HomeScreen');
    const answer = await post({ operationName: 'HomeScreen', variables: { first: 5 }, extensions: { persistedQuery: { version: 1, sha256Hash: home.hash } } }, user.token);
    expect(answer.status).toBe(200);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.viewer.acct).toBe(user.username);
    expect(answer.body.data.me.homeTimeline.edges.map((edge: { node: { id: string } }) => edge.node.id)).toContain(status.id);
    // Apollo Client's persisted-query link fed codegen's id ("sha256:<hex>") as the hash.
    const byId = await post({ variables: { first: 5 }, extensions: { persistedQuery: { version: 1, sha256Hash: home.id } } }, user.token);
    expect(byId.status).toBe(200);
    expect(byId.body.data.viewer.acct).toBe(user.username);
  });

  it('answers a registered document named by documentId, "sha256:<hex>" or bare hex', async () => {
    const favourite = documentOf('Favourite');
    for (const documentId of [favourite.id, favourite.hash]) {
      const status = await rig.post(user.token, `Favourite me by ${documentId.slice(0, 12)}`);
      const answer = await post({ documentId, variables: { statusId: status.id } }, user.token);
      expect(answer.status).toBe(200);
      expect(answer.body.data.favouriteStatus).toEqual({ status: expect.objectContaining({ id: status.id, favourited: true, favouritesCount: 1 }), errors: [] });
    }
  });

  it("answers the example frontend's profile, thread, notifications and composer screens, each by its documentId", async () => {
    const other = await rig.newUser('trustedother');
    const root = await rig.post(other.token, 'A thread begins');
    const reply = await rig.post(user.token, { status: `@${other.username} and goes on`, in_reply_to_id: root.id });
    const run = async (name: string, variables: Record<string, unknown>) => {
      const answer = await post({ documentId: documentOf(name).id, variables }, user.token);
      expect({ name, status: answer.status, errors: answer.body.errors }).toEqual({ name, status: 200, errors: undefined });
      return answer.body.data;
    };
    const profile = await run('ProfileScreen', { id: other.account.id });
    expect(profile.account).toMatchObject({ id: other.account.id, acct: other.username, relationship: { following: false } });
    expect(profile.account.statuses.edges.map((edge: { node: { id: string } }) => edge.node.id)).toContain(root.id);
    const thread = await run('ThreadScreen', { id: root.id });
    expect(thread.status.context.descendants.map((status: { id: string }) => status.id)).toEqual([reply.id]);
    await eventually(async () => {
      const notifications = await post({ documentId: documentOf('NotificationsScreen').id, variables: {} }, other.token);
      expect(notifications.body.data.notificationGroups.groups.map((group: { type: string; statusId: string }) => [group.type, group.statusId])).toContainEqual(['MENTION', reply.id]);
    }, { timeoutMs: 10_000, what: "the mention in the example's notifications screen" });
    const posted = await run('PublishStatus', { input: { status: 'From the example composer' } });
    expect(posted.publishStatus).toEqual({ status: expect.objectContaining({ content: expect.stringContaining('example composer') }), errors: [] });
  });

  it('refuses a query text that is not registered with 400 and one PERSISTED_QUERY_NOT_IN_LIST', async () => {
    const answer = await post({ query: '{ viewer { id acct } }' }, user.token);
    expect(answer.status).toBe(400);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toHaveLength(1);
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_IN_LIST');
  });

  it('refuses to register a new text by APQ: the hash stays unknown', async () => {
    const query = '{ viewer { id username } }';
    const sha256Hash = (await import('node:crypto')).createHash('sha256').update(query).digest('hex');
    const register = await post({ query, extensions: { persistedQuery: { version: 1, sha256Hash } } }, user.token);
    expect(register.status).toBe(400);
    expect(register.body.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_IN_LIST']);
    const byHash = await post({ extensions: { persistedQuery: { version: 1, sha256Hash } } }, user.token);
    expect(byHash.body.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
    expect(byHash.body.data).toBeUndefined();
  });

  it('refuses an unknown documentId', async () => {
    const answer = await post({ documentId: `sha256:${'0'.repeat(64)}` }, user.token);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
  });

  it('refuses a graphql-ws subscription whose document is not registered', async () => {
    const client = createClient({
      url: target.graphqlUrl.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${user.token}` },
      retryAttempts: 0,
      lazy: true,
    });
    try {
      const outcome = await new Promise<unknown>((resolve) => {
        client.subscribe({ query: 'subscription { public { type } }' }, { next: (value) => resolve(value), error: (error) => resolve(error), complete: () => resolve('completed') });
      });
      expect(Array.isArray(outcome)).toBe(true);
      expect((outcome as Array<{ extensions?: { code?: string } }>).map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_IN_LIST']);
    } finally {
      await client.dispose();
    }
  });
});
