import type { Request, Response } from 'express';
import { AppError } from '@social/errors';
import { errorMiddleware, GatewayError } from './errors.js';
import { streamErrorOf } from '../streaming/errors.js';

/** What the middleware answered: status, headers and body. */
function answer(error: AppError) {
  const sent = { status: 0, headers: {} as Record<string, string>, body: undefined as unknown };
  const res = {
    headersSent: false,
    setHeader: (name: string, value: string) => void (sent.headers[name.toLowerCase()] = value),
    status(code: number) {
      sent.status = code;
      return this;
    },
    json(body: unknown) {
      sent.body = body;
      return this;
    },
  } as unknown as Response;
  const formatted = JSON.parse(JSON.stringify(error.toJSON())) as GatewayError['error'];
  errorMiddleware({ error: () => undefined })(new GatewayError(formatted), { path: '/api/v1/timelines/home' } as Request, res, () => undefined);
  return sent;
}

describe('gateway errors as REST answers', () => {
  it('keeps Mastodon\'s 422 for an app token on a user\'s route, now that GraphQL says FORBIDDEN (USER_TOKEN_REQUIRED)', () => {
    expect(answer(AppError.userTokenRequired())).toEqual({ status: 422, headers: {}, body: { error: 'This method requires an authenticated user' } });
  });

  it('answers 403 for the other FORBIDDEN refusals', () => {
    expect(answer(AppError.outsideScopes())).toMatchObject({ status: 403, body: { error: 'This action is outside the authorized scopes' } });
    expect(answer(AppError.appTokenRequired())).toMatchObject({ status: 403, body: { error: 'This method requires an client credentials authentication' } });
  });

  it('answers 401 with WWW-Authenticate for UNAUTHENTICATED', () => {
    const sent = answer(AppError.invalidToken());
    expect(sent.status).toBe(401);
    expect(sent.headers['www-authenticate']).toContain('invalid_token');
  });

  it('keeps the streaming answer for an app token on a user stream: 401 Invalid access token', () => {
    const error = JSON.parse(JSON.stringify(AppError.userTokenRequired().toJSON())) as GatewayError['error'];
    expect(streamErrorOf([error], true, 'USER')).toMatchObject({ status: 401, message: 'Invalid access token' });
    const scopes = JSON.parse(JSON.stringify(AppError.outsideScopes().toJSON())) as GatewayError['error'];
    expect(streamErrorOf([scopes], true, 'USER')).toMatchObject({ status: 401, message: 'Access token does not have the required scopes' });
  });
});
