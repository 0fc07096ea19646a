// Issue #15, data integrity in the split deployment: a subgraph process killed (-9) or stalled
// (SIGSTOP) while the server is used. No answer is a 500: a missing subgraph is a 503 with
// Retry-After, in REST and GraphQL; a write is either not committed or answered with what was
// committed (200, or a 503 naming the committed id, which an Idempotency-Key retry answers with);
// the only rows left without such an answer are of writes in flight inside the killed process.
// Own five processes (startTarget('multi')) on their own database: run once, in the single lane.
import { Client } from 'pg';
import { client, eventually, startTarget, Testrig, type ApiClient, type ApiResponse, type RunningTarget, type ServiceProcess, type TestUser } from '@social/testkit';
import { sample, scrape } from '../support/metrics';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(300_000);

const SUBGRAPHS = ['identity', 'statuses', 'media'] as const;
/** Concurrent clients: at most this many requests are in flight at the instant of a kill. */
const WRITERS = 6;
/** Answers each client must have had in each phase of the load (under way, refused while down, served again) before the next. */
const ANSWERS_PER_PHASE = 3;

const UNAVAILABLE = 'There was a temporary problem serving your request, please try again';
const COMMITTED = 'Your request was carried out, but its answer could not be completed; fetch the record by its id';

interface Answer {
  subgraph: string;
  kind: 'post' | 'favourite' | 'read';
  /** The status text posted, or the favourited (read) status's id. */
  key: string;
  writer: number;
  startedAt: number;
  endedAt: number;
  status: number;
  retryAfter: string | undefined;
  body: Record<string, unknown> | string;
}

interface Kill {
  subgraph: string;
  signalledAt: number;
  exitedAt: number;
  /** When the relaunched process answered /health. */
  backAt: number;
  /** How long the load ran before the kill, with the process gone (relaunch included), and after it was back. */
  phasesMs: [number, number, number];
}

const until = <T>(attempt: () => Promise<T | false>, timeoutMs: number, what: string) => eventually(attempt, { timeoutMs, intervalMs: 100, what });

function processOf(target: RunningTarget, name: string): ServiceProcess {
  const found = target.processes.find((service) => service.name === name);
  if (!found) throw new Error(`no ${name} process`);
  return found;
}

/** The gateway's own view of a subgraph (its subgraph_up gauge): 1 reachable, 0 known down. */
async function subgraphUp(target: RunningTarget, subgraph: string): Promise<number> {
  return sample(await scrape(processOf(target, 'gateway').url), 'subgraph_up', { subgraph });
}

/** A status as the GraphQL API answers it, straight from the gateway: HTTP status, Retry-After and body. */
async function graphqlStatus(target: RunningTarget, token: string, id: string) {
  const response = await fetch(target.graphqlUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: 'query($id: ID!) { status(id: $id) { id account { acct } mediaAttachments { id } } }', variables: { id } }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } };
}

describeOnSingleTarget('a subgraph process killed (own five processes)', () => {
  let target: RunningTarget;
  let api: ApiClient;
  let sql: Client;
  let writers: TestUser[];
  /** Statuses to favourite and read: each writer favourites each at most once, so a favourite row names its request. */
  let pool: string[];

  beforeAll(async () => {
    target = await startTarget('multi', { env: { RATE_LIMITS_ENABLED: 'false' } });
    api = client(target.baseUrl);
    sql = new Client({ connectionString: target.backends.DATABASE_URL });
    await sql.connect();
    const rig = new Testrig(api);
    writers = await Promise.all(Array.from({ length: WRITERS }, () => rig.newUser('outage')));
    const author = await rig.newUser('outage_pool');
    pool = [];
    for (let batch = 0; batch < 30; batch += 1) {
      pool.push(...(await Promise.all(Array.from({ length: 10 }, (_, n) => rig.post(author.token, `pool ${batch}.${n}`)))).map((status) => status.id));
    }
  });
  afterAll(async () => {
    await sql?.end();
    await target?.stop();
  });

  it('a write committed before the gateway knew media was gone: 503 naming the status; the Idempotency-Key retry answers it', async () => {
    const user = writers[0] as TestUser;
    const key = `outage-${Date.now()}`;
    const text = 'posted as media died';
    await processOf(target, 'media').kill9();

    // Nothing else ran since the kill: statuses commits, then the answer's media fetch is refused.
    const first = await api.postForm('/api/v1/statuses', { status: text }, { token: user.token, headers: { 'idempotency-key': key } });
    expect({ status: first.status, retryAfter: first.headers['retry-after'], body: first.body }).toEqual({
      status: 503,
      retryAfter: '1',
      body: { error: COMMITTED, id: expect.stringMatching(/^\d+$/) },
    });
    const committedId = first.body.id as string;
    expect((await sql.query('SELECT id::text FROM statuses WHERE text = $1', [text])).rows).toEqual([{ id: committedId }]);

    // Media now known down: a write that needs it is refused before anything is written ...
    const refused = await api.postForm('/api/v1/statuses', { status: 'refused while media is down' }, { token: user.token });
    expect({ status: refused.status, retryAfter: refused.headers['retry-after'], body: refused.body }).toEqual({ status: 503, retryAfter: '1', body: { error: UNAVAILABLE } });
    expect((await sql.query(`SELECT id FROM statuses WHERE text = 'refused while media is down'`)).rows).toEqual([]);
    // ... and so are reads, in REST and in GraphQL (HTTP 503 there too, code UNAVAILABLE).
    const read = await api.get(`/api/v1/statuses/${committedId}`, { token: user.token });
    expect({ status: read.status, retryAfter: read.headers['retry-after'], body: read.body }).toEqual({ status: 503, retryAfter: '1', body: { error: UNAVAILABLE } });
    const viaGraphql = await graphqlStatus(target, user.token, committedId);
    expect({ status: viaGraphql.status, retryAfter: viaGraphql.retryAfter, errors: viaGraphql.body.errors?.map((error) => [error.message, error.extensions?.code]) }).toEqual({
      status: 503,
      retryAfter: '1',
      errors: [[UNAVAILABLE, 'UNAVAILABLE']],
    });

    await target.relaunch('media');
    await until(async () => (await api.get(`/api/v1/statuses/${committedId}`, { token: user.token })).status === 200, 30_000, 'media to come back');
    // The client's retry of the same draft answers the status its first attempt made, and writes nothing more.
    const retry = await api.postForm<{ id: string; content: string }>('/api/v1/statuses', { status: text }, { token: user.token, headers: { 'idempotency-key': key } });
    expect({ status: retry.status, id: retry.body.id, content: retry.body.content }).toEqual({ status: 200, id: committedId, content: `<p>${text}</p>` });
    expect((await sql.query('SELECT id::text FROM statuses WHERE text = $1', [text])).rows).toEqual([{ id: committedId }]);
  });

  it('kills identity, statuses and media in turn under posts, favourites and reads: no 500, every 5xx a 503 with Retry-After, answers agree with rows', async () => {
    const answers: Answer[] = [];
    const kills: Kill[] = [];
    const favourited = writers.map(() => 0);

    async function send(subgraph: string, kind: Answer['kind'], key: string, writer: number, request: () => Promise<ApiResponse<Record<string, unknown>>>) {
      const startedAt = Date.now();
      const response = await request();
      answers.push({ subgraph, kind, key, writer, startedAt, endedAt: Date.now(), status: response.status, retryAfter: response.headers['retry-after'], body: response.body });
      return response.status;
    }

    /** Resolves once every client has had ANSWERS_PER_PHASE answers passing `test` to requests sent after `since`. */
    const untilEachClient = (subgraph: string, since: number, test: (answer: Answer) => boolean, what: string) =>
      eventually(
        () => writers.every((_, writer) => answers.filter((answer) => answer.subgraph === subgraph && answer.writer === writer && answer.startedAt >= since && test(answer)).length >= ANSWERS_PER_PHASE),
        { timeoutMs: 60_000, intervalMs: 20, what: `${what} (${subgraph})` },
      );

    for (const subgraph of SUBGRAPHS) {
      let running = true;
      const loadStartedAt = Date.now();
      const load = writers.map(async (user, writer) => {
        for (let round = 0; running; round += 1) {
          let status: number;
          if (round % 3 === 0) {
            const text = `load ${subgraph} ${writer}.${round}`;
            status = await send(subgraph, 'post', text, writer, () => api.postForm('/api/v1/statuses', { status: text }, { token: user.token }));
          } else if (round % 3 === 1) {
            const statusId = pool[favourited[writer]++ % pool.length] as string;
            status = await send(subgraph, 'favourite', statusId, writer, () => api.post(`/api/v1/statuses/${statusId}/favourite`, { token: user.token }));
          } else {
            const statusId = pool[round % pool.length] as string;
            status = await send(subgraph, 'read', statusId, writer, () => api.get(`/api/v1/statuses/${statusId}`, { token: user.token }));
          }
          // A client backs off a little after a refusal instead of spinning.
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
        }
      });
      await untilEachClient(subgraph, loadStartedAt, (answer) => answer.status === 200, 'the load under way');
      const service = processOf(target, subgraph);
      const signalledAt = Date.now();
      await service.kill9();
      const exitedAt = Date.now();
      await untilEachClient(subgraph, exitedAt, (answer) => answer.status === 503, 'the load refused while the process is gone');
      await target.relaunch(subgraph);
      const backAt = Date.now();
      await untilEachClient(subgraph, backAt, (answer) => answer.status === 200, 'the load served again');
      running = false;
      await Promise.all(load);
      kills.push({ subgraph, signalledAt, exitedAt, backAt, phasesMs: [signalledAt - loadStartedAt, backAt - signalledAt, Date.now() - backAt] });
    }
    expect(favourited.every((count) => count < pool.length)).toBe(true);

    // The rows the load left.
    const accountIds = writers.map((user) => user.account.id);
    const posted = new Map<string, string>(
      (await sql.query<{ id: string; text: string }>(`SELECT id::text, text FROM statuses WHERE text LIKE 'load %'`)).rows.map((row) => [row.text, row.id]),
    );
    const favourites = new Set(
      (await sql.query<{ account_id: string; status_id: string }>('SELECT account_id::text, status_id::text FROM favourites WHERE account_id = ANY($1::bigint[])', [accountIds])).rows.map(
        (row) => `${accountIds.indexOf(row.account_id)}:${row.status_id}`,
      ),
    );
    const rowOf = (answer: Answer): string | undefined =>
      answer.kind === 'post' ? posted.get(answer.key) : answer.kind === 'favourite' && favourites.has(`${answer.writer}:${answer.key}`) ? answer.key : undefined;
    const namedId = (answer: Answer) => (typeof answer.body === 'object' ? answer.body.id : undefined);
    const writes = answers.filter((answer) => answer.kind !== 'read');

    // Per phase: what the clients were told (printed: the figures of a run).
    const tally = SUBGRAPHS.map((subgraph) => {
      const mine = answers.filter((answer) => answer.subgraph === subgraph);
      const count = (test: (answer: Answer) => boolean) => mine.filter(test).length;
      return {
        subgraph,
        phasesMs: kills.find((kill) => kill.subgraph === subgraph)?.phasesMs,
        requests: mine.length,
        ok: count((answer) => answer.status === 200),
        unavailable: count((answer) => answer.status === 503),
        committedButUnavailable: count((answer) => answer.status === 503 && namedId(answer) !== undefined),
        other: count((answer) => answer.status !== 200 && answer.status !== 503),
        rowsWithoutA200: count((answer) => answer.status !== 200 && rowOf(answer) !== undefined),
      };
    });
    process.stderr.write(`[subgraph outage] ${JSON.stringify(tally)}\n`);

    // No 500, nothing but 200 and 503; every 503 says when to come back, in the JSON error shape.
    expect(answers.filter((answer) => answer.status !== 200 && answer.status !== 503).map(({ subgraph, kind, status, body }) => ({ subgraph, kind, status, body }))).toEqual([]);
    for (const answer of answers.filter((each) => each.status === 503)) {
      expect({ retryAfter: answer.retryAfter, body: answer.body }).toEqual({ retryAfter: '1', body: namedId(answer) === undefined ? { error: UNAVAILABLE } : { error: COMMITTED, id: namedId(answer) } });
    }
    // The load really met each outage, and was served again after each restart.
    for (const phase of tally) {
      const kill = kills.find((each) => each.subgraph === phase.subgraph) as Kill;
      const servedAfter = answers.some((answer) => answer.subgraph === phase.subgraph && answer.status === 200 && answer.startedAt > kill.backAt);
      expect({ subgraph: phase.subgraph, refused: phase.unavailable > 0, servedAfter }).toEqual({ subgraph: phase.subgraph, refused: true, servedAfter: true });
    }

    // Every 200 of a write has its row (the one it names), and so has every 503 that names a committed id.
    expect(writes.filter((answer) => answer.status === 200 && rowOf(answer) !== namedId(answer)).map(({ subgraph, kind, key }) => ({ subgraph, kind, key }))).toEqual([]);
    expect(writes.filter((answer) => answer.status === 503 && namedId(answer) !== undefined && rowOf(answer) !== namedId(answer)).map(({ subgraph, kind, key, body }) => ({ subgraph, kind, key, body }))).toEqual([]);
    // A row whose request was answered 503 without its id: only a write in flight at the kill ...
    const unnamed = writes.filter((answer) => answer.status === 503 && namedId(answer) === undefined && rowOf(answer) !== undefined);
    for (const answer of unnamed) {
      const kill = kills.find((each) => each.subgraph === answer.subgraph) as Kill;
      expect({ key: answer.key, inFlightAtTheKill: answer.startedAt <= kill.exitedAt && answer.endedAt >= kill.signalledAt }).toEqual({ key: answer.key, inFlightAtTheKill: true });
    }
    // ... inside the killed process itself (identity and media come after the commit, or before the write: named or refused),
    // one request per client at a time: at most WRITERS, and only when statuses is killed.
    expect(unnamed.filter((answer) => answer.subgraph !== 'statuses').map(({ subgraph, kind, key }) => ({ subgraph, kind, key }))).toEqual([]);
    expect(unnamed.length).toBeLessThanOrEqual(WRITERS);
  });
});

describeOnSingleTarget('a subgraph process stalled (SIGSTOP; own five processes, subgraph timeout 2 s)', () => {
  let target: RunningTarget;
  let api: ApiClient;
  let sql: Client;
  let user: TestUser;
  let statusId: string;

  beforeAll(async () => {
    target = await startTarget('multi', { env: { RATE_LIMITS_ENABLED: 'false', SUBGRAPH_TIMEOUT_SECONDS: '2' } });
    api = client(target.baseUrl);
    sql = new Client({ connectionString: target.backends.DATABASE_URL });
    await sql.connect();
    const rig = new Testrig(api);
    user = await rig.newUser('stall');
    statusId = (await rig.post(user.token, 'before the stall')).id;
  });
  afterAll(async () => {
    if (target) processOf(target, 'media').signal('SIGCONT');
    await sql?.end();
    await target?.stop();
  });

  it('reads time out into a 503, then fail at once while media is known down, and are served once it resumes', async () => {
    const media = processOf(target, 'media');
    media.signal('SIGSTOP');
    try {
      const started = Date.now();
      const timedOut = await api.get(`/api/v1/statuses/${statusId}`, { token: user.token });
      const waited = Date.now() - started;
      expect({ status: timedOut.status, retryAfter: timedOut.headers['retry-after'], body: timedOut.body }).toEqual({ status: 503, retryAfter: '1', body: { error: UNAVAILABLE } });
      expect(waited).toBeGreaterThanOrEqual(1_900);
      expect(await subgraphUp(target, 'media')).toBe(0);
      const fastStart = Date.now();
      const refused = await api.get(`/api/v1/statuses/${statusId}`, { token: user.token });
      // No waiting for the timeout again.
      expect({ status: refused.status, fast: Date.now() - fastStart < 1_900 }).toEqual({ status: 503, fast: true });
    } finally {
      media.signal('SIGCONT');
    }
    const back = await until(async () => {
      const response = await api.get<{ id: string }>(`/api/v1/statuses/${statusId}`, { token: user.token });
      return response.status === 200 && response;
    }, 30_000, 'reads to come back');
    expect(back.body.id).toBe(statusId);
    expect(await subgraphUp(target, 'media')).toBe(1);
  });

  it('a write whose answer timed out after its commit is answered 200 with the committed status once media resumes', async () => {
    const media = processOf(target, 'media');
    media.signal('SIGSTOP');
    let pending: Promise<ApiResponse<{ id: string; content: string }>>;
    try {
      pending = api.postForm<{ id: string; content: string }>('/api/v1/statuses', { status: 'posted during the stall' }, { token: user.token });
      // The answer's media fetch timed out (the status committed before it): resume while the facade reads the status again.
      await until(async () => (await subgraphUp(target, 'media')) === 0, 10_000, 'the gateway to count media down');
    } finally {
      media.signal('SIGCONT');
    }
    const answer = await pending;
    const rows = (await sql.query<{ id: string }>(`SELECT id::text FROM statuses WHERE text = 'posted during the stall'`)).rows;
    expect({ status: answer.status, content: answer.body.content, rows: rows.map((row) => row.id) }).toEqual({ status: 200, content: '<p>posted during the stall</p>', rows: [answer.body.id] });
  });
});
