// The subgraph server over real HTTP: its internal routes take a signed principal for the exact
// body signed, streamed bodies included (checked as they end, before the route may keep them).
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { SubgraphExecutor } from './executor.js';
import { ANONYMOUS, bodyDigest, signPrincipal } from './principal.js';
import { createSubgraphServer } from './subgraph-server.js';

const SECRET = 'a-shared-secret-of-at-least-32-characters';

const schema = new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString, resolve: () => 'ok' } } }) });

let server: Server;
let baseUrl: string;
/** What the upload route kept: only bodies it read to their end without an error. */
let kept: string[] = [];
let lookedUp: unknown[] = [];

beforeAll(async () => {
  server = createSubgraphServer({
    executor: new SubgraphExecutor(schema, { error: () => {} }),
    secret: SECRET,
    createContext: (principal, requestId) => ({ principal, requestId }),
    internalRoutes: {
      '/internal/principal': async (body) => {
        lookedUp.push(body);
        return { kind: 'anonymous' };
      },
    },
    internalStreamRoutes: {
      '/internal/upload': async (body: Readable) => {
        const chunks: Buffer[] = [];
        for await (const chunk of body) chunks.push(chunk as Buffer);
        kept.push(Buffer.concat(chunks).toString('utf8'));
        return { upload: 'u1' };
      },
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  kept = [];
  lookedUp = [];
});

function signedFor(path: string, body: string): Record<string, string> {
  return signPrincipal(ANONYMOUS, SECRET, { method: 'POST', path, bodyDigest: bodyDigest(body) });
}

async function post(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body });
  return { status: response.status, json: await response.json() };
}

describe('an internal route of a subgraph process', () => {
  it('answers the body it was signed for', async () => {
    const body = JSON.stringify({ token: 'token-a' });

    expect(await post('/internal/principal', { 'content-type': 'application/json', ...signedFor('/internal/principal', body) }, body)).toEqual({
      status: 200,
      json: { kind: 'anonymous' },
    });
    expect(lookedUp).toEqual([{ token: 'token-a' }]);
  });

  it('refuses with 401, before the route runs, headers signed for another body', async () => {
    const signed = signedFor('/internal/principal', JSON.stringify({ token: 'token-a' }));

    const response = await post('/internal/principal', { 'content-type': 'application/json', ...signed }, JSON.stringify({ token: 'token-b' }));

    expect(response.status).toBe(401);
    expect(lookedUp).toEqual([]);
  });
});

describe('a streamed internal route (upload bytes)', () => {
  it('keeps the bytes it was signed for', async () => {
    const bytes = 'the bytes of a file';

    expect(await post('/internal/upload', { 'content-type': 'application/octet-stream', ...signedFor('/internal/upload', bytes) }, bytes)).toEqual({
      status: 200,
      json: { upload: 'u1' },
    });
    expect(kept).toEqual([bytes]);
  });

  it('refuses other bytes under captured headers with 401, and the route keeps nothing', async () => {
    const signed = signedFor('/internal/upload', 'the bytes of a file');

    const response = await post('/internal/upload', { 'content-type': 'application/octet-stream', ...signed }, 'other bytes, same size');

    expect(response).toEqual({ status: 401, json: { error: 'The body is not the one the principal was signed for' } });
    expect(kept).toEqual([]);
  });

  it('refuses an unsigned upload with 401', async () => {
    expect((await post('/internal/upload', { 'content-type': 'application/octet-stream' }, 'bytes')).status).toBe(401);
    expect(kept).toEqual([]);
  });
});
