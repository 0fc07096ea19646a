import type { RequestHandler } from 'express';
import { sendUnavailable } from './errors.js';

/**
 * Load shedding: past `max` requests in flight in this process, answer 503
 * with Retry-After at once instead of queueing without bound (memory and
 * latency would grow for everyone).
 */
export function loadShedding(max: number): RequestHandler {
  let inFlight = 0;
  return (req, res, next) => {
    // Health checks must see a busy process as alive; streams have their own limits.
    if (req.path === '/health' || req.path.startsWith('/api/v1/streaming')) {
      next();
      return;
    }
    if (inFlight >= max) {
      sendUnavailable(res);
      return;
    }
    inFlight += 1;
    // A response emits 'close' once, after its end was sent or when the client went away.
    res.once('close', () => {
      inFlight -= 1;
    });
    next();
  };
}
