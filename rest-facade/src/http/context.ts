import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, Response } from 'express';
import type { CallerInfo, GatewayClient, Operation } from '../gateway-client.js';
import type { FacadeConfig } from '../config.js';
import { GatewayError, userErrorsToGatewayError, type GqlUserError } from './errors.js';
import { Params } from './params.js';
import { writeRateLimitHeaders } from './rate-limit.js';
import type { MediaUploads } from '@social/uploads';
import type { FacadeStreaming } from '../streaming/index.js';
import type { StatusReadCache } from '../cache/status-read-cache.js';

export interface FacadeServices {
  gateway: GatewayClient;
  config: FacadeConfig;
  /** Where uploaded files go before the upload mutation; media routes answer 503 without it. */
  uploads?: MediaUploads;
  /** The streaming API (SSE under /api/v1/streaming); absent, those paths are 404. */
  streaming?: FacadeStreaming;
  /** Anonymous status reads served from memory while nothing they show changed; absent when off (or authorized-only). */
  statusCache?: StatusReadCache;
}

/** Tokens are URL-safe base64; anything else cannot be a token we issued. */
const TOKEN_CHARACTERS = /^[\x21-\x7e]{1,512}$/;
/** Stands for a token that cannot exist: it resolves as unknown, like any wrong token. */
const IMPOSSIBLE_TOKEN = 'Bearer -';

/**
 * The caller as the gateway must see it: the token from the Authorization
 * header, else from the access_token parameter (Doorkeeper's order). A
 * parameter token with characters no header may carry is passed on as a
 * token that cannot exist, so it fails the same way in every deployment.
 */
function callerOf(req: Request, res: Response): CallerInfo {
  const requestId = (res.getHeader('x-request-id') as string | undefined) ?? randomUUID();
  const clientIp = req.ip ?? '';
  if (req.headers.authorization) return { authorization: req.headers.authorization, requestId, clientIp };
  const params = Params.of(req);
  const token = params.string('access_token') ?? params.string('bearer_token');
  if (token === undefined) return { requestId, clientIp };
  return { authorization: TOKEN_CHARACTERS.test(token) ? `Bearer ${token}` : IMPOSSIBLE_TOKEN, requestId, clientIp };
}

/** The bearer token the request carries, where callerOf finds it (header, then parameter); undefined without one. */
export function requestToken(req: Request): string | undefined {
  const header = req.headers.authorization;
  if (header) return /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
  const params = Params.of(req);
  return params.string('access_token') ?? params.string('bearer_token');
}

/** No token in any form: the request is answered as to anyone. */
export function isAnonymous(req: Request): boolean {
  if (req.headers.authorization !== undefined) return false;
  const params = Params.of(req);
  return params.string('access_token') === undefined && params.string('bearer_token') === undefined;
}

/** The client asks for a fresh answer (HTTP's Cache-Control: no-cache, or Pragma: no-cache). */
export function wantsRevalidation(req: IncomingMessage): boolean {
  const control = req.headers['cache-control'];
  return (control !== undefined && /(^|,)\s*(no-cache|max-age=0)\s*(,|$)/i.test(control)) || req.headers.pragma === 'no-cache';
}

/** A JSON body already serialized (what res.json would send, without serializing again). */
export function sendJsonBytes(res: ServerResponse, body: Buffer): void {
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.end(body);
}

/**
 * Runs a route's one operation and returns its data. Any error with a code
 * ends the request through the error table.
 */
export async function run<T = Record<string, unknown>, V extends object = Record<string, unknown>>(
  services: FacadeServices,
  req: Request,
  res: Response,
  operation: Operation<T, V>,
  variables: V = {} as V,
): Promise<T> {
  const result = await services.gateway.execute(operation as Operation, variables as Record<string, unknown>, callerOf(req, res));
  writeRateLimitHeaders(req, res, result.extensions?.rateLimit);
  const error = result.errors?.[0];
  if (error || !result.data) throw new GatewayError(error ?? { message: 'No data' });
  return result.data as T;
}

/**
 * A payload without user errors: by the mutation convention its object is there (docs/graphql.md#mutations).
 * A payload that answers one of two objects (scheduleStatus) names its type at the call instead.
 */
type Committed<Payload> = { [K in keyof Payload]: K extends 'errors' ? Payload[K] : NonNullable<Payload[K]> };

/**
 * Runs a route's one mutation and returns its payload (the root field
 * `field`). A payload with user errors ends the request with the REST error
 * they stand for (userErrorsToGatewayError), as top-level errors do.
 */
export async function runMutation<Result, Variables extends object, Field extends keyof Result & string>(
  services: FacadeServices,
  req: Request,
  res: Response,
  operation: Operation<Result, Variables>,
  variables: Variables,
  field: Field,
): Promise<Committed<NonNullable<Result[Field]>>>;
/** The same for an operation from an inline string, whose payload type the caller names. */
export async function runMutation<T extends object>(
  services: FacadeServices,
  req: Request,
  res: Response,
  operation: Operation,
  variables: Record<string, unknown>,
  field: string,
): Promise<T>;
export async function runMutation<T extends object>(
  services: FacadeServices,
  req: Request,
  res: Response,
  operation: Operation,
  variables: Record<string, unknown>,
  field: string,
): Promise<T> {
  const data = (await run<unknown>(services, req, res, operation, variables)) as Record<string, (T & { errors: GqlUserError[] }) | null>;
  const payload = data[field];
  if (!payload) throw new GatewayError({ message: 'No data' });
  if (payload.errors.length > 0) throw userErrorsToGatewayError(payload.errors);
  return payload;
}
