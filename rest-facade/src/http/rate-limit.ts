import type { ServerResponse } from 'node:http';
import type { Request, Response } from 'express';

export interface RateLimitReport {
  limit: number;
  remaining: number;
  reset: string;
}

/** Mastodon writes the reset time with six fractional digits (Ruby's iso8601(6)). */
function resetHeader(iso: string): string {
  return iso.replace(/\.(\d{3})Z$/, '.$1000Z');
}

/**
 * X-RateLimit-* on every /api/* answer, from what the gateway reported for
 * the operation: the bucket closest to being exceeded.
 */
export function writeRateLimitHeaders(req: Request, res: Response, report: unknown): void {
  if (req.path.startsWith('/api/')) setRateLimitHeaders(res, report);
}

/** The X-RateLimit-* headers of a report (none without one). */
export function setRateLimitHeaders(res: ServerResponse, report: unknown): void {
  if (!report || typeof report !== 'object') return;
  const { limit, remaining, reset } = report as RateLimitReport;
  res.setHeader('X-RateLimit-Limit', String(limit));
  res.setHeader('X-RateLimit-Remaining', String(remaining));
  res.setHeader('X-RateLimit-Reset', resetHeader(reset));
}

/** Whole seconds until a report's bucket refills (at least one): Retry-After of a 429 the facade answers itself. */
export function retryAfterOf(report: unknown): number | undefined {
  const reset = report && typeof report === 'object' ? Date.parse((report as RateLimitReport).reset) : NaN;
  return Number.isNaN(reset) ? undefined : Math.max(1, Math.ceil((reset - Date.now()) / 1000));
}
