// Issue #7, "bad input never breaks it": every route of the facade's route table, with a
// table of hostile inputs (ids that are not ids, limits out of range, values of every wrong
// type for each declared parameter, huge, empty, odd Unicode and invalid UTF-8, NUL in paths and queries,
// malformed JSON, form and multipart bodies, oversized bodies, bad tokens). Every answer is
// below 500, and every refusal is JSON {"error": string} (HTML pages and OAuth's own error
// shape excepted, as Mastodon does). Nothing is created by a refused request.
import type { TestUser } from '@social/testkit';
import { baseUrl, rig } from '../support/server';
import { concretePath, label, routes, type Route } from '../support/route-table';
import { pool } from '../support/pool';
import { describeOnEmbeddedAndMulti } from '../support/targets';

jest.setTimeout(300_000);

interface Hostile {
  /** What the case tries. */
  name: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Use this Authorization header instead of the user's token. */
  authorization?: string | null;
}

interface Outcome {
  route: string;
  hostile: string;
  status: number;
  contentType: string;
  /** A JSON object with an `error` string. */
  jsonError: boolean;
  excerpt: string;
}

const HUGE = 'x'.repeat(100_000);
const ODD_UNICODE = '\u202e\u200d\ufeff\u{1f469}\u200d\u{1f4bb}\u0301\uffff\u{10ffff}';
/** Values of every JSON type, for a parameter whose declared type is something else. */
const WRONG_VALUES: Array<[string, unknown]> = [
  ['an object', { nested: { deeper: [1] } }],
  ['an array', [1, 'two', null]],
  ['a huge number', 1e308],
  ['a negative number', -1],
  ['true', true],
  ['null', null],
  ['an empty string', ''],
  ['a 100 KB string', HUGE],
  ['odd Unicode', ODD_UNICODE],
];

const PATH_IDS = ['abc', '-1', '1.5', '99999999999999999999999999', '0x10', '9223372036854775808', 'y'.repeat(3000), '%E2%80%AE1', '%FF%FE', '..%2F..%2Fetc', '%00', '1%00'];
const QUERIES = ['limit=-5', 'limit=99999999999999999999', 'limit=abc', 'limit[]=1', 'limit[a]=1', 'max_id=abc&since_id=-1&min_id=1e9', 'max_id[]=1', `q=${encodeURIComponent(ODD_UNICODE)}`, 'a%5B%5D%5B%5D%5B%5D=1', 'x=%C3%28', 'max_id=%00', 'q=a%00b&tag=%00'];

/** Every routed path with its parameters filled with hostile ids. */
function pathCases(route: Route): Hostile[] {
  if (!route.path.includes(':')) return [];
  return PATH_IDS.map((id) => ({ name: `path id ${id.slice(0, 30)}`, path: route.path.replace(/:(\w+)/g, id) }));
}

function queryCases(route: Route): Hostile[] {
  return QUERIES.map((query) => ({ name: `query ${query.slice(0, 40)}`, path: `${concretePath(route)}?${query}` }));
}

function json(value: unknown): Pick<Hostile, 'headers' | 'body'> {
  return { headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

function bodyCases(route: Route): Hostile[] {
  if (route.method === 'get') return [];
  const params = Object.keys(route.doc?.params ?? {});
  const named = params.length > 0 ? params : ['status', 'id', 'title'];
  const cases: Hostile[] = [
    { name: 'malformed JSON', headers: { 'content-type': 'application/json' }, body: '{"status": "unfinished' },
    { name: 'JSON that is not an object', ...json([1, 2, 3]) },
    { name: 'a JSON string', ...json('just a string') },
    { name: 'JSON with a lone surrogate', headers: { 'content-type': 'application/json' }, body: `{"${named[0]}": "\\ud800"}` },
    { name: 'deeply nested JSON', headers: { 'content-type': 'application/json' }, body: `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}` },
    { name: 'form with invalid UTF-8', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from([...Buffer.from(`${named[0]}=`), 0xc3, 0x28, 0xff]) },
    { name: 'form with 2,000 parameters', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Array.from({ length: 2000 }, (_, i) => `p${i}=1`).join('&') },
    { name: 'form nesting brackets', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `${named[0]}${'[a]'.repeat(50)}=1&${named[0]}[]=1` },
    { name: 'multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, body: 'garbage' },
    { name: 'multipart cut short', headers: { 'content-type': 'multipart/form-data; boundary=XyZ' }, body: `--XyZ\r\nContent-Disposition: form-data; name="${named[0]}"\r\n\r\nvalue` },
    { name: 'an unknown content type', headers: { 'content-type': 'application/x-unknown' }, body: 'whatever' },
    { name: 'a 2 MB JSON body', ...json({ [named[0] as string]: 'z'.repeat(2 * 1024 * 1024) }) },
    { name: 'extra and prototype-polluting fields', headers: { 'content-type': 'application/json' }, body: '{"unexpected":1,"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}' },
  ];
  for (const param of named) {
    for (const [description, value] of WRONG_VALUES) cases.push({ name: `${param} as ${description}`, ...json({ [param]: value }) });
  }
  return cases;
}

const TOKEN_CASES: Hostile[] = [
  { name: 'a garbage token', authorization: 'Bearer not-a-token' },
  { name: 'a 5,000-character token', authorization: `Bearer ${'t'.repeat(5000)}` },
  { name: 'Basic credentials', authorization: 'Basic dXNlcjpwYXNz' },
  { name: 'an empty Bearer', authorization: 'Bearer ' },
  { name: 'a Latin-1 token', authorization: 'Bearer caf\u00e9' },
];

/** Routes that hold the connection open, or answer pages rather than JSON. */
const isStream = (route: Route) => route.path.includes('/streaming');
const isHtml = (route: Route) => route.doc?.responds === 'html' || route.path.startsWith('/oauth/authorize');

async function send(route: Route, hostile: Hostile, token: string): Promise<Outcome> {
  const headers: Record<string, string> = { accept: 'application/json', ...hostile.headers };
  const authorization = hostile.authorization === undefined ? `Bearer ${token}` : hostile.authorization;
  if (authorization !== null) headers.authorization = authorization;
  const response = await fetch(`${baseUrl}${hostile.path ?? concretePath(route)}`, {
    method: route.method.toUpperCase(),
    headers,
    body: route.method === 'get' ? undefined : hostile.body,
    redirect: 'manual',
  });
  const contentType = response.headers.get('content-type') ?? '';
  const text = await response.text();
  let jsonError = false;
  try {
    const body = JSON.parse(text) as unknown;
    jsonError = /^application\/json/.test(contentType) && typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
  } catch {
    // not JSON
  }
  return { route: label(route), hostile: hostile.name, status: response.status, contentType, jsonError, excerpt: text.slice(0, 200) };
}

describeOnEmbeddedAndMulti('hostile input on every route', () => {
  let user: TestUser;
  const outcomes: Outcome[] = [];

  beforeAll(async () => {
    user = await rig.newUser('hostile');
    const walked = routes.filter((route) => !isStream(route));
    const tasks = walked.flatMap((route) =>
      [...pathCases(route), ...queryCases(route), ...bodyCases(route), ...TOKEN_CASES].map((hostile) => () => send(route, hostile, user.token)),
    );
    outcomes.push(...(await pool(tasks, 6)));
    process.stderr.write(`[hostile input] ${outcomes.length} requests over ${walked.length} routes, ${outcomes.filter((o) => o.status >= 500).length} answered 5xx\n`);
  });

  it('tries a few thousand hostile requests', () => {
    expect(outcomes.length).toBeGreaterThan(2000);
  });

  it('never answers 5xx', () => {
    expect(outcomes.filter((outcome) => outcome.status >= 500)).toEqual([]);
  });

  it('answers every refusal of a JSON route with a JSON {"error": ...} body', () => {
    const jsonRoutes = new Set(routes.filter((route) => !isStream(route) && !isHtml(route)).map(label));
    const bad = outcomes.filter((outcome) => outcome.status >= 400 && jsonRoutes.has(outcome.route) && !outcome.jsonError);
    expect(bad).toEqual([]);
  });

  it('created no status from a refused request: the count matches the accepted posts', async () => {
    const accepted = outcomes.filter((outcome) => outcome.route === 'POST /api/v1/statuses' && outcome.status === 200).length;
    const account = await rig.verifyCredentials(user.token);
    expect(account.statuses_count).toBe(accepted);
  });
});
