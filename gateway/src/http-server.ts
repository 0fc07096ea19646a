import { createServer, type Server } from 'node:http';
import { expressMiddleware } from '@as-integrations/express5';
import express, { type ErrorRequestHandler, type RequestHandler, type Router } from 'express';
import { ErrorCode } from '@social/errors';
import { serveInRequestContext, serveMetrics } from '@social/telemetry';
import type { MediaUploads } from '@social/uploads';
import type { Gateway } from './gateway.js';
import { sendGraphqlError } from './graphql-error-response.js';
import { graphqlUploads } from './uploads/graphql-uploads.js';
import { trustedDocumentsHttp } from './trusted-documents/index.js';

/** Where the HTTP layer reports what it could not answer as a client's mistake. */
export interface HttpErrorLog {
  error(obj: object, msg: string): void;
}


/**
 * What goes wrong before Apollo Server sees the request (the JSON body does
 * not parse, is too large, or names an unknown charset) answers in
 * GraphQL's error shape; anything else is a 500 without its stack (express's
 * own handler would answer an HTML page, with the stack in development).
 */
function graphqlHttpErrors(log?: HttpErrorLog): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    const { status, type } = error as { status?: unknown; type?: unknown };
    if (typeof status === 'number' && status >= 400 && status < 500) {
      const message =
        type === 'entity.parse.failed' ? 'The request body is not valid JSON'
        : type === 'entity.too.large' ? 'Request body is too large'
        : (error as Error).message;
      sendGraphqlError(res, status, message, ErrorCode.BAD_REQUEST);
      return;
    }
    log?.error({ err: error, path: req.path, requestId: req.headers['x-request-id'] }, 'unhandled error');
    sendGraphqlError(res, 500, 'Internal server error', 'INTERNAL_SERVER_ERROR');
  };
}

/** JSON bodies, and the `operations` and `map` fields of a multipart one. */
const BODY_BYTES = 1024 * 1024;

/**
 * POST (and GET) /graphql for the facade and frontends: the gateway's HTTP
 * endpoint, mountable on any express app. With `uploads`, multipart requests
 * carry files (docs/graphql.md#uploading-media).
 */
export function graphqlHttpRouter(gateway: Gateway, log?: HttpErrorLog, uploads?: MediaUploads): Router {
  const router = express.Router();
  router.use(
    '/graphql',
    // The caller's request id and trace (the facade's), wherever this router is mounted.
    (req, res, next) => serveInRequestContext('gateway', req, res, next),
    express.json({ limit: BODY_BYTES }),
    ...(uploads ? [graphqlUploads({ uploads, resolveAuthorization: (authorization) => gateway.resolveAuthorization(authorization), fieldBytes: BODY_BYTES, log })] : []),
    ...(gateway.trustedDocuments ? [trustedDocumentsHttp(gateway.trustedDocuments)] : []),
    expressMiddleware(gateway.server, {
      context: async ({ req }) =>
        gateway.createContext(req.headers.authorization, req.headers['x-request-id'] as string | undefined, req.ip ?? ''),
    }),
  );
  router.use('/graphql', graphqlHttpErrors(log));
  return router;
}

/** Anything but /graphql, /health and /metrics on the gateway's own port. */
const notFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not Found' });
};

/**
 * The gateway as its own process: /graphql and GET /health. The client
 * address comes from X-Forwarded-For only when the peer is a trusted proxy
 * (the facade).
 */
export function createGatewayHttpServer(gateway: Gateway, trustedProxies: string[], log?: HttpErrorLog, uploads?: MediaUploads): Server {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustedProxies);
  app.use((req, res, next) => {
    if (!serveMetrics(req, res)) next();
  });
  app.get('/health', (_req, res) => {
    res.type('text/plain').send('OK');
  });
  app.use(graphqlHttpRouter(gateway, log, uploads));
  app.use(notFound);
  const server = createServer(app);
  server.keepAliveTimeout = 65_000;
  return server;
}
