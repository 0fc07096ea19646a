// The facade's route table, read by the scope and authorized-only tests: every route
// declares who may call it (rest-facade/src/routes/route.ts), and these tests check
// the server enforces exactly that, route by route, including routes added later.
import { routes } from '../../rest-facade/src/routes/index';
import type { Route, RouteScopes } from '../../rest-facade/src/routes/route';

export { routes };
export type { Route, RouteScopes };

/** A route with a token-requiring declaration. */
export type RequiredScopes = Extract<RouteScopes, { required: unknown }>;
export type PublicScopes = Extract<RouteScopes, { public: unknown }>;

export function isRequired(scopes: RouteScopes): scopes is RequiredScopes {
  return typeof scopes === 'object' && 'required' in scopes;
}

export function isPublic(scopes: RouteScopes): scopes is PublicScopes {
  return typeof scopes === 'object' && 'public' in scopes;
}

/** `GET /api/v1/accounts/:id/follow` with every path parameter filled with an id no record has. */
export function concretePath(route: Route): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => (name === 'tag' ? 'notatag' : '1'));
}

export function label(route: Route): string {
  return `${route.method.toUpperCase()} ${route.path}`;
}

export interface Probe {
  status: number;
  contentType: string;
  body: unknown;
}

/**
 * One request with no body, reading the status and, unless the route holds
 * the connection open (a stream), the JSON body.
 */
export async function probe(baseUrl: string, route: Route, token?: string): Promise<Probe> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${baseUrl}${concretePath(route)}`, {
    method: route.method.toUpperCase(),
    headers,
    redirect: 'manual',
    signal: controller.signal,
  });
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.startsWith('text/event-stream')) {
    controller.abort();
    return { status: response.status, contentType, body: null };
  }
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, contentType, body };
}
