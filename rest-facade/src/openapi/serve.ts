import type { RequestHandler } from 'express';
import type { Route } from '../routes/route.js';
import { buildOpenApiDocument } from './document.js';

/** GET /api/openapi.json: the document of the routes this process serves (no token needed). */
export function serveOpenApi(routes: readonly Route[]): RequestHandler {
  let body: string | null = null;
  return (_req, res) => {
    body ??= JSON.stringify(buildOpenApiDocument(routes));
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(body);
  };
}
