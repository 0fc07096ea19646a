// The gateway's signed call to a subgraph process, captured on the wire and replayed: the
// captured headers are good for that request only. Real HTTP servers on loopback: a subgraph
// server as the subgraph processes run it, and a recorder standing in for it during the capture.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { createSubgraphServer, SubgraphExecutor, type BaseContext, type Principal } from '@social/federation';
import { createGatewayContext } from '../context.js';
import { subgraphCaller } from '../subscriptions/subgraph-call.js';
import { SignedRemoteDataSource } from './remote.js';

const SECRET = 'a-shared-secret-of-at-least-32-characters';
const alice: Principal = { kind: 'user', tokenId: '12', applicationId: '3', accountId: '1001', scopes: ['read'] };

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      whoami: { type: GraphQLString, resolve: (_root, _args, context: BaseContext) => context.principal.accountId },
      email: { type: GraphQLString, resolve: (_root, _args, context: BaseContext) => `account ${context.principal.accountId}'s e-mail` },
    },
  }),
});

interface Captured {
  headers: IncomingHttpHeaders;
  body: string;
}

let subgraph: Server;
let recorder: Server;
let captured: Captured[] = [];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

function close(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}

let subgraphUrl: string;
let recorderUrl: string;

beforeAll(async () => {
  subgraph = createSubgraphServer({
    executor: new SubgraphExecutor(schema, { error: () => {} }),
    secret: SECRET,
    createContext: (principal, requestId) => ({ principal, requestId }),
    internalRoutes: { '/internal/principal': async (body) => ({ looked_up: body }) },
  });
  recorder = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      captured.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{"whoami":"recorded"}}');
    });
  });
  [subgraphUrl, recorderUrl] = await Promise.all([listen(subgraph), listen(recorder)]);
});

afterAll(async () => {
  await Promise.all([close(subgraph), close(recorder)]);
});

beforeEach(() => {
  captured = [];
});

/** What the gateway sends for `query` as `principal`, captured by the recorder. */
async function captureSignedCall(query: string, principal: Principal): Promise<Captured> {
  const call = subgraphCaller({ identity: new SignedRemoteDataSource(`${recorderUrl}/graphql`, SECRET) });
  await call('identity', query, {}, createGatewayContext(principal, 'r-1', '127.0.0.1'));
  expect(captured).toHaveLength(1);
  return captured[0];
}

/** The captured call's signed headers, replayed to the subgraph with `body` on `path`. */
async function replay(call: Captured, body: string, path = '/graphql'): Promise<{ status: number; json: unknown }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  for (const name of ['x-social-principal', 'x-social-signature', 'x-social-body-sha256']) {
    if (typeof call.headers[name] === 'string') headers[name] = call.headers[name];
  }
  const response = await fetch(`${subgraphUrl}${path}`, { method: 'POST', headers, body });
  return { status: response.status, json: await response.json() };
}

describe('a signed call from the gateway to a subgraph process', () => {
  it('is accepted as captured, within the minute', async () => {
    const call = await captureSignedCall('{ whoami }', alice);

    expect(await replay(call, call.body)).toEqual({ status: 200, json: { data: { whoami: '1001' } } });
  });

  it('is refused with 401 when its headers carry another query', async () => {
    const call = await captureSignedCall('{ whoami }', alice);

    const replayed = await replay(call, JSON.stringify({ query: '{ email }', variables: {} }));

    expect(replayed.status).toBe(401);
    expect(JSON.stringify(replayed.json)).not.toContain('e-mail');
  });

  it('is refused with 401 when its headers carry the same query with other variables', async () => {
    const call = await captureSignedCall('{ whoami }', alice);
    const body = JSON.parse(call.body) as Record<string, unknown>;

    expect((await replay(call, JSON.stringify({ ...body, variables: { id: '2' } }))).status).toBe(401);
  });

  it('is refused with 401 on another route, even with the same body', async () => {
    const call = await captureSignedCall('{ whoami }', alice);

    expect((await replay(call, call.body, '/internal/principal')).status).toBe(401);
  });
});
