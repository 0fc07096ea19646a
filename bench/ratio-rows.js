// The rows of `bench:ratio --all` (fixtures.js's data) and the check that the
// server and the reference answer each of them with the same body.
'use strict';
const path = require('node:path');
const { ROOT } = require('./lib.js');
const { endpoints } = require('./fixtures.js');

/**
 * The facade's own operations for the GraphQL rows: the documents its home
 * and context routes send (fragments included), as a frontend on /graphql
 * would send them; and its mapper, to check the answer is the REST body.
 */
function facadeOperations() {
  const dist = (file) => require(path.join(ROOT, 'rest-facade/dist', file));
  dist('routes/timelines/home.js');
  dist('routes/statuses/context.js');
  const byName = new Map(dist('entities/operation.js').definedOperations().map((op) => [op.name, op]));
  return { home: byName.get('GetHomeTimeline'), context: byName.get('GetStatusContext'), statusToMastodon: dist('entities/status/to-mastodon.js').statusToMastodon };
}

/**
 * Each row: its requests (`server` differs from the reference's for the
 * GraphQL rows, whose yardstick is the REST reference), its goal as a
 * multiple of the bare status read's CPU per request (`relative`: a factor
 * of another row's server figure instead), and how its bodies are compared.
 * Writes come last: the post adds statuses to bench's home timeline.
 */
function ratioRows(scenario) {
  const table = endpoints(scenario);
  const auth = { authorization: `Bearer ${scenario.token}` };
  const get = (url) => ({ method: 'GET', path: url, headers: auth });
  const ops = facadeOperations();
  const graphql = (operation, variables) => ({
    method: 'POST',
    path: '/graphql',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ query: operation.document, operationName: operation.name, variables }),
  });
  const home = get('/api/v1/timelines/home?limit=20');
  const context = table.context.requests[0];
  return [
    { name: 'status (anonymous)', requests: table.status.requests, goal: null },
    { name: 'status, signed in', requests: [get(`/api/v1/statuses/${scenario.statusId}`)], goal: 4 },
    { name: 'context of 40, signed in', requests: [context], goal: 15 },
    { name: 'home, 20', requests: [home], goal: 10 },
    { name: 'notifications, 20', requests: [get('/api/v1/notifications?limit=20')], goal: 10 },
    {
      name: 'GraphQL home',
      requests: [home],
      server: [graphql(ops.home, { limit: 20 })],
      relative: { row: 'home, 20', factor: 1.2 },
      graphql: (data) => data.page.items.map((s) => ops.statusToMastodon(s)),
    },
    {
      name: 'GraphQL context',
      requests: [context],
      server: [graphql(ops.context, { id: scenario.threadTargetId })],
      relative: { row: 'context of 40, signed in', factor: 1.2 },
      graphql: (data) => ({ ancestors: data.context.ancestors.map((s) => ops.statusToMastodon(s)), descendants: data.context.descendants.map((s) => ops.statusToMastodon(s)) }),
    },
    { name: 'favourite / unfavourite', requests: table.favourite.requests, goal: 5, write: 'favourite' },
    { name: 'post', requests: table.post.requests, goal: 6, write: 'post' },
  ];
}

/** Paths (`/0/account/statuses_count`) where two JSON values differ. */
function differences(a, b, at = '', out = []) {
  if (JSON.stringify(a) === JSON.stringify(b)) return out;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (!Array.isArray(a) && keysA.join() !== keysB.join() && [...keysA].sort().join() === [...keysB].sort().join()) out.push(`${at || '/'} (key order)`);
    for (const key of new Set([...keysA, ...keysB])) differences(a[key], b[key], `${at}/${key}`, out);
  } else {
    out.push(at || '/');
  }
  return out;
}

async function call(baseUrl, request) {
  const url = request.path;
  const res = await fetch(`${baseUrl}${url}`, { method: request.method, headers: request.headers, body: request.body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${request.method} ${baseUrl}${url}: ${res.status} ${text.slice(0, 300)}`);
  return { text, json: JSON.parse(text) };
}

/** What a new status's answer has of its own: left out of the post's comparison. */
const FRESH = new Set(['/id', '/created_at', '/uri', '/url', '/account/statuses_count', '/account/last_status_at']);

/**
 * Compares the row's answers and prints `<row>: bodies identical (<n> bytes)`
 * or a WARNING with the paths that differ. The GraphQL rows: the answer must
 * have no errors, and mapped by the facade's own mapper it must be the REST
 * reference's body. Writes: favourite then unfavourite of one status on each
 * side in turn (both start unfavourited); a post on each side, its own
 * id, time and the author's counters left out.
 */
async function compareRow(row, server, reference, scenario) {
  let pairs;
  if (row.write === 'favourite') {
    const target = scenario.favouriteTargets[scenario.favouriteTargets.length - 1];
    const post = (action) => ({ method: 'POST', path: `/api/v1/statuses/${target}/${action}`, headers: row.requests[0].headers });
    const answers = [];
    for (const base of [server.baseUrl, reference.baseUrl]) answers.push([await call(base, post('favourite')), await call(base, post('unfavourite'))]);
    pairs = answers[0].map((answer, i) => [answer, answers[1][i]]);
  } else if (row.write === 'post') {
    pairs = [[await call(server.baseUrl, row.requests[0]), await call(reference.baseUrl, row.requests[0])]];
  } else if (row.server) {
    const [answer, expected] = await Promise.all([call(server.baseUrl, row.server[0]), call(reference.baseUrl, row.requests[0])]);
    if (answer.json.errors?.length || !answer.json.data) {
      return console.log(`${row.name}: WARNING: errors ${JSON.stringify(answer.json.errors).slice(0, 300)}`);
    }
    const mapped = JSON.stringify(row.graphql(answer.json.data));
    pairs = [[{ text: mapped, json: JSON.parse(mapped) }, expected]];
  } else {
    pairs = [await Promise.all([call(server.baseUrl, row.requests[0]), call(reference.baseUrl, row.requests[0])])];
  }
  const paths = pairs.flatMap(([a, b]) => differences(a.json, b.json)).filter((p) => !(row.write === 'post' && FRESH.has(p)));
  const bytes = pairs.map(([a]) => a.text.length).join(' + ');
  if (paths.length === 0) {
    const what = row.write === 'post' ? ' but for the new status id, time and counters' : row.server ? ' (GraphQL answer, no errors, mapped as the facade maps it)' : '';
    return console.log(`${row.name}: bodies identical${what} (${bytes} bytes)`);
  }
  console.log(`${row.name}: WARNING: the bodies differ at ${[...new Set(paths)].slice(0, 20).join(', ')}; the ratio compares different work`);
}

module.exports = { ratioRows, compareRow };
