import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import cors from 'cors';
import express from 'express';
import helmet from 'helmet';
import { apiCors, CORS_OPTIONS, CORS_PATHS, HELMET_OPTIONS, securityHeaders } from './security';

/** An app answering every request, with the given security and CORS middleware mounted as the facade mounts them. */
function appWith(security: express.RequestHandler, corsHandler: express.RequestHandler): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(security);
  app.use(CORS_PATHS, corsHandler);
  app.use((_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

async function listen(app: express.Express): Promise<{ server: Server; port: number }> {
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Status and headers (names as sent, in order), but the date. */
function answer(port: number, method: string, path: string, headers: Record<string, string>): Promise<{ status: number; headers: Array<[string, string]> }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
      res.resume();
      res.on('end', () => {
        const pairs: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) {
          const name = res.rawHeaders[i] as string;
          if (name.toLowerCase() !== 'date') pairs.push([name, res.rawHeaders[i + 1] as string]);
        }
        resolve({ status: res.statusCode ?? 0, headers: pairs });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const PREFLIGHT = { origin: 'https://elk.example', 'access-control-request-method': 'POST' };

describe('securityHeaders and apiCors', () => {
  let reference: { server: Server; port: number };
  let recorded: { server: Server; port: number };

  beforeAll(async () => {
    reference = await listen(appWith(helmet(HELMET_OPTIONS), cors(CORS_OPTIONS)));
    recorded = await listen(appWith(securityHeaders, apiCors));
  });
  afterAll(() => {
    reference.server.close();
    recorded.server.close();
  });

  it.each([
    ['GET', '/api/v1/instance', {}],
    ['GET', '/api/v1/instance', { origin: 'https://elk.example' }],
    ['HEAD', '/API/V2/instance', { origin: 'null' }],
    ['POST', '/oauth/token', { origin: 'https://elk.example' }],
    ['DELETE', '/nodeinfo/2.0', {}],
    ['GET', '/.well-known/nodeinfo', {}],
    ['GET', '/apiary', { origin: 'https://elk.example' }],
    ['GET', '/oauth/authorize', { origin: 'https://elk.example' }],
    ['OPTIONS', '/api/v1/statuses', PREFLIGHT],
    ['OPTIONS', '/api/v1/statuses', { ...PREFLIGHT, 'access-control-request-headers': 'authorization,content-type' }],
    ['OPTIONS', '/oauth/revoke', { ...PREFLIGHT, 'access-control-request-headers': 'Idempotency-Key' }],
    ['OPTIONS', '/health', PREFLIGHT],
  ] as const)('%s %s %j: the same status and headers, in the same order, as helmet and cors give', async (method, path, headers) => {
    const expected = await answer(reference.port, method, path, headers);
    const actual = await answer(recorded.port, method, path, headers);

    expect(actual).toEqual(expected);
    // Not vacuous: the headers compared include helmet's, and cors' on API paths.
    const names = actual.headers.map(([name]) => name);
    expect(names).toContain('X-Content-Type-Options');
    if (path.toLowerCase().startsWith('/api/')) expect(names).toContain('Access-Control-Allow-Origin');
  });
});
