// What /api/v2/instance advertises must exist: clients pick endpoints from `api_versions.mastodon`
// and from the leading `version` (Phanpy and Ice Cubes load their Notifications tab from
// /api/v2/notifications once either says 4.3 / level 2, and it was a 404). Each row below is a
// level (and the Mastodon release that brought it) with the endpoints clients then call; every row
// the server's advertisement reaches must be served. Raising the level or the version without
// building a row's endpoints fails here; a level beyond the table fails until its row is written.
import type { TestUser } from '@social/testkit';
import { routes, type Route } from '../support/route-table';
import { api, rig } from '../support/server';
import { describeOnAnyOneTarget } from '../support/targets';

interface Level {
  level: number;
  /** The Mastodon release that advertised it: clients that read `version` key on this. */
  version: string;
  endpoints: string[];
}

/** Mastodon's API levels and what clients call once they see each (docs/api/versions.md#api_versions). */
const LEVELS: Level[] = [
  { level: 1, version: '4.0.0', endpoints: ['GET /api/v1/notifications', 'GET /api/v2/instance', 'GET /api/v2/filters', 'POST /api/v2/media'] },
  {
    level: 2,
    version: '4.3.0',
    endpoints: [
      // Grouped notifications (Phanpy, Ice Cubes), their policy and requests.
      'GET /api/v2/notifications',
      'GET /api/v2/notifications/:group_key',
      'GET /api/v2/notifications/:group_key/accounts',
      'POST /api/v2/notifications/:group_key/dismiss',
      'GET /api/v2/notifications/unread_count',
      'GET /api/v2/notifications/policy',
      'PATCH /api/v2/notifications/policy',
      'GET /api/v1/notifications/requests',
      // Keyed on the 4.3 version: Phanpy fetches several statuses at once, Ice Cubes shows link timelines.
      'GET /api/v1/statuses',
      'GET /api/v1/timelines/link',
    ],
  },
];

/** `4.2.0 (compatible; ...)` -> [4, 2, 0]. */
function leadingVersion(version: string): number[] {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!match) throw new Error(`version ${version} does not start with a Mastodon version`);
  return match.slice(1).map(Number);
}

function atLeast(version: number[], than: number[]): boolean {
  for (let i = 0; i < than.length; i++) if ((version[i] ?? 0) !== than[i]) return (version[i] ?? 0) > (than[i] as number);
  return true;
}

function routeOf(endpoint: string): Route | undefined {
  const [method, path] = endpoint.split(' ') as [string, string];
  const pattern = (p: string) => p.replace(/:\w+/g, ':');
  return routes.find((route) => route.method === method.toLowerCase() && pattern(route.path) === pattern(path));
}

describeOnAnyOneTarget('the API level /api/v2/instance advertises', () => {
  let advertised: { level: number; version: number[] };
  let user: TestUser;

  beforeAll(async () => {
    const instance = await api.get<{ version: string; api_versions: { mastodon: number } }>('/api/v2/instance');
    advertised = { level: instance.body.api_versions.mastodon, version: leadingVersion(instance.body.version) };
    user = await rig.newUser('levels');
  });

  it('is a level whose endpoints this table lists', () => {
    expect(Number.isInteger(advertised.level)).toBe(true);
    expect(advertised.level).toBeLessThanOrEqual(Math.max(...LEVELS.map((row) => row.level)));
  });

  it('is the same in /api/v1/instance and NodeInfo', async () => {
    const [v2, v1, nodeinfo] = await Promise.all([api.get('/api/v2/instance'), api.get('/api/v1/instance'), api.get('/nodeinfo/2.0')]);

    expect(v1.body.version).toBe(v2.body.version);
    expect((nodeinfo.body.software as { version: string }).version).toBe(v2.body.version);
  });

  describe.each(LEVELS.map((row) => [row.level, row.version, row] as const))('level %i (Mastodon %s)', (_level, _version, row) => {
    const reached = () => advertised.level >= row.level || atLeast(advertised.version, leadingVersion(row.version));

    it.each(row.endpoints)('%s is served when the advertisement reaches this level', async (endpoint) => {
      if (!reached()) return;
      const route = routeOf(endpoint);
      expect({ endpoint, inRouteTable: route !== undefined }).toEqual({ endpoint, inRouteTable: true });
      const [method, path] = endpoint.split(' ') as [string, string];
      const response = await api.send(method, path.replace(/:\w+/g, 'ungrouped-1'), { token: user.token });
      // The facade's unknown-path answer; a route's own 404 (Record not found) shows the endpoint exists.
      expect({ endpoint, status: response.status, body: response.body }).not.toEqual({ endpoint, status: 404, body: { error: 'Not Found' } });
    });
  });

});
