import { routes } from './index.js';
import { mountingOrder, shadows } from './mounting-order.js';
import type { Route } from './route.js';

function route(method: Route['method'], path: string): Route {
  return { method, path, scopes: 'none', handle: async () => undefined };
}

const label = (r: Route) => `${r.method.toUpperCase()} ${r.path}`;

describe('the route table', () => {
  it('mounts no route with a parameter before a route with a fixed segment in its place that it would answer for', () => {
    const shadowed: string[] = [];
    routes.forEach((earlier, i) => {
      for (const later of routes.slice(i + 1)) if (shadows(earlier, later)) shadowed.push(`${label(earlier)} takes ${label(later)}`);
    });

    expect(shadowed).toEqual([]);
  });

  it('mounts the fixed account paths before GET /api/v1/accounts/:id', () => {
    const position = (path: string) => routes.findIndex((r) => r.method === 'get' && r.path === path);

    const fixed = ['verify_credentials', 'relationships', 'lookup', 'search', 'familiar_followers'].map((name) => `/api/v1/accounts/${name}`);
    for (const path of fixed) {
      expect(position(path)).toBeGreaterThanOrEqual(0);
      expect(position(path)).toBeLessThan(position('/api/v1/accounts/:id'));
    }
  });
});

describe('mountingOrder', () => {
  it('moves a fixed path listed after a parameter in its place ahead of it, keeping the rest in order', () => {
    const byId = route('get', '/api/v1/accounts/:id');
    const lookup = route('get', '/api/v1/accounts/lookup');
    const follow = route('post', '/api/v1/accounts/:id/follow');
    const followers = route('get', '/api/v1/accounts/:id/followers');

    expect(mountingOrder([byId, follow, followers, lookup]).map(label)).toEqual([
      'GET /api/v1/accounts/lookup', 'GET /api/v1/accounts/:id', 'POST /api/v1/accounts/:id/follow', 'GET /api/v1/accounts/:id/followers',
    ]);
  });

  it('moves it at the first place where it parts from the earlier route', () => {
    const a = route('get', '/api/v1/lists/:id/accounts');
    const b = route('get', '/api/v1/lists/mine/:what');

    expect(mountingOrder([a, b]).map(label)).toEqual(['GET /api/v1/lists/mine/:what', 'GET /api/v1/lists/:id/accounts']);
  });

  it('leaves routes of other methods, other lengths and other fixed segments where they are', () => {
    const listed = [
      route('get', '/api/v1/statuses/:id'),
      route('delete', '/api/v1/statuses/mine'),
      route('get', '/api/v1/statuses/:id/context'),
      route('get', '/api/v1/timelines/:kind'),
      route('get', '/api/v1/statuses'),
    ];

    expect(mountingOrder(listed)).toEqual(listed);
  });

  it('compares paths as express matches them, without regard to case', () => {
    expect(shadows(route('get', '/api/v1/Accounts/:id'), route('get', '/API/v1/accounts/lookup'))).toBe(true);
    expect(shadows(route('get', '/api/v1/accounts/lookup'), route('get', '/api/v1/accounts/:id'))).toBe(false);
  });
});
