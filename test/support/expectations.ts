// Checks repeated across endpoints: JSON responses, Mastodon's error bodies,
// the 401 of a missing or invalid token, OAuth's RFC 6749 errors.
import type { ApiResponse } from '@social/testkit';

/** Mastodon answers `application/json; charset=utf-8`. */
export const JSON_CONTENT_TYPE = /^application\/json(; ?charset=utf-8)?$/i;
/** Snowflake-style ids: decimal strings. */
export const ID = /^\d+$/;
/** ISO 8601 UTC with milliseconds. */
export const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
/** Account.created_at is truncated to midnight. */
export const MIDNIGHT = /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/;
/** Tokens, client ids and secrets: URL-safe base64 only (WebSocket subprotocol-safe). */
export const URL_SAFE_SECRET = /^[A-Za-z0-9_-]{32,}$/;

export const INVALID_TOKEN = 'The access token is invalid';
export const USER_REQUIRED = 'This method requires an authenticated user';
export const OUTSIDE_SCOPES = 'This action is outside the authorized scopes';
export const RECORD_NOT_FOUND = 'Record not found';

/** Status and JSON content type; the body is shown when the status is wrong. */
export function expectJson(response: ApiResponse<unknown>, status: number): void {
  const actual = { status: response.status, contentType: response.headers['content-type'] };
  const shown = response.status === status ? actual : { ...actual, body: response.body };
  expect(shown).toEqual({ status, contentType: expect.stringMatching(JSON_CONTENT_TYPE) });
}

/** A Mastodon error: the status, JSON, and exactly `{"error": message}`. */
export function expectError(response: ApiResponse<unknown>, status: number, message: string): void {
  expectJson(response, status);
  expect(response.body).toEqual({ error: message });
}

/** 401 `The access token is invalid`, with Doorkeeper's WWW-Authenticate challenge. */
export function expectInvalidToken(response: ApiResponse<unknown>): void {
  expectError(response, 401, INVALID_TOKEN);
  expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="Doorkeeper", error="invalid_token"/);
}

/** An OAuth error (RFC 6749 5.2): `{error, error_description}` and no caching. */
export function expectOAuthError(response: ApiResponse<unknown>, status: number, error: string, description: string): void {
  expectJson(response, status);
  expect(response.body).toEqual({ error, error_description: description });
}

/** A client error of the given status, as JSON `{"error": string}` (the message is the server's own). */
export function expectClientError(response: ApiResponse<unknown>, status: number): void {
  expectJson(response, status);
  expect(response.body).toEqual({ error: expect.any(String) });
}

/** Input refused as malformed (400) or invalid (422), never a 5xx: JSON with an `error` string. */
export function expectRejected(response: ApiResponse<unknown>): void {
  const status = response.status === 400 || response.status === 422 ? '400 or 422' : response.status;
  const actual = { status, contentType: response.headers['content-type'], body: response.body };
  expect(actual).toEqual({
    status: '400 or 422',
    contentType: expect.stringMatching(JSON_CONTENT_TYPE),
    body: expect.objectContaining({ error: expect.any(String) }),
  });
}

/** created_at as integer seconds near now. */
export function expectRecentSeconds(value: unknown): void {
  expect(Number.isInteger(value)).toBe(true);
  expect(Math.abs((value as number) - Date.now() / 1000)).toBeLessThan(120);
}

/** An ISO timestamp with milliseconds near now. */
export function expectRecentTimestamp(value: unknown): void {
  expect(value).toMatch(ISO_MS);
  expect(Math.abs(Date.parse(value as string) - Date.now())).toBeLessThan(120_000);
}
