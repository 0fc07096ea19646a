import type { Response } from 'express';

/** An answer in GraphQL's error shape, as Apollo Server's own refusals are. */
export function sendGraphqlError(res: Response, status: number, message: string, code: string): void {
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}
