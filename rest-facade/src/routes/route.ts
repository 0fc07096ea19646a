import type { Request, Response } from 'express';
import type { FacadeServices } from '../http/context.js';

/**
 * Who may call a route, declared beside it as each Mastodon controller
 * declares its doorkeeper_authorize! scopes. The subgraph enforces the rule;
 * this declaration is what the scope table test checks it against, route by
 * route (test/api/scopes.e2e.test.ts), so the two cannot drift apart.
 *
 * - `'none'`: takes no bearer token (OAuth endpoints, app registration,
 *   discovery, the authorize pages); open in authorized-only mode too.
 * - `{ public: [...] }`: no token needed; a token given must carry one of
 *   these scopes (Mastodon's authorize_if_got_token!). In authorized-only
 *   mode it needs a user token.
 * - `{ required: [...] }`: a token with any one of these scopes; `as: 'user'`
 *   when it acts for a user (an app token gets 422), `as: 'app'` when only a
 *   client-credentials token will do (sign-up).
 * - `{ required: 'any' }`: any valid token, no scope (apps/verify_credentials).
 */
export type RouteScopes =
  | 'none'
  | { readonly public: readonly string[] }
  | { readonly required: readonly string[] | 'any'; readonly as?: 'user' | 'app' };

/**
 * A parameter's type in the OpenAPI document: `string[]` is Rails' `name[]`,
 * `object` a nested hash (`poll[...]`); a trailing `!` marks a required one.
 */
export type ParamType = `${'string' | 'integer' | 'boolean' | 'string[]' | 'object' | 'file'}${'' | '!'}`;

/**
 * What the OpenAPI document says of a route (rest-facade/src/openapi); its
 * scopes and `:path` parameters come from the route itself.
 */
export interface RouteDoc {
  summary: string;
  /**
   * The success body: an entity schema's name (`'Status'`), one in brackets
   * for a list of them (`['Status']`), `'html'` for a page, `'xrd'` for an XRD (XML) document, or `'redirect'`.
   */
  responds: string | readonly [string];
  /** The success status, when not 200; several when it varies (202 while processing). */
  status?: number | readonly number[];
  /** Query parameters (GET, DELETE) or body fields (POST, PUT, PATCH). */
  params?: Readonly<Record<string, ParamType>>;
  /** A list paged by max_id, since_id, min_id and limit, with a Link header. */
  paged?: boolean;
}

/** A REST route: data the app mounts and the route-list and scope-table tests read. */
export interface Route {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  scopes: RouteScopes;
  /** Its entry in the OpenAPI document (GET /api/openapi.json, rest-facade/openapi.json). */
  doc?: RouteDoc;
  /** The route reads a multipart body itself, streaming its files (media uploads); other bodies are parsed as usual. */
  streamsFiles?: boolean;
  handle(services: FacadeServices, req: Request, res: Response): Promise<void>;
}

/**
 * The scopes that cover a granular scope: itself and its top-level scope
 * (`read` covers `read:statuses`, `admin:read` covers `admin:read:reports`), as each Mastodon controller lists both.
 * Extra scopes (the legacy `follow`, `profile`) are added as given.
 */
export function covering(granular: string, ...extra: string[]): string[] {
  // admin:read:reports is covered by admin:read (docs/api/moderation.md#scopes-and-permissions).
  const top = granular.startsWith('admin:') ? granular.split(':').slice(0, 2).join(':') : granular.split(':')[0];
  return [...new Set([...extra, ...(top === granular ? [] : [top]), granular])];
}

/** A token acting for a user, with one of the scopes covering `granular`. */
export function userScopes(granular: string, ...extra: string[]): RouteScopes {
  return { required: covering(granular, ...extra), as: 'user' };
}

/** Public; a token given must carry a scope covering `granular`. */
export function publicScopes(granular: string): RouteScopes {
  return { public: covering(granular) };
}
