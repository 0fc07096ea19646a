import { createServer, type Server } from 'node:http';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type Router } from 'express';
import { serveInRequestContext, serveMetrics } from '@social/telemetry';
import type { Gateway } from './gateway.js';

/** POST (and GET) /graphql for the facade and frontends: the gateway's HTTP endpoint, mountable on any express app. */
export function graphqlHttpRouter(gateway: Gateway): Router {
  const router = express.Router();
  router.use(
    '/graphql',
    // The caller's request id and trace (the facade's), wherever this router is mounted.
    (req, res, next) => serveInRequestContext('gateway', req, res, next),
    express.json({ limit: '1mb' }),
    expressMiddleware(gateway.server, {
      context: async ({ req }) =>
        gateway.createContext(req.headers.authorization, req.headers['x-request-id'] as string | undefined, req.ip ?? ''),
    }),
  );
  return router;
}

/**
 * The gateway as its own process: /graphql and GET /health. The client
 * address comes from X-Forwarded-For only when the peer is a trusted proxy
 * (the facade).
 */
export function createGatewayHttpServer(gateway: Gateway, trustedProxies: string[]): Server {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustedProxies);
  app.use((req, res, next) => {
    if (!serveMetrics(req, res)) next();
  });
  app.get('/health', (_req, res) => {
    res.type('text/plain').send('OK');
  });
  app.use(graphqlHttpRouter(gateway));
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  return server;
}
