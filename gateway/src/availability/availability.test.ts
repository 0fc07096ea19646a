import { createServer, type Server } from 'node:http';
import net from 'node:net';
import type { GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { eventually } from '@social/testkit';
import { createGatewayContext, type GatewayContext } from '../context.js';
import { SignedRemoteDataSource } from '../datasources/remote.js';
import { guardedSubgraph } from './guard.js';
import { SubgraphHealth } from './subgraph-health.js';

const SECRET = 'a-test-secret-of-at-least-32-characters';
const UNAVAILABLE = 'There was a temporary problem serving your request, please try again';

function listen(server: Server | net.Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`)));
}

function close(server: Server | net.Server): Promise<void> {
  if ('closeAllConnections' in server) server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** A port nothing listens on. */
async function refusedUrl(): Promise<string> {
  const server = net.createServer();
  const url = await listen(server);
  await close(server);
  return url;
}

function fetchOptions(query: string, context: GatewayContext): GraphQLDataSourceProcessOptions<GatewayContext> {
  // GraphQLDataSourceRequestKind.INCOMING_OPERATION (the enum is not exported).
  return { kind: 'incoming operation', request: { query, variables: {} }, context, incomingRequestContext: { overallCachePolicy: null } } as unknown as GraphQLDataSourceProcessOptions<GatewayContext>;
}

const context = () => createGatewayContext({ kind: 'anonymous', tokenId: null, applicationId: null, accountId: null, scopes: [] } as never, 'test', '127.0.0.1');

describe('a subgraph fetch that cannot reach its process', () => {
  const servers: Array<Server | net.Server> = [];
  let health: SubgraphHealth | null = null;
  afterEach(async () => {
    health?.close();
    await Promise.all(servers.splice(0).map(close));
  });

  const cases: Array<[string, () => Promise<string>]> = [
    ['refused (nothing listens)', refusedUrl],
    [
      'reset (the connection is cut with the request)',
      async () => {
        const server = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
        servers.push(server);
        return listen(server);
      },
    ],
    [
      'stalled (accepted, never answered, past the timeout)',
      async () => {
        const server = net.createServer((socket) => socket.resume());
        servers.push(server);
        return listen(server);
      },
    ],
    [
      'behind a balancer with no live replica (502)',
      async () => {
        const server = createServer((_req, res) => res.writeHead(502, { 'content-type': 'text/plain' }).end('Bad Gateway'));
        servers.push(server);
        return listen(server);
      },
    ],
  ];

  it.each(cases)('%s: UNAVAILABLE with HTTP 503 and Retry-After, and the subgraph is known down', async (_name, start) => {
    const url = await start();
    health = new SubgraphHealth({ urls: { media: url }, probeIntervalMs: 60_000 });
    const source = guardedSubgraph('media', new SignedRemoteDataSource(`${url}/graphql`, SECRET, 300), health);
    const response = await source.process(fetchOptions('query { __typename }', context()));
    expect(response.errors).toEqual([
      { message: UNAVAILABLE, extensions: { code: 'UNAVAILABLE', serviceName: 'media', http: { status: 503, headers: new Map([['retry-after', '1']]) } } },
    ]);
    expect({ allUp: health.allUp, down: health.isDown('media') }).toEqual({ allUp: false, down: true });
  });

  const answers: Array<[string, Record<string, unknown>, object | undefined]> = [
    ['the entity its payload holds', { publishStatus: { status: { __typename: 'Status', id: '7' }, errors: [] } }, { __typename: 'Status', id: '7' }],
    ['the id a delete answers', { deleteList: { deletedListId: '9', errors: [] } }, { __typename: null, id: '9' }],
    ['nothing when its payload has user errors', { publishStatus: { status: null, errors: [{ code: 'INVALID' }] } }, undefined],
  ];

  it.each(answers)('names what the mutation had committed when a later fetch of the same request fails: %s', async (_name, data, committed) => {
    const statuses = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data }));
    });
    servers.push(statuses);
    const statusesUrl = await listen(statuses);
    const mediaUrl = await refusedUrl();
    health = new SubgraphHealth({ urls: { statuses: statusesUrl, media: mediaUrl }, probeIntervalMs: 60_000 });
    const request = context();
    const wrote = await guardedSubgraph('statuses', new SignedRemoteDataSource(`${statusesUrl}/graphql`, SECRET), health).process(
      fetchOptions('mutation Write__statuses__0 { write(input: {}) { status { __typename id } errors { code } } }', request),
    );
    expect(wrote.errors).toBeUndefined();
    const answer = await guardedSubgraph('media', new SignedRemoteDataSource(`${mediaUrl}/graphql`, SECRET), health).process(
      fetchOptions('query Write__media__1 { _entities(representations: []) { __typename } }', request),
    );
    expect(answer.errors?.[0]?.extensions).toMatchObject({ code: 'UNAVAILABLE', serviceName: 'media' });
    expect(answer.errors?.[0]?.extensions?.committed).toEqual(committed);
  });
});

/** Polls a condition (the machine may be busy: no tight timing); fails after 4 s, inside jest's 5. */
const waitFor = (condition: () => boolean) => eventually(condition, { timeoutMs: 4_000, intervalMs: 10 });

describe('SubgraphHealth', () => {
  let health: SubgraphHealth | null = null;
  let server: Server | null = null;
  afterEach(async () => {
    health?.close();
    if (server) await close(server);
    server = null;
  });

  it('probes a subgraph known down until its /health answers OK, then counts it up again', async () => {
    let healthy = false;
    let probes = 0;
    server = createServer((req, res) => {
      if (req.url === '/health') probes += 1;
      if (healthy) res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
      else res.writeHead(503).end();
    });
    const url = await listen(server);
    health = new SubgraphHealth({ urls: { identity: url }, probeIntervalMs: 20 });
    expect(health.allUp).toBe(true);
    health.markDown('identity', new Error('connect ECONNREFUSED'));
    // Probed again and again while /health refuses.
    await waitFor(() => probes >= 3);
    expect({ down: health.isDown('identity'), allUp: health.allUp }).toEqual({ down: true, allUp: false });
    healthy = true;
    await waitFor(() => !health?.isDown('identity'));
    expect({ down: health.isDown('identity'), allUp: health.allUp }).toEqual({ down: false, allUp: true });
    const after = probes;
    // Five probe intervals pass on purpose: a subgraph counted up again is probed no more.
    await new Promise((resolve) => setTimeout(resolve, 5 * 20));
    expect(probes).toBe(after);
  });

  it('ignores a subgraph it has no address for (an in-process one), and tells which of a plan is down', () => {
    health = new SubgraphHealth({ urls: { identity: 'http://127.0.0.1:9', media: 'http://127.0.0.1:9' }, probeIntervalMs: 60_000 });
    health.markDown('statuses', new Error('x'));
    expect(health.allUp).toBe(true);
    health.markDown('media', new Error('x'));
    expect(health.firstDown(['identity', 'statuses', 'media'])).toBe('media');
    expect(health.firstDown(['identity', 'statuses'])).toBeUndefined();
  });
});
