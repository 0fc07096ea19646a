// Issue #7, faults, on PostgreSQL and Redis servers of the test's own (spare ports):
// - PostgreSQL stopped while serving: requests fail fast with 503 {"error": ...} and Retry-After (in GraphQL
//   too: UNAVAILABLE, HTTP 503), and succeed
//   again once it is back, with no process restart;
// - Redis stopped: REST keeps serving (rate limits count in memory meanwhile), and a stream
//   opened before the outage delivers again once Redis is back.
import { client, eventually, Testrig, type TestUser } from '@social/testkit';
import { SseStream } from '../support/streaming';
import { OwnPostgres, OwnRedis } from '../support/own-backends';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(180_000);

const UNAVAILABLE = { error: 'There was a temporary problem serving your request, please try again' };

const until = <T>(attempt: () => Promise<T | false>, timeoutMs: number, what: string) => eventually(attempt, { timeoutMs, intervalMs: 250, what });

describeOnSingleTarget('PostgreSQL stopped while the server runs', () => {
  let postgres: OwnPostgres;
  let server: OwnServer;
  let folder: string;
  let user: TestUser;
  let statusId: string;

  beforeAll(async () => {
    postgres = await OwnPostgres.start();
    folder = await mkdtemp(path.join(os.tmpdir(), 'social-pg-fault-'));
    const databaseUrl = await postgres.createDatabase('faults');
    server = await OwnServer.start(await freePort(), {
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(folder, 'data'),
      MEDIA_DIR: path.join(folder, 'media'),
      RATE_LIMITS_ENABLED: 'false',
    });
    const rig = new Testrig(server.baseUrl);
    user = await rig.newUser('pgfault');
    statusId = (await rig.post(user.token, 'before the outage')).id;
  });
  afterAll(async () => {
    await server?.stop();
    await postgres?.dispose();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('answers 503 fast during the outage, and 200 again after it, in the same process', async () => {
    const api = client(server.baseUrl);
    expect((await api.get(`/api/v1/statuses/${statusId}`, { token: user.token })).status).toBe(200);

    await postgres.stopServer();
    for (const [method, request] of [
      ['read', () => api.get(`/api/v1/statuses/${statusId}`, { token: user.token })],
      ['anonymous read', () => api.get('/api/v1/timelines/public')],
      ['write', () => api.postForm('/api/v1/statuses', { status: 'during the outage' }, { token: user.token })],
    ] as const) {
      const started = Date.now();
      const response = await request();
      const elapsed = Date.now() - started;
      expect({ method, status: response.status, retryAfter: response.headers['retry-after'], body: response.body }).toEqual({ method, status: 503, retryAfter: '1', body: UNAVAILABLE });
      // Fail fast: no waiting for a connection that cannot come.
      expect(elapsed).toBeLessThan(15_000);
    }
    // GraphQL says so too: code UNAVAILABLE, HTTP 503 with Retry-After (signed in, and anonymous).
    for (const token of [user.token, undefined]) {
      const response = await fetch(`${server.baseUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query: `{ status(id: "${statusId}") { id } }` }),
      });
      const body = (await response.json()) as { errors?: Array<{ message: string; extensions?: { code?: string } }> };
      expect({ signedIn: Boolean(token), status: response.status, retryAfter: response.headers.get('retry-after'), errors: body.errors?.map((error) => [error.message, error.extensions?.code]) }).toEqual({
        signedIn: Boolean(token),
        status: 503,
        retryAfter: '1',
        errors: [[UNAVAILABLE.error, 'UNAVAILABLE']],
      });
    }
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);

    await postgres.startServer();
    const pid = server.pid;
    const back = await until(async () => {
      const response = await api.get(`/api/v1/statuses/${statusId}`, { token: user.token });
      return response.status === 200 && response;
    }, 60_000, 'reads to recover');
    expect(back.body).toMatchObject({ id: statusId });
    const posted = await api.postForm<{ content: string }>('/api/v1/statuses', { status: 'after the outage' }, { token: user.token });
    expect(posted.status).toBe(200);
    expect(posted.body.content).toBe('<p>after the outage</p>');
    expect(server.pid).toBe(pid);
    // Nothing from the outage was half-written: the write refused then is not there.
    const mine = await api.get<Array<{ content: string }>>(`/api/v1/accounts/${user.account.id}/statuses`, { token: user.token });
    expect(mine.body.map((status) => status.content)).toEqual(['<p>after the outage</p>', '<p>before the outage</p>']);
  });
});

describeOnSingleTarget('Redis stopped while the server runs', () => {
  let redis: OwnRedis;
  let place: Playground;
  let server: OwnServer;
  let user: TestUser;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    place = await playground({ REDIS_URL: redis.url });
    server = await OwnServer.start(await freePort(), place.env);
    user = await new Testrig(server.baseUrl).newUser('redisfault');
  });
  afterAll(async () => {
    await server?.stop();
    await place?.dispose();
    await redis?.dispose();
  });

  it('keeps REST serving, counting rate limits in memory, and the stream delivers again once Redis is back', async () => {
    const api = client(server.baseUrl);
    const rig = new Testrig(api);
    const stream = await SseStream.open('/api/v1/streaming/public', { base: server.baseUrl, token: user.token });
    try {
      expect(stream.status).toBe(200);
      await stream.started;
      const before = await rig.post(user.token, 'stream before');
      await stream.update(before.id);

      await redis.stopServer();
      const read = await api.get('/api/v1/timelines/public', { token: user.token });
      expect(read.status).toBe(200);
      expect(read.headers['x-ratelimit-limit']).toBe('300');
      const during = await api.postForm('/api/v1/statuses', { status: 'while Redis is down' }, { token: user.token });
      expect(during.status).toBe(200);

      await redis.startServer();
      // Delivery resumes once the subscriber has reconnected: post until one arrives.
      await until(async () => {
        const probe = await rig.post(user.token, 'stream after');
        return stream.update(probe.id).then(() => true, () => false);
      }, 90_000, 'a status to reach the stream after Redis came back');
    } finally {
      stream.close();
    }
  });
});
