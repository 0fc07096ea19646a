import { createServer, type Server } from 'node:http';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import type { Gateway } from './gateway.js';

/**
 * The gateway as its own process: POST /graphql for the facade and
 * frontends, GET /health. The client address comes from X-Forwarded-For only
 * when the peer is a trusted proxy (the facade).
 */
export function createGatewayHttpServer(gateway: Gateway, trustedProxies: string[]): Server {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustedProxies);
  app.get('/health', (_req, res) => {
    res.type('text/plain').send('OK');
  });
  app.use(
    '/graphql',
    express.json({ limit: '1mb' }),
    expressMiddleware(gateway.server, {
      context: async ({ req }) =>
        gateway.createContext(req.headers.authorization, req.headers['x-request-id'] as string | undefined, req.ip ?? ''),
    }),
  );
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  return server;
}
