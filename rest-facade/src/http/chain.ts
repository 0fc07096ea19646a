import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

/**
 * Whether a request can carry a body for the parsers: a length or a
 * transfer encoding (type-is' test, which body-parser skips on), or a content
 * type (the multipart parser reads any request that names one).
 */
export function mayHaveBody(req: IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || !isNaN(req.headers['content-length'] as unknown as number) || req.headers['content-type'] !== undefined;
}

/**
 * `handlers` run in order as one layer of the app, and only for requests
 * `applies` to; the others go straight on. express walks every layer for
 * every request, so the body parsers (four layers) cost each GET without a
 * body a little for nothing.
 */
export function runOnlyWhen(applies: (req: IncomingMessage) => boolean, handlers: readonly RequestHandler[]): RequestHandler {
  return (req, res, next) => {
    if (!applies(req)) {
      next();
      return;
    }
    let index = 0;
    const step = (error?: unknown): void => {
      // As express: any truthy value passed to next is an error.
      if (error) {
        next(error);
        return;
      }
      const handler = handlers[index++];
      if (!handler) {
        next();
        return;
      }
      try {
        const returned = handler(req, res, step);
        if (returned instanceof Promise) returned.catch((rejection: unknown) => next(rejection ?? new Error('Rejected promise')));
      } catch (thrown) {
        next(thrown);
      }
    };
    step();
  };
}
