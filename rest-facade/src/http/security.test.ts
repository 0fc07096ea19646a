import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import cors from 'cors';
import express from 'express';
import helmet from 'helmet';
import { apiCors, CORS_OPTIONS, CORS_PATHS, HELMET_OPTIONS, isPopupPage, POPUP_PAGES_HELMET_OPTIONS, securityHeaders } from './security';

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
          const name = res.rawHeaders[i];
          if (name.toLowerCase() !== 'date') pairs.push([name, res.rawHeaders[i + 1]]);
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
    const [api, pages] = [helmet(HELMET_OPTIONS), helmet(POPUP_PAGES_HELMET_OPTIONS)];
    reference = await listen(appWith((req, res, next) => (isPopupPage(req.path) ? pages : api)(req, res, next), cors(CORS_OPTIONS)));
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
    ['POST', '/OAuth/Authorize/sign_in', {}],
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

describe('the authorize pages', () => {
  let recorded: { server: Server; port: number };

  beforeAll(async () => {
    recorded = await listen(appWith(securityHeaders, apiCors));
  });
  afterAll(() => recorded.server.close());

  const header = (headers: Array<[string, string]>, name: string) => headers.find(([key]) => key.toLowerCase() === name)?.[1];

  it.each(['/oauth/authorize', '/oauth/authorize/sign_in', '/oauth/authorize/native', '/OAUTH/authorize/'])(
    '%s sends no Cross-Origin-Opener-Policy (a popup opened by a web client stays its), and still refuses framing',
    async (path) => {
      const { headers } = await answer(recorded.port, 'GET', path, {});

      expect(header(headers, 'cross-origin-opener-policy')).toBeUndefined();
      expect(header(headers, 'x-frame-options')).toBe('SAMEORIGIN');
      expect(header(headers, 'content-security-policy')).toContain("frame-ancestors 'none'");
    },
  );

  it.each(['/api/v1/instance', '/oauth/token', '/oauth/authorized'])('%s keeps Cross-Origin-Opener-Policy: same-origin', async (path) => {
    const { headers } = await answer(recorded.port, 'GET', path, {});

    expect(header(headers, 'cross-origin-opener-policy')).toBe('same-origin');
  });
});
