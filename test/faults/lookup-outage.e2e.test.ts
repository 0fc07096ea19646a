// Issue #20: a lookup that treats "not found" as an answer (the status a reply answers) must not
// treat a database outage as one too. With the signed-in principal still cached (Redis carries
// the identity events, so the cache is on), PostgreSQL stopped under the server makes the reply's
// parent lookup the first read that fails: the answer is 503 with Retry-After, not the 404 of a
// missing parent.
import { client, Testrig, type TestUser } from '@social/testkit';
import { OwnPostgres, OwnRedis } from '../support/own-backends';
import { OwnServer, freePort } from '../support/own-server';
import { describeOnSingleTarget } from '../support/targets';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

jest.setTimeout(180_000);

const UNAVAILABLE = { error: 'There was a temporary problem serving your request, please try again' };
const NO_PARENT = { error: 'The post you are trying to reply to does not appear to exist.' };

// It needs a PostgreSQL of its own to stop: once, on the single target's turn.
describeOnSingleTarget('a not-found lookup during a PostgreSQL outage', () => {
  let postgres: OwnPostgres;
  let redis: OwnRedis;
  let server: OwnServer;
  let folder: string;
  let user: TestUser;
  let parentId: string;

  beforeAll(async () => {
    postgres = await OwnPostgres.start();
    redis = await OwnRedis.start();
    folder = await mkdtemp(path.join(os.tmpdir(), 'social-lookup-outage-'));
    server = await OwnServer.start(await freePort(), {
      DATABASE_URL: await postgres.createDatabase('lookups'),
      REDIS_URL: redis.url,
      DATA_DIR: path.join(folder, 'data'),
      MEDIA_DIR: path.join(folder, 'media'),
      RATE_LIMITS_ENABLED: 'false',
    });
    const rig = new Testrig(server.baseUrl);
    user = await rig.newUser('lookupfault');
    parentId = (await rig.post(user.token, 'the parent')).id;
  });
  afterAll(async () => {
    await server?.stop();
    await redis?.dispose();
    await postgres?.dispose();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("answers a reply 503 when its parent cannot be read, and 404 only when the parent is missing", async () => {
    const api = client(server.baseUrl);
    // With the database up, a parent that does not exist is the 404 (and this request leaves the principal cached).
    const missing = await api.postForm('/api/v1/statuses', { status: 'to nothing', in_reply_to_id: '1' }, { token: user.token });
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 404, body: NO_PARENT });

    await postgres.stopServer();
    const reply = await api.postForm('/api/v1/statuses', { status: 'during the outage', in_reply_to_id: parentId }, { token: user.token });
    expect({ status: reply.status, retryAfter: reply.headers['retry-after'], body: reply.body }).toEqual({ status: 503, retryAfter: '1', body: UNAVAILABLE });

    await postgres.startServer();
    const deadline = Date.now() + 60_000;
    let after = await api.postForm<{ in_reply_to_id: string }>('/api/v1/statuses', { status: 'after the outage', in_reply_to_id: parentId }, { token: user.token });
    while (after.status === 503 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await api.postForm('/api/v1/statuses', { status: 'after the outage', in_reply_to_id: parentId }, { token: user.token });
    }
    expect({ status: after.status, inReplyTo: after.body.in_reply_to_id }).toEqual({ status: 200, inReplyTo: parentId });
  });
});
