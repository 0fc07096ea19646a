import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { pipeline, Transform, type Readable } from 'node:stream';
import { serveInRequestContext, serveMetrics } from '@social/telemetry';
import type { BaseContext } from './context.js';
import { SubgraphExecutor, type GraphQLRequest } from './executor.js';
import { BODY_DIGEST_HEADER, bodyDigest, PRINCIPAL_HEADER, SIGNATURE_HEADER, verifyPrincipal, type Principal } from './principal.js';

const MAX_BODY_BYTES = 1024 * 1024;

export type InternalRoute = (body: unknown) => Promise<unknown>;
/** An internal route that reads its request body itself, as a stream (media upload bytes). */
export type InternalStreamRoute = (body: Readable) => Promise<unknown>;

export interface SubgraphServerOptions {
  /** Names its trace spans (identity, statuses, media). */
  name?: string;
  executor: SubgraphExecutor;
  /** Shared secret the gateway signs principals with. */
  secret: string;
  createContext(principal: Principal, requestId: string): BaseContext;
  /** POST routes for other processes (e.g. identity's principal lookup), also signed. */
  internalRoutes?: Record<string, InternalRoute>;
  /** POST routes whose body is not JSON; signed likewise. An error with a 4xx `status` answers with it. */
  internalStreamRoutes?: Record<string, InternalStreamRoute>;
}

/**
 * A subgraph as its own process: POST /graphql for the gateway, GET /health
 * and GET /metrics.
 * Every request must carry a principal signed with the shared secret for
 * this method, path and body; an unsigned or forged one, or one signed for
 * another request, is refused, so nothing but the gateway can call in and a
 * captured header cannot carry another query.
 */
export function createSubgraphServer(options: SubgraphServerOptions): Server {
  const server = createServer((req, res) => {
    if (serveMetrics(req, res)) return;
    serveInRequestContext(options.name ?? 'subgraph', req, res, () => {
      handle(req, res, options).catch((error: unknown) => {
        const status = (error as { status?: unknown }).status;
        if (typeof status === 'number' && status >= 400 && status < 500 && !res.headersSent) send(res, status, { error: (error as Error).message });
        else if (!res.headersSent) send(res, 500, { errors: [{ message: 'Internal server error' }] });
        else res.destroy(error as Error);
      });
    });
  });
  server.keepAliveTimeout = 65_000;
  return server;
}

async function handle(req: IncomingMessage, res: ServerResponse, options: SubgraphServerOptions): Promise<void> {
  const url = req.url ?? '/';
  if (req.method === 'GET' && url === '/health') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('OK');
    return;
  }
  const internal = options.internalRoutes?.[url];
  const streamed = options.internalStreamRoutes?.[url];
  if (req.method !== 'POST' || (url !== '/graphql' && !internal && !streamed)) {
    send(res, 404, { error: 'Not Found' });
    return;
  }
  // The signature covers the body's digest as sent; the body read must have that digest (checked below).
  const signedDigest = header(req, BODY_DIGEST_HEADER);
  const principal = verifyPrincipal(header(req, PRINCIPAL_HEADER), header(req, SIGNATURE_HEADER), options.secret, {
    method: req.method,
    path: url,
    bodyDigest: signedDigest ?? '',
  });
  if (!principal) {
    send(res, 401, { errors: [{ message: 'Unsigned or invalid principal', extensions: { code: 'UNAUTHENTICATED' } }] });
    return;
  }
  if (streamed) {
    send(res, 200, await streamed(checkedStream(req, signedDigest as string)));
    return;
  }
  const raw = await readBody(req);
  if (raw === undefined) {
    send(res, 400, { errors: [{ message: 'Body too large', extensions: { code: 'BAD_REQUEST' } }] });
    return;
  }
  if (bodyDigest(raw) !== signedDigest) {
    send(res, 401, { errors: [{ message: BODY_NOT_SIGNED, extensions: { code: 'UNAUTHENTICATED' } }] });
    return;
  }
  const body = parseJson(raw);
  if (body === undefined) {
    send(res, 400, { errors: [{ message: 'Body must be JSON', extensions: { code: 'BAD_REQUEST' } }] });
    return;
  }
  if (internal) {
    send(res, 200, await internal(body));
    return;
  }
  const request = body as GraphQLRequest;
  if (typeof request.query !== 'string') {
    send(res, 400, { errors: [{ message: 'Missing query', extensions: { code: 'BAD_REQUEST' } }] });
    return;
  }
  const requestId = header(req, 'x-request-id') ?? randomUUID();
  const result = await options.executor.execute(request, options.createContext(principal, requestId));
  send(res, 200, SubgraphExecutor.format(result));
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const BODY_NOT_SIGNED = 'The body is not the one the principal was signed for';

/**
 * A streamed body passed on as it arrives, failing at its end (before the
 * consumer can finish with it: a file is never committed) when its digest
 * is not the signed one; the failure answers 401.
 */
function checkedStream(req: IncomingMessage, signedDigest: string): Readable {
  const hash = createHash('sha256');
  const check = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      done(hash.digest('base64url') === signedDigest ? null : Object.assign(new Error(BODY_NOT_SIGNED), { status: 401 }));
    },
  });
  pipeline(req, check, () => {});
  return check;
}

/** The whole body, or undefined past MAX_BODY_BYTES. */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function parseJson(raw: Buffer): unknown {
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return undefined;
  }
}
