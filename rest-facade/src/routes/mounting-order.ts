import type { Route } from './route.js';

function segments(path: string): string[] {
  return path.toLowerCase().split('/').filter(Boolean);
}

const isParam = (segment: string) => segment.startsWith(':');

/**
 * Where two routes of one method first part ways, if some request path
 * matches both (one segment each, literals equal or a parameter on either
 * side): the two segments there. Null when no path matches both, or the two
 * are the same pattern.
 */
function overlap(a: Route, b: Route): { a: string; b: string } | null {
  if (a.method !== b.method) return null;
  const left = segments(a.path);
  const right = segments(b.path);
  if (left.length !== right.length) return null;
  let first: { a: string; b: string } | null = null;
  for (let i = 0; i < left.length; i++) {
    const [x, y] = [left[i], right[i]];
    if (x === y || (isParam(x) && isParam(y))) continue;
    if (!isParam(x) && !isParam(y)) return null;
    first ??= { a: x, b: y };
  }
  return first;
}

/**
 * Whether `earlier`, mounted first, takes requests meant for `later`: express
 * tries routes in mounting order, so `/api/v1/accounts/:id` mounted before
 * `/api/v1/accounts/lookup` would answer every lookup with Record not found.
 */
export function shadows(earlier: Route, later: Route): boolean {
  const parting = overlap(earlier, later);
  return parting !== null && isParam(parting.a) && !isParam(parting.b);
}

/**
 * The routes in the order given, except that a route with a fixed segment
 * goes before any route that has a parameter in that place and would take
 * its requests: so where a resource's routes sit in the table does not
 * decide which one answers.
 */
export function mountingOrder(routes: readonly Route[]): Route[] {
  const ordered: Route[] = [];
  for (const route of routes) {
    const at = ordered.findIndex((mounted) => shadows(mounted, route));
    if (at === -1) ordered.push(route);
    else ordered.splice(at, 0, route);
  }
  return ordered;
}
