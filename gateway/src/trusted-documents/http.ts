import type { RequestHandler } from 'express';
import type { DocumentRequest, TrustedDocuments } from './registry.js';

/** What an HTTP request names: the JSON (or multipart `operations`) body of a POST, the parameters of a GET. */
function documentRequest(method: string, body: unknown, query: Record<string, unknown>): DocumentRequest {
  if (method !== 'GET') return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body) : {};
  let extensions: Record<string, unknown> | undefined;
  try {
    extensions = typeof query.extensions === 'string' ? (JSON.parse(query.extensions) as Record<string, unknown>) : undefined;
  } catch {
    extensions = undefined;
  }
  return { query: typeof query.query === 'string' ? query.query : undefined, extensions, documentId: query.documentId };
}

/**
 * Trusted documents on POST and GET /graphql, before Apollo Server sees the
 * request: a registered document named by APQ hash or by GraphQL over
 * HTTP's `documentId` runs from the registry (Apollo Server does not read
 * `documentId`, and needs no APQ cache entry for it), and in trusted mode
 * anything else is answered 400 before it is parsed, so no APQ registration
 * of a new text can happen. One Map (or Set) lookup per request.
 */
export function trustedDocumentsHttp(documents: TrustedDocuments): RequestHandler {
  return (req, res, next) => {
    const request = documentRequest(req.method, req.body, req.query);
    const resolved = documents.resolve(request);
    if (resolved instanceof Error) {
      res.status(400).json({ errors: [{ message: resolved.message, extensions: { code: resolved.extensions.code } }] });
      return;
    }
    if (resolved !== undefined && req.method !== 'GET') {
      // The text alone: Apollo Server hashes it itself, and an APQ hash written "sha256:<hex>" would not match.
      const { documentId: _named, extensions, ...body } = request;
      req.body = { ...body, query: resolved, extensions: { ...extensions, persistedQuery: undefined } };
    }
    next();
  };
}
