// The read cache of anonymous GET /api/v1/statuses/:id across processes. With the single target:
// two server processes A and B on one PostgreSQL database and one Redis; a write through A (or
// through the admin CLI, a third process) is seen by the very next anonymous read from B, and
// reads right after writes, alternating processes, stay correct. With the multi target: the same
// with two facade processes of the split deployment. The tests run their own servers.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { Testrig, client, parseEnvList, startTarget, type ApiClient, type JsonObject, type RunningTarget, type TestUser } from '@social/testkit';
import { expectJson } from '../support/expectations';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { expectFresh, readAnonymously, readFresh, reblogOf, warm } from '../support/read-cache';
import { routes } from '../support/route-table';
import { minutesAhead, waitForPublication } from '../support/scheduled';
import { describeOnMultiTarget, describeOnSingleTarget } from '../support/targets';

jest.setTimeout(180_000);

const ADMIN = path.resolve(__dirname, '../../server/dist/cli/admin.js');
/** Settings of the suite's own environment that must not leak into the CLI. */
const OWN_SETTINGS = /^(PORT|HOST|PUBLIC_URL|DATA_DIR|MEDIA_DIR|DATABASE_URL|REDIS_URL|REDIS_NAMESPACE|INTERNAL_SECRET|LOG_LEVEL|JOB_.*|RATE_LIMIT.*|.*_URL)$/;

/** Rate limits on (cached answers carry them), roomy enough for the loop. */
const ROOMY_LIMITS = {
  RATE_LIMIT_API_PER_IP: '100000/300',
  RATE_LIMIT_API_PER_ACCOUNT: '100000/300',
  RATE_LIMIT_SIGN_UP: '100000/1800',
  RATE_LIMIT_DELETIONS: '100000/1800',
};

function admin(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !OWN_SETTINGS.test(key)));
  return new Promise((resolve) => {
    execFile(process.execPath, [ADMIN, ...args], { env: { ...inherited, ...env }, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, output: stdout + stderr });
    });
  });
}

const cacheOf = (response: { headers: Record<string, string> }) => response.headers['x-cache'] ?? '(none)';

describeOnSingleTarget('two server processes sharing PostgreSQL and Redis', () => {
  let place: Playground;
  let env: Record<string, string>;
  let first: OwnServer;
  let second: OwnServer;
  let a: ApiClient;
  let b: ApiClient;
  let author: TestUser;
  let actor: TestUser;

  beforeAll(async () => {
    place = await playground(ROOMY_LIMITS);
    env = { ...place.env, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_NAMESPACE: `cache-${randomBytes(4).toString('hex')}` };
    [first, second] = await Promise.all([OwnServer.start(await freePort(), env), OwnServer.start(await freePort(), env)]);
    a = client(first.baseUrl);
    b = client(second.baseUrl);
    const rig = new Testrig(a);
    [author, actor] = await Promise.all([rig.newUser('c2author'), rig.newUser('c2actor')]);
  });
  afterAll(async () => {
    await Promise.all([first?.stop(), second?.stop()]);
    await place?.dispose();
  });

  const boostOf = async (user: TestUser, id: string) => {
    const response = await a.post<JsonObject>(`/api/v1/statuses/${id}/reblog`, { token: user.token });
    expectJson(response, 200);
    return response.body.id as string;
  };

  const post = async (api: ApiClient, user: TestUser, fields: JsonObject) => {
    const response = await api.postForm<JsonObject>('/api/v1/statuses', fields as never, { token: user.token });
    expectJson(response, 200);
    return response.body.id as string;
  };

  /** The first anonymous read from B after the write: a MISS showing the change, then HITs showing it too. */
  async function expectNextReadsFresh(id: string, check: (body: JsonObject) => void): Promise<void> {
    const next = await readAnonymously(b, id);
    expectJson(next, 200);
    check(next.body);
    expect(cacheOf(next)).toBe('MISS');
    const caches: string[] = [];
    for (let i = 0; i < 5 && caches.at(-1) !== 'HIT'; i++) {
      const again = await readAnonymously(b, id);
      caches.push(cacheOf(again));
      check(again.body);
    }
    expect(caches).toContain('HIT');
    expect((await readAnonymously(b, id)).body).toEqual((await readFresh(b, id)).body);
  }

  it("a favourite through A is in B's very next anonymous read of the status and of its boost", async () => {
    const status = await post(a, author, { status: 'Cached in B' });
    const boost = await a.post<JsonObject>(`/api/v1/statuses/${status}/reblog`, { token: actor.token });
    expectJson(boost, 200);
    await warm(b, { status, boost: boost.body.id as string });

    expectJson(await a.post(`/api/v1/statuses/${status}/favourite`, { token: actor.token }), 200);

    await expectNextReadsFresh(status, (body) => expect(body.favourites_count).toBe(1));
    await expectNextReadsFresh(boost.body.id as string, (body) => expect(reblogOf(body).favourites_count).toBe(1));
  });

  it("a follow through A is in the author's counts of B's very next read", async () => {
    const status = await post(a, author, { status: 'Count my followers' });
    const before = await warm(b, { status });
    const followers = (before.status?.account as JsonObject).followers_count as number;

    expectJson(await a.post(`/api/v1/accounts/${author.account.id}/follow`, { token: actor.token }), 200);

    await expectNextReadsFresh(status, (body) => expect((body.account as JsonObject).followers_count).toBe(followers + 1));
  });

  it('a deletion through A makes B answer 404 at once', async () => {
    const status = await post(a, author, { status: 'Soon gone' });
    await warm(b, { status });

    expectJson(await a.delete(`/api/v1/statuses/${status}`, { token: author.token }), 200);

    for (let i = 0; i < 3; i++) {
      const response = await readAnonymously(b, status);
      expectJson(response, 404);
      expect(cacheOf(response)).not.toBe('HIT');
    }
  });

  const canEdit = routes.some((route) => route.method === 'put' && route.path === '/api/v1/statuses/:id');
  (canEdit ? it : it.skip)("an edit through A is in B's very next anonymous read", async () => {
    const status = await post(a, author, { status: 'Before the edit' });
    await warm(b, { status });

    const edited = await a.send<JsonObject>('PUT', `/api/v1/statuses/${status}`, {
      token: author.token,
      body: JSON.stringify({ status: 'After the edit', spoiler_text: 'changed' }),
      contentType: 'application/json',
    });
    expectJson(edited, 200);

    await expectNextReadsFresh(status, (body) => expect(body).toMatchObject({ content: '<p>After the edit</p>', spoiler_text: 'changed' }));
  });

  it('stays correct with a read right after each of 50 writes, alternating processes', async () => {
    const status = await post(a, author, { status: 'Written and read in turns' });
    await warm(a, { status });
    await warm(b, { status });
    const expected = { favourites_count: 0, replies_count: 0 };
    const caches: Record<string, number> = {};
    const servers = [a, b] as const;

    for (let i = 0; i < 50; i++) {
      const writer = servers[i % 2] as ApiClient;
      const other = servers[(i + 1) % 2] as ApiClient;
      const step = i % 3;
      if (step === 0) {
        expectJson(await writer.post(`/api/v1/statuses/${status}/favourite`, { token: actor.token }), 200);
        expected.favourites_count = 1;
      } else if (step === 1) {
        await post(writer, actor, { status: `reply ${i}`, in_reply_to_id: status });
        expected.replies_count += 1;
      } else {
        expectJson(await writer.post(`/api/v1/statuses/${status}/unfavourite`, { token: actor.token }), 200);
        expected.favourites_count = 0;
      }
      for (const [name, reader] of [['other', other], ['other again', other], ['writer', writer]] as const) {
        const response = await readAnonymously(reader, status);
        expect({ write: i, reader: name, status: response.status, counts: { favourites_count: response.body.favourites_count, replies_count: response.body.replies_count } }).toEqual({
          write: i,
          reader: name,
          status: 200,
          counts: expected,
        });
        caches[cacheOf(response)] = (caches[cacheOf(response)] ?? 0) + 1;
      }
    }

    expect(Object.keys(caches).sort()).toEqual(['HIT', 'MISS']);
    for (const api of servers) await expectFresh(api, { status });
  });

  it("the admin CLI suspending S's author: B's next anonymous reads show the author suspended", async () => {
    const rig = new Testrig(a);
    const suspended = await rig.newUser('c2suspended');
    const status = await post(a, suspended, { status: 'By someone about to be suspended' });
    const mention = await post(a, author, { status: `Hello @${suspended.username}` });
    await warm(b, { status, mention });

    const run = await admin(['accounts', 'suspend', suspended.account.id], env);
    expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.any(String) });

    for (const id of [status, mention]) {
      const cached = await readAnonymously(b, id);
      const fresh = await readFresh(b, id);
      expect({ id, status: cached.status, body: cached.body }).toEqual({ id, status: fresh.status, body: fresh.body });
    }
    const cached = await readAnonymously(b, status);
    if (cached.status === 200) expect(cached.body.account).toMatchObject({ id: suspended.account.id, suspended: true });
  });

  it("the admin CLI deleting an account: its statuses and boost are 404 on B, and the counts it touched are fresh there", async () => {
    const rig = new Testrig(a);
    const leaving = await rig.newUser('c2deleted');
    const status = await post(a, author, { status: 'Favourited, boosted and answered by someone leaving' });
    const own = await post(a, leaving, { status: 'By someone about to be deleted' });
    const reply = await post(a, leaving, { status: 'A reply, soon gone', in_reply_to_id: status });
    expectJson(await a.post(`/api/v1/statuses/${status}/favourite`, { token: leaving.token }), 200);
    const boost = await boostOf(leaving, status);
    expectJson(await a.post(`/api/v1/accounts/${author.account.id}/follow`, { token: leaving.token }), 200);
    const before = await warm(b, { status, own, reply, boost });
    expect(before.status).toMatchObject({ favourites_count: 1, reblogs_count: 1, replies_count: 1 });

    const run = await admin(['accounts', 'delete', leaving.account.id, '--yes'], env);
    expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.any(String) });

    for (const id of [own, reply, boost]) {
      const fresh = await readFresh(b, id);
      expectJson(fresh, 404);
      const cached = await readAnonymously(b, id);
      expect({ id, status: cached.status, body: cached.body }).toEqual({ id, status: fresh.status, body: fresh.body });
    }
    const cached = await readAnonymously(b, status);
    const fresh = await readFresh(b, status);
    expect({ status: cached.status, body: cached.body }).toEqual({ status: fresh.status, body: fresh.body });
    expect(cached.body).toMatchObject({ favourites_count: 0, reblogs_count: 0, replies_count: 0 });
    expect((cached.body.account as JsonObject).followers_count).toBe(((before.status?.account as JsonObject).followers_count as number) - 1);
  });

  it("the admin CLI publishing a due scheduled reply: B's next read of the replied-to status is fresh", async () => {
    const status = await post(a, author, { status: 'Waiting for a scheduled reply' });
    const scheduled = await a.postJson<JsonObject>('/api/v1/statuses', { status: 'Scheduled, published by the CLI', scheduled_at: minutesAhead(30), in_reply_to_id: status }, { token: actor.token });
    expectJson(scheduled, 200);
    const before = await warm(b, { status });
    // Due now by its row only: the publish job stays far ahead, so the CLI (or a server's catch-up sweep) publishes it.
    await place.sql.query(`UPDATE scheduled_statuses SET scheduled_at = now() - interval '1 second' WHERE id = $1::bigint`, [scheduled.body.id]);

    const run = await admin(['statuses', 'publish-scheduled'], env);
    expect({ code: run.code, output: run.output }).toEqual({ code: 0, output: expect.any(String) });
    await waitForPublication(place.sql, [scheduled.body.id as string]);

    const cached = await readAnonymously(b, status);
    expect(cached.body).toEqual((await readFresh(b, status)).body);
    expect(cached.body.replies_count).toBe((before.status?.replies_count as number) + 1);
  });
});

// The split deployment's analogue, run once with the multi target: two facade processes in front of one
// gateway; the writes happen in the statuses process, the tokens live in Redis, each facade keeps its own answers.
describeOnMultiTarget('two facade processes of the split deployment', () => {
  let target: RunningTarget;
  let one: ApiClient;
  let two: ApiClient;

  beforeAll(async () => {
    target = await startTarget('multi', { env: { ...parseEnvList(process.env.E2E_SERVER_ENV), ...ROOMY_LIMITS } });
    one = client(target.baseUrl);
    two = client(await target.addFacade());
  });
  afterAll(async () => {
    await target?.stop();
  }, 60_000);

  it('a write through one facade is in the very next anonymous read from the other, 30 times in turn', async () => {
    const rig = new Testrig(one);
    const [writer, reader] = await Promise.all([rig.newUser('c2fauthor'), rig.newUser('c2freader')]);
    const status = (await rig.post(writer.token, 'Two facades')).id;
    await warm(one, { status });
    await warm(two, { status });
    const caches: Record<string, number> = {};

    for (let i = 0; i < 30; i++) {
      const [via, other] = (i % 2 ? [two, one] : [one, two]) as [ApiClient, ApiClient];
      const favourited = i % 4 < 2;
      // Every other round the same facade writes twice in a row, so both orders of writer and reader occur.
      expectJson(await via.post(`/api/v1/statuses/${status}/${favourited ? 'favourite' : 'unfavourite'}`, { token: reader.token }), 200);
      for (const [name, api] of [['other', other], ['other again', other], ['writer', via]] as const) {
        const response = await readAnonymously(api, status);
        expect({ round: i, reader: name, status: response.status, favourites_count: response.body.favourites_count }).toEqual({ round: i, reader: name, status: 200, favourites_count: favourited ? 1 : 0 });
        caches[cacheOf(response)] = (caches[cacheOf(response)] ?? 0) + 1;
      }
    }

    expect(Object.keys(caches).sort()).toEqual(['HIT', 'MISS']);
    for (const api of [one, two]) await expectFresh(api, { status });
  });
});
