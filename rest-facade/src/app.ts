import type { RequestListener } from 'node:http';
import express, { type Express } from 'express';
import type { Logger } from '@social/config';
import { serveMetrics } from '@social/telemetry';
import { bodyParsers, parseQuery } from './http/body.js';
import { mayHaveBody, runOnlyWhen } from './http/chain.js';
import { rejectMalformedRequestLine, rejectNul } from './http/input.js';
import { apiCors, CORS_PATHS, securityHeaders } from './http/security.js';
import type { FacadeServices } from './http/context.js';
import { defaultImages } from './http/default-images.js';
import { errorMiddleware, HttpError } from './http/errors.js';
import { serveMediaFiles } from './http/media-files.js';
import { loadShedding } from './http/overload.js';
import { requestTelemetry } from './http/telemetry.js';
import { leaveMultipartToRoute } from './http/upload.js';
import { serveOpenApi } from './openapi/serve.js';
import { routes } from './routes/index.js';
import { serveCachedStatusReads } from './cache/cached-status-reads.js';

/**
 * The express app: request id, metrics and trace span, health, the OpenAPI
 * document, the request line's checks, streaming, media files, body parsing, the route table, then
 * JSON 404 and the one error middleware, last.
 */
export function createFacadeApp(services: FacadeServices, logger: Logger): Express {
  const app = express();
  app.disable('x-powered-by');
  // express parses the query string again at each read of req.query; most requests have none.
  app.set('query parser', (text: string | null) => (text ? parseQuery(text) : {}));
  app.set('etag', false);
  app.set('trust proxy', services.config.trustedProxies);

  app.use(requestTelemetry());
  app.use(loadShedding(services.config.maxInFlight ?? 1024));
  app.use((req, res, next) => {
    if (serveMetrics(req, res)) return;
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Vary', 'Authorization, Origin');
    next();
  });
  app.use(securityHeaders);
  app.use(CORS_PATHS, apiCors);
  app.get('/health', (_req, res) => {
    // Load balancers ask often: written directly, as res.send would (it also looks up types and freshness each time).
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.setHeader('Content-Length', '2');
    res.end('OK');
  });
  app.get('/api/openapi.json', serveOpenApi(routes));
  app.use(rejectMalformedRequestLine);
  app.use(defaultImages());
  if (services.streaming) app.use(services.streaming.router);
  if (services.config.mediaDir) app.use('/system', serveMediaFiles(services.config.mediaDir));
  for (const route of routes) if (route.streamsFiles) app[route.method](route.path, leaveMultipartToRoute);
  app.use(runOnlyWhen(mayHaveBody, bodyParsers(services.config.bodyLimitBytes)), rejectNul);

  for (const route of routes) {
    app[route.method](route.path, (req, res, next) => {
      route.handle(services, req, res).catch(next);
    });
  }

  app.use((_req, _res, next) => next(new HttpError(404, 'Not Found')));
  app.use(errorMiddleware(logger));
  return app;
}

/**
 * The facade as a server's request listener: the express app, behind the
 * early answer of status-cache hits when the cache is on.
 */
export function createFacadeHandler(services: FacadeServices, logger: Logger): RequestListener {
  const app = createFacadeApp(services, logger);
  if (!services.statusCache) return app;
  return serveCachedStatusReads(services.statusCache, app.get('trust proxy fn') as (address: string, hop: number) => boolean, app);
}
