// The data every benchmark endpoint reads, seeded over the REST API, and the
// five endpoints as autocannon requests.
'use strict';

const form = (obj) => new URLSearchParams(obj);

async function call(baseUrl, method, path, { token, body } = {}) {
  const res = await fetch(`${baseUrl}${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {}, body: body ? form(body) : undefined });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Parallel, a few at a time (the server's own pace, not the benchmark's). */
async function inBatches(items, size, fn) {
  const results = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return results;
}

/**
 * Three users; `bench` follows the other two. The status read target is
 * bench's public status with a link and a hashtag; the thread is 40
 * statuses long (each replying to the one before, authors alternating), and
 * its middle one is the context target (19 ancestors, 20 descendants); each
 * friend has 20 more public statuses (home timeline: a full page of 20 out of
 * 80, with the thread); `favouriteTargets` are 32 of them, one per
 * connection.
 */
async function seedScenario(baseUrl) {
  const app = await call(baseUrl, 'POST', '/api/v1/apps', { body: { client_name: 'bench', redirect_uris: 'urn:ietf:wg:oauth:2.0:oob', scopes: 'read write follow' } });
  const appToken = await call(baseUrl, 'POST', '/oauth/token', {
    body: { grant_type: 'client_credentials', client_id: app.client_id, client_secret: app.client_secret, scope: 'read write follow' },
  });
  const users = await inBatches(['bench', 'friend1', 'friend2'], 3, async (username) => {
    const { access_token: token } = await call(baseUrl, 'POST', '/api/v1/accounts', {
      token: appToken.access_token,
      body: { username, email: `${username}@example.com`, password: 'benchmark-password', agreement: 'true' },
    });
    const account = await call(baseUrl, 'GET', '/api/v1/accounts/verify_credentials', { token });
    return { token, id: account.id };
  });
  const [bench, ...friends] = users;
  for (const friend of friends) await call(baseUrl, 'POST', `/api/v1/accounts/${friend.id}/follow`, { token: bench.token });
  const post = (user, body) => call(baseUrl, 'POST', '/api/v1/statuses', { token: user.token, body });
  const status = await post(bench, { status: 'Benchmark status with a link https://example.com/page and a #tag' });
  const thread = [];
  for (let i = 0; i < 40; i++) {
    const author = users[i % 3];
    const reply = thread.length ? { in_reply_to_id: thread[thread.length - 1].id } : {};
    thread.push(await post(author, { status: `Thread post ${i + 1} #benchthread`, ...reply }));
  }
  const friendStatuses = await inBatches([...Array(40).keys()], 4, (i) => post(friends[i % 2], { status: `Friend post ${i + 1}` }));
  return {
    token: bench.token,
    statusId: status.id,
    threadTargetId: thread[19].id,
    favouriteTargets: friendStatuses.slice(0, 32).map((s) => s.id),
  };
}

/**
 * The table's endpoints as autocannon options. Reads are anonymous for the
 * status (the reference's case; statusAuth is the same read signed in) and
 * signed in for the thread and home;
 * the favourite row alternates favourite and unfavourite on a status of its
 * own per connection, so every request writes.
 */
function endpoints(scenario) {
  const auth = { authorization: `Bearer ${scenario.token}` };
  let nextTarget = 0;
  const target = (context) => {
    context.statusId ??= scenario.favouriteTargets[nextTarget++ % scenario.favouriteTargets.length];
    return context.statusId;
  };
  return {
    status: { title: 'GET /api/v1/statuses/:id', requests: [{ method: 'GET', path: `/api/v1/statuses/${scenario.statusId}` }] },
    statusAuth: { title: 'GET /api/v1/statuses/:id (signed in)', requests: [{ method: 'GET', path: `/api/v1/statuses/${scenario.statusId}`, headers: auth }] },
    context: { title: 'GET /api/v1/statuses/:id/context (thread of 40)', requests: [{ method: 'GET', path: `/api/v1/statuses/${scenario.threadTargetId}/context`, headers: auth }] },
    post: {
      title: 'POST /api/v1/statuses',
      requests: [{ method: 'POST', path: '/api/v1/statuses', headers: { ...auth, 'content-type': 'application/x-www-form-urlencoded' }, body: 'status=Benchmark+post' }],
    },
    favourite: {
      title: 'POST /api/v1/statuses/:id/favourite (+ unfavourite)',
      requests: [
        { method: 'POST', headers: auth, setupRequest: (req, context) => ({ ...req, path: `/api/v1/statuses/${target(context)}/favourite` }) },
        { method: 'POST', headers: auth, setupRequest: (req, context) => ({ ...req, path: `/api/v1/statuses/${target(context)}/unfavourite` }) },
      ],
    },
    home: { title: 'GET /api/v1/timelines/home', requests: [{ method: 'GET', path: '/api/v1/timelines/home', headers: auth }] },
  };
}

module.exports = { seedScenario, endpoints, call };
