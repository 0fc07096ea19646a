import type { IncomingMessage } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { mayHaveBody, runOnlyWhen } from './chain';

const message = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('mayHaveBody', () => {
  it('is true with a length (even 0), a transfer encoding or a content type, false for a bare GET', () => {
    expect(mayHaveBody(message({ 'content-length': '12' }))).toBe(true);
    expect(mayHaveBody(message({ 'content-length': '0' }))).toBe(true);
    expect(mayHaveBody(message({ 'transfer-encoding': 'chunked' }))).toBe(true);
    expect(mayHaveBody(message({ 'content-type': 'multipart/form-data; boundary=x' }))).toBe(true);
    expect(mayHaveBody(message({ accept: 'application/json' }))).toBe(false);
  });
});

/** Runs the layer on a request; resolves with what reached the final next and the order handlers ran in. */
function run(layer: RequestHandler, headers: Record<string, string>, ran: string[]): Promise<unknown> {
  return new Promise((resolve) => {
    void layer({ headers } as Request, {} as Response, ((error?: unknown) => resolve(error ?? 'passed')) as NextFunction);
  }).then((outcome) => ({ outcome, ran }));
}

describe('runOnlyWhen', () => {
  const handler = (name: string, ran: string[], act: (next: NextFunction) => unknown = (next) => next()): RequestHandler => (_req, _res, next) => {
    ran.push(name);
    return act(next);
  };
  const withBody = { 'content-length': '2' };

  it('runs the handlers in order, then goes on', async () => {
    const ran: string[] = [];
    const layer = runOnlyWhen(mayHaveBody, [handler('a', ran), handler('b', ran), handler('c', ran)]);
    expect(await run(layer, withBody, ran)).toEqual({ outcome: 'passed', ran: ['a', 'b', 'c'] });
  });

  it('skips them all for a request it does not apply to', async () => {
    const ran: string[] = [];
    const layer = runOnlyWhen(mayHaveBody, [handler('a', ran), handler('b', ran)]);
    expect(await run(layer, {}, ran)).toEqual({ outcome: 'passed', ran: [] });
  });

  it('stops at an error passed on, thrown, or rejected, and hands it to next', async () => {
    const failure = new Error('bad body');
    for (const failing of [
      (next: NextFunction) => next(failure),
      () => {
        throw failure;
      },
      () => Promise.reject(failure),
    ]) {
      const ran: string[] = [];
      const layer = runOnlyWhen(mayHaveBody, [handler('a', ran), handler('b', ran, failing), handler('c', ran)]);
      expect(await run(layer, withBody, ran)).toEqual({ outcome: failure, ran: ['a', 'b'] });
    }
  });

  it('waits for a handler that continues later (a body read from the stream)', async () => {
    const ran: string[] = [];
    const later = handler('b', ran, (next) => setTimeout(next, 5));
    const layer = runOnlyWhen(mayHaveBody, [handler('a', ran), later, handler('c', ran)]);
    expect(await run(layer, withBody, ran)).toEqual({ outcome: 'passed', ran: ['a', 'b', 'c'] });
  });
});
