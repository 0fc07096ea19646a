// Issue #7, faults: a server process stopped with SIGTERM finishes the requests in flight with
// their normal answers, ends its streams cleanly (SSE response ended, WebSocket close 1001) and
// exits 0 within its drain time (10 s, server/src/main.ts). One killed with -9 in the middle of a
// burst of writes leaves no half-written record (statuses, polls, media links and counters are
// written in one transaction each), keeps every write it acknowledged, and once restarted its
// background jobs (media processing) finish. Own server processes on their own database.
import http from 'node:http';
import { Testrig, client, eventually, type ApiClient, type TestUser } from '@social/testkit';
import { expectJson } from '../support/expectations';
import * as images from '../support/images';
import { upload } from '../support/media';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { WsStream } from '../support/streaming';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(180_000);

interface Held {
  /** Resolves once the server has read the request's head (it answered `100 Continue`). */
  seen: Promise<void>;
  /** Sends the rest of the body. */
  release(): void;
  done: Promise<{ status: number; body: string }>;
}

/** A POST whose body is sent in part and then held until release(): in flight for as long as we like. */
function heldRequest(baseUrl: string, path: string, token: string, contentType: string, body: Buffer): Held {
  const request = http.request(new URL(path, baseUrl), {
    method: 'POST',
    // Node's server answers `100 Continue` as soon as it has parsed such a request's head: the test's sign that it is in flight.
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': String(body.length), expect: '100-continue' },
  });
  const seen = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  const done = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return { seen, release: () => request.end(body.subarray(half)), done };
}

/** A multipart body as fetch would send it. */
async function multipartBody(form: FormData): Promise<{ contentType: string; body: Buffer }> {
  const request = new Request('http://placeholder/', { method: 'POST', body: form });
  return { contentType: request.headers.get('content-type') as string, body: Buffer.from(await request.arrayBuffer()) };
}

/** An SSE stream that tells a clean end (the chunked body finished) from a cut connection. */
function openSse(baseUrl: string, token: string): Promise<{ outcome: Promise<'ended' | 'cut'> }> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL('/api/v1/streaming/user', baseUrl), { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`SSE answered ${response.statusCode}`));
      const outcome = new Promise<'ended' | 'cut'>((settle) => {
        response.on('end', () => settle('ended'));
        response.on('aborted', () => settle('cut'));
        response.on('error', () => settle('cut'));
      });
      response.resume();
      // The first bytes (a comment) mean the stream is live.
      response.once('data', () => resolve({ outcome }));
    });
    request.on('error', reject);
  });
}

function exitOf(server: OwnServer): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  const child = server.child;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

describeOnSingleTarget('SIGTERM and kill -9 (own server processes)', () => {
  let place: Playground;
  const servers: OwnServer[] = [];

  beforeAll(async () => {
    place = await playground({ RATE_LIMITS_ENABLED: 'false', JOB_LEASE_SECONDS: '2' });
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await place?.dispose();
  });

  async function start(): Promise<{ server: OwnServer; api: ApiClient }> {
    const server = await OwnServer.start(await freePort(), place.env);
    servers.push(server);
    return { server, api: client(server.baseUrl) };
  }

  it('SIGTERM: requests in flight finish normally, streams end cleanly, exit 0 within the drain time', async () => {
    const { server, api } = await start();
    const user = await new Testrig(api).newUser('sigterm');

    const sse = await openSse(server.baseUrl, user.token);
    const ws = await WsStream.open({ token: user.token, base: server.baseUrl });
    ws.send({ type: 'subscribe', stream: 'user' });

    const posts = [1, 2, 3].map((n) =>
      heldRequest(server.baseUrl, '/api/v1/statuses', user.token, 'application/x-www-form-urlencoded', Buffer.from(`status=${encodeURIComponent(`in flight ${n}`)}&poll[options][]=a&poll[options][]=b&poll[expires_in]=3600`)),
    );
    const uploads = await Promise.all(
      [1, 2].map(async () => {
        const form = new FormData();
        const png = await images.png(60, 40);
        form.append('file', new Blob([png.data], { type: png.contentType }), png.fileName);
        form.append('description', 'uploaded while stopping');
        const { contentType, body } = await multipartBody(form);
        return heldRequest(server.baseUrl, '/api/v1/media', user.token, contentType, body);
      }),
    );
    // The server has every request's head before the signal.
    await Promise.all([...posts, ...uploads].map((held) => held.seen));

    const signalledAt = Date.now();
    const exited = exitOf(server);
    server.child.kill('SIGTERM');
    // Draining has begun once the streams are ended: the held requests finish during the drain.
    await Promise.all([sse.outcome, ws.closed]);
    for (const held of [...posts, ...uploads]) held.release();

    const answers = await Promise.all([...posts, ...uploads].map((held) => held.done));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    const statuses = answers.slice(0, 3).map((answer) => JSON.parse(answer.body) as { content: string; poll: { options: unknown[] } });
    expect(statuses.map((status) => [status.content, status.poll.options.length])).toEqual([
      ['<p>in flight 1</p>', 2],
      ['<p>in flight 2</p>', 2],
      ['<p>in flight 3</p>', 2],
    ]);
    const media = answers.slice(3).map((answer) => JSON.parse(answer.body) as { type: string; description: string });
    expect(media.map((attachment) => [attachment.type, attachment.description])).toEqual([
      ['image', 'uploaded while stopping'],
      ['image', 'uploaded while stopping'],
    ]);

    expect(await sse.outcome).toBe('ended');
    expect(await ws.closed).toBe(1001);
    const exit = await exited;
    expect(exit).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(12_000);

    // What they wrote is there for the next process.
    const { rows } = await place.sql.query(`SELECT count(*)::int AS n FROM statuses s JOIN polls p ON p.status_id = s.id WHERE s.text LIKE 'in flight %'`);
    expect(rows).toEqual([{ n: 3 }]);
  });

  it('kill -9 in a burst of writes: no half-written records, acknowledged writes kept, jobs resume', async () => {
    const { server, api } = await start();
    const rig = new Testrig(api);
    const users: TestUser[] = await Promise.all([1, 2, 3, 4].map(() => rig.newUser('burst')));
    const acknowledged = new Set<string>();
    const slowUploads: string[] = [];
    let stopping = false;

    // v2 uploads of a slow photo: processed by the durable job queue, some surely unfinished at the kill.
    for (const user of users.slice(0, 2)) {
      const accepted = await upload(api, 'v2', user.token, { file: await images.slowPhoto() });
      expectJson(accepted, 202);
      slowUploads.push(accepted.body.id as string);
    }

    const png = await images.png(32, 32);
    async function writer(user: TestUser, index: number): Promise<void> {
      for (let round = 0; !stopping; round += 1) {
        try {
          if (round % 3 === 0) {
            const media = await Promise.all([1, 2].map(() => upload(api, 'v1', user.token, { file: png })));
            if (media.some((response) => response.status !== 200)) continue;
            const posted = await api.postForm<{ id: string }>('/api/v1/statuses', { status: `burst media 2 ${index}.${round}`, media_ids: media.map((response) => String(response.body.id)) }, { token: user.token });
            if (posted.status === 200) acknowledged.add(posted.body.id);
          } else if (round % 3 === 1) {
            const posted = await api.postForm<{ id: string }>('/api/v1/statuses', { status: `burst poll ${index}.${round}`, poll: { options: ['yes', 'no', 'maybe'], expires_in: 3600 } }, { token: user.token });
            if (posted.status === 200) acknowledged.add(posted.body.id);
          } else {
            const others = [...acknowledged];
            const target = others[(index * 7 + round) % Math.max(others.length, 1)];
            if (target) await api.post(`/api/v1/statuses/${target}/favourite`, { token: user.token });
            const reply = await api.postForm<{ id: string }>('/api/v1/statuses', { status: `burst reply ${index}.${round}`, in_reply_to_id: target }, { token: user.token });
            if (reply.status === 200) acknowledged.add(reply.body.id);
          }
        } catch {
          return; // the process is gone
        }
      }
    }
    const writers = users.map((user, index) => writer(user, index));

    // Kill once writes are well under way.
    await eventually(() => acknowledged.size >= 20, { timeoutMs: 30_000, what: '20 acknowledged writes' });
    await server.kill9();
    stopping = true;
    await Promise.all(writers);

    await start();
    const sql = place.sql;
    const rows = async (query: string, values: unknown[] = []) => (await sql.query(query, values)).rows;

    // Every acknowledged status is there.
    const kept = await rows('SELECT id::text FROM statuses WHERE id = ANY($1::bigint[])', [[...acknowledged]]);
    expect(kept.length).toBe(acknowledged.size);
    // Polls: every poll status has its poll with all its options; no poll without its status.
    expect(await rows(`SELECT s.id FROM statuses s LEFT JOIN polls p ON p.status_id = s.id WHERE s.text LIKE 'burst poll %' AND (p.id IS NULL OR cardinality(p.options) <> 3)`)).toEqual([]);
    expect(await rows('SELECT p.id FROM polls p LEFT JOIN statuses s ON s.id = p.status_id WHERE s.id IS NULL')).toEqual([]);
    expect(await rows('SELECT v.id FROM poll_votes v LEFT JOIN polls p ON p.id = v.poll_id WHERE p.id IS NULL')).toEqual([]);
    // Media: each media status has both its attachments; no attachment points at a missing status.
    expect(await rows(`SELECT s.id FROM statuses s WHERE s.text LIKE 'burst media 2 %' AND (SELECT count(*) FROM media_attachments m WHERE m.status_id = s.id) <> 2`)).toEqual([]);
    expect(await rows('SELECT m.id FROM media_attachments m LEFT JOIN statuses s ON s.id = m.status_id WHERE m.status_id IS NOT NULL AND s.id IS NULL')).toEqual([]);
    // Counters agree with the rows they count.
    expect(await rows(`
      SELECT s.id, s.favourites_count, s.replies_count, s.reblogs_count FROM statuses s
      WHERE s.favourites_count <> (SELECT count(*) FROM favourites f WHERE f.status_id = s.id)
         OR s.replies_count <> (SELECT count(*) FROM statuses r WHERE r.in_reply_to_id = s.id)
         OR s.reblogs_count <> (SELECT count(*) FROM statuses b WHERE b.reblog_of_id = s.id)`)).toEqual([]);
    expect(await rows(`
      SELECT a.account_id, a.statuses_count FROM account_stats a
      WHERE a.statuses_count <> (SELECT count(*) FROM statuses s WHERE s.account_id = a.account_id)`)).toEqual([]);
    expect(await rows(`SELECT p.id FROM polls p WHERE p.votes_count <> (SELECT count(*) FROM poll_votes v WHERE v.poll_id = p.id)`)).toEqual([]);
    // Favourites actually happened during the burst (the counters above were exercised).
    expect(Number((await rows('SELECT count(*) AS n FROM favourites'))[0]?.n)).toBeGreaterThan(0);

    // Background work resumes: the slow uploads' processing finishes on the restarted process.
    await eventually(
      async () => expect(await rows(`SELECT processing::text AS processing FROM media_attachments WHERE id = ANY($1::bigint[])`, [slowUploads])).toEqual(slowUploads.map(() => ({ processing: 'done' }))),
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    expect(await rows(`SELECT queue, attempts, last_error FROM jobs WHERE queue = 'media.process'`)).toEqual([]);
  });
});
