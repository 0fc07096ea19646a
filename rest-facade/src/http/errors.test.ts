import type { Request, Response } from 'express';
import { AppError } from '@social/errors';
import { errorMiddleware, GatewayError, userErrorsToGatewayError, type GqlUserError } from './errors.js';
import { streamErrorOf } from '../streaming/errors.js';

/** What the middleware answered: status, headers and body. */
function answer(error: AppError) {
  return answerGateway(new GatewayError(JSON.parse(JSON.stringify(error.toJSON())) as GatewayError['error']));
}

function answerGateway(error: GatewayError) {
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
  errorMiddleware({ error: () => undefined })(error, { path: '/api/v1/timelines/home' } as Request, res, () => undefined);
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

const userError = (code: string, message: string, field: string[] | null = null, detail: string | null = null): GqlUserError => ({ code, message, field, detail });

describe('a mutation payload\'s user errors as REST answers', () => {
  // Each pair: the error a subgraph threw before payloads, and the UserErrors its payload now carries.
  it.each([
    ['404 Record not found', AppError.notFound(), [userError('NOT_FOUND', 'Record not found')]],
    ['422 Validation failed', AppError.validation(["Text can't be blank"]), [userError('INVALID', "Validation failed: Text can't be blank", ['input', 'status'])]],
    ['400 for what cannot be read', AppError.badRequest('param is missing or the value is empty: choices'), [userError('MALFORMED', 'param is missing or the value is empty: choices', ['input', 'choices'])]],
    ['403 This action is not allowed', AppError.notAllowed(), [userError('NOT_ALLOWED', 'This action is not allowed')]],
    [
      '422 with the sign-up details, field by field in their order',
      AppError.validation(['Username has already been taken', "Password can't be blank", 'Agreement must be accepted'], {
        username: [{ error: 'ERR_TAKEN', description: 'has already been taken' }],
        password: [{ error: 'ERR_BLANK', description: "can't be blank" }],
        agreement: [{ error: 'ERR_ACCEPTED', description: 'must be accepted' }],
      }),
      [
        userError('INVALID', "Validation failed: Username has already been taken, Password can't be blank, Agreement must be accepted"),
        userError('INVALID', 'has already been taken', ['input', 'username'], 'ERR_TAKEN'),
        userError('INVALID', "can't be blank", ['input', 'password'], 'ERR_BLANK'),
        userError('INVALID', 'must be accepted', ['input', 'agreement'], 'ERR_ACCEPTED'),
      ],
    ],
  ])('%s: the same status and the same body bytes as the top-level error gave', (_name, before, errors) => {
    const expected = answer(before);
    const sent = answerGateway(userErrorsToGatewayError(errors));
    expect({ status: sent.status, headers: sent.headers, body: JSON.stringify(sent.body) }).toEqual({ status: expected.status, headers: expected.headers, body: JSON.stringify(expected.body) });
  });
});
