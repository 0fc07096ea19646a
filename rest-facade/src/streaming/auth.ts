import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { StreamCaller } from './hub.js';

/** Tokens we issue are URL-safe base64; anything else cannot be one. */
const TOKEN_CHARACTERS = /^[\x21-\x7e]{1,512}$/;
/** Stands for a token that cannot exist: it fails as any unknown token does. */
const IMPOSSIBLE_TOKEN = 'Bearer -';

function bearer(token: string): string {
  return TOKEN_CHARACTERS.test(token) ? `Bearer ${token}` : IMPOSSIBLE_TOKEN;
}

/**
 * The caller of a streaming request, token by Mastodon's precedence: the
 * Authorization header, the access_token parameter, then (WebSocket) the
 * raw Sec-WebSocket-Protocol value.
 */
export function streamCallerOf(req: IncomingMessage, query: URLSearchParams, options: { protocol?: string | null } = {}): StreamCaller {
  const incoming = req.headers['x-request-id'];
  const requestId = typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  const header = req.headers.authorization;
  if (header) return { authorization: /^Bearer\s+\S+\s*$/i.test(header) ? header : IMPOSSIBLE_TOKEN, requestId, hasToken: true };
  const token = query.get('access_token') || options.protocol;
  if (token) return { authorization: bearer(token), requestId, hasToken: true };
  return { requestId, hasToken: false };
}
