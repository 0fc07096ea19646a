// The gateway's entity cache (docs/data-access.md#the-entity-cache) never serves what a write changed once
// the write has answered: each scenario reads an entity signed in twice through a reader (the second read
// is the cached one), writes through a writer, and requires the reader's very next read to show the write.
// On every target the suite's server is both (multi: the subgraph process writes, the gateway process
// caches); on the single target also two server processes on one PostgreSQL and Redis, A writing and B
// reading, each with its own cache, plus the poll-end job and concurrent writes through both.
import { randomBytes } from 'node:crypto';
import { client, Testrig, type ApiClient, type JsonObject, type TestUser } from '@social/testkit';
import { expectJson } from '../support/expectations';
import { freePort, OwnServer, playground, type Playground } from '../support/own-server';
import { api as suiteApi } from '../support/server';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(180_000);

const ROOMY_LIMITS = {
  RATE_LIMIT_API_PER_IP: '100000/300',
  RATE_LIMIT_API_PER_ACCOUNT: '100000/300',
  RATE_LIMIT_SIGN_UP: '100000/1800',
  RATE_LIMIT_DELETIONS: '100000/1800',
};

interface Sides {
  writer: ApiClient;
  reader: ApiClient;
  rig: Testrig;
}

/** GET as `user`, 200 expected, the body. */
async function read(api: ApiClient, path: string, user: TestUser): Promise<JsonObject> {
  const response = await api.get<JsonObject>(path, { token: user.token });
  expectJson(response, 200);
  return response.body;
}

/** Reads twice (filling the cache, then served from it), and answers the second body. */
async function warm(api: ApiClient, path: string, user: TestUser): Promise<JsonObject> {
  await read(api, path, user);
  return read(api, path, user);
}

const account = (status: JsonObject) => status.account as JsonObject;
const int = (value: unknown) => value as number;

function scenarios(sides: () => Sides): void {
  let writer: ApiClient;
  let reader: ApiClient;
  let author: TestUser;
  let fan: TestUser;
  let viewer: TestUser;

  beforeAll(async () => {
    ({ writer, reader } = sides());
    const { rig } = sides();
    [author, fan, viewer] = await Promise.all([rig.newUser('ecauthor'), rig.newUser('ecfan'), rig.newUser('ecviewer')]);
  });

  const post = async (user: TestUser, fields: JsonObject) => {
    const response = await writer.postForm<JsonObject>('/api/v1/statuses', fields as never, { token: user.token });
    expectJson(response, 200);
    return response.body.id as string;
  };

  it('a follow shows in both accounts\' counters at once, in account reads and in the statuses that embed them', async () => {
    const status = await post(author, { status: 'Counting followers' });
    const beforeAccount = await warm(reader, `/api/v1/accounts/${author.account.id}`, viewer);
    const beforeFan = await warm(reader, `/api/v1/accounts/${fan.account.id}`, viewer);
    const beforeStatus = await warm(reader, `/api/v1/statuses/${status}`, viewer);
    expectJson(await writer.post(`/api/v1/accounts/${author.account.id}/follow`, { token: fan.token }), 200);
    expect(int((await read(reader, `/api/v1/accounts/${author.account.id}`, viewer)).followers_count)).toBe(int(beforeAccount.followers_count) + 1);
    expect(int((await read(reader, `/api/v1/accounts/${fan.account.id}`, viewer)).following_count)).toBe(int(beforeFan.following_count) + 1);
    expect(int(account(await read(reader, `/api/v1/statuses/${status}`, viewer)).followers_count)).toBe(int(account(beforeStatus).followers_count) + 1);

    expectJson(await writer.post(`/api/v1/accounts/${author.account.id}/unfollow`, { token: fan.token }), 200);
    expect((await read(reader, `/api/v1/accounts/${author.account.id}`, viewer)).followers_count).toBe(beforeAccount.followers_count);
  });

  it('a post shows in its author\'s statuses count and its parent\'s replies count at once', async () => {
    const parent = await post(author, { status: 'Parent' });
    const beforeAccount = await warm(reader, `/api/v1/accounts/${author.account.id}`, viewer);
    const beforeParent = await warm(reader, `/api/v1/statuses/${parent}`, viewer);
    const reply = await post(author, { status: 'Reply', in_reply_to_id: parent });
    expect(int((await read(reader, `/api/v1/accounts/${author.account.id}`, viewer)).statuses_count)).toBe(int(beforeAccount.statuses_count) + 1);
    expect(int((await read(reader, `/api/v1/statuses/${parent}`, viewer)).replies_count)).toBe(int(beforeParent.replies_count) + 1);
    const context = await read(reader, `/api/v1/statuses/${parent}/context`, viewer);
    expect((context.descendants as JsonObject[]).map((s) => s.id)).toEqual([reply]);
  });

  it('favourites and boosts show in the counters, the caller\'s flags and the booster\'s account at once, 10 times in turn', async () => {
    const status = await post(author, { status: 'Toggle me' });
    const booster = await warm(reader, `/api/v1/accounts/${fan.account.id}`, viewer);
    await warm(reader, `/api/v1/statuses/${status}`, fan);
    for (let i = 0; i < 10; i++) {
      const on = i % 2 === 0;
      expectJson(await writer.post(`/api/v1/statuses/${status}/${on ? 'favourite' : 'unfavourite'}`, { token: fan.token }), 200);
      expectJson(await writer.post(`/api/v1/statuses/${status}/${on ? 'reblog' : 'unreblog'}`, { token: fan.token }), 200);
      const seen = await read(reader, `/api/v1/statuses/${status}`, fan);
      expect({ favourites: seen.favourites_count, favourited: seen.favourited, reblogs: seen.reblogs_count, reblogged: seen.reblogged }).toEqual({
        favourites: on ? 1 : 0,
        favourited: on,
        reblogs: on ? 1 : 0,
        reblogged: on,
      });
      expect((await read(reader, `/api/v1/accounts/${fan.account.id}`, viewer)).statuses_count).toBe(int(booster.statuses_count) + (on ? 1 : 0));
    }
  });

  it('a deleted status is gone from the next read, its thread and its author\'s counters', async () => {
    const parent = await post(author, { status: 'Thread' });
    const reply = await post(author, { status: 'Soon gone', in_reply_to_id: parent });
    await warm(reader, `/api/v1/statuses/${reply}`, viewer);
    await warm(reader, `/api/v1/statuses/${parent}/context`, viewer);
    const before = await warm(reader, `/api/v1/accounts/${author.account.id}`, viewer);
    expectJson(await writer.delete(`/api/v1/statuses/${reply}`, { token: author.token }), 200);
    expectJson(await reader.get(`/api/v1/statuses/${reply}`, { token: viewer.token }), 404);
    expect((await read(reader, `/api/v1/statuses/${parent}/context`, viewer)).descendants).toEqual([]);
    expect((await read(reader, `/api/v1/statuses/${parent}`, viewer)).replies_count).toBe(0);
    expect(int((await read(reader, `/api/v1/accounts/${author.account.id}`, viewer)).statuses_count)).toBe(int(before.statuses_count) - 1);
  });

  it('an edit shows in the next read: its text and edited_at (docs/api/edits.md)', async () => {
    const status = await post(author, { status: 'Before' });
    const before = await warm(reader, `/api/v1/statuses/${status}`, viewer);
    expect(before.edited_at).toBeNull();
    const edited = await writer.send<JsonObject>('PUT', `/api/v1/statuses/${status}`, {
      token: author.token, body: JSON.stringify({ status: 'After' }), contentType: 'application/json',
    });
    expectJson(edited, 200);
    const after = await read(reader, `/api/v1/statuses/${status}`, viewer);
    expect({ content: after.content, edited_at: after.edited_at }).toEqual({ content: '<p>After</p>', edited_at: edited.body.edited_at });
  });

  it('a vote shows in the poll\'s counts at once', async () => {
    const status = await post(author, { status: 'Tea or coffee?', 'poll[options][]': ['tea', 'coffee'], 'poll[expires_in]': '600' } as never);
    const before = await warm(reader, `/api/v1/statuses/${status}`, viewer);
    const poll = before.poll as JsonObject;
    expectJson(await writer.postForm(`/api/v1/polls/${poll.id as string}/votes`, { 'choices[]': '1' }, { token: fan.token }), 200);
    const after = (await read(reader, `/api/v1/statuses/${status}`, viewer)).poll as JsonObject;
    expect({ votes: after.votes_count, coffee: (after.options as JsonObject[])[1]?.votes_count }).toEqual({ votes: int(poll.votes_count) + 1, coffee: 1 });
  });
}

describe('the entity cache on the suite\'s target', () => {
  scenarios(() => ({ writer: suiteApi, reader: suiteApi, rig: new Testrig(suiteApi) }));
});

describeOnSingleTarget('the entity cache in two server processes sharing PostgreSQL and Redis', () => {
  let place: Playground;
  let a: OwnServer;
  let b: OwnServer;
  let sides: Sides;

  beforeAll(async () => {
    place = await playground(ROOMY_LIMITS);
    const env = { ...place.env, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_NAMESPACE: `ecache-${randomBytes(4).toString('hex')}` };
    [a, b] = await Promise.all([OwnServer.start(await freePort(), env), OwnServer.start(await freePort(), env)]);
    sides = { writer: client(a.baseUrl), reader: client(b.baseUrl), rig: new Testrig(client(a.baseUrl)) };
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await place?.dispose();
  });

  describe('A writes, B reads', () => {
    scenarios(() => sides);
  });

  it('the poll-end job (in either process) shows in B\'s next read once it ran', async () => {
    const author = await sides.rig.newUser('ecpoll');
    const status = (await sides.rig.post(author.token, { status: 'Ends now', 'poll[options][]': ['a', 'b'], 'poll[expires_in]': '300' } as never)).id;
    expect(((await warm(sides.reader, `/api/v1/statuses/${status}`, author)).poll as JsonObject).expired).toBe(false);
    await place.sql.query(`UPDATE polls SET expires_at = now() - interval '1 second' WHERE status_id = $1`, [status]);
    await place.sql.query(`UPDATE jobs SET run_at = now() WHERE queue = 'polls.end' AND payload->>'statusId' = $1`, [status]);
    for (let i = 0; i < 150; i++) {
      const pending = (await place.sql.query(`SELECT 1 FROM jobs WHERE queue = 'polls.end' AND payload->>'statusId' = $1`, [status])).rowCount;
      if (pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(((await read(sides.reader, `/api/v1/statuses/${status}`, author)).poll as JsonObject).expired).toBe(true);
  });

  it('concurrent favourites through both processes all show in both, and so do concurrent follows', async () => {
    const author = await sides.rig.newUser('ecconc');
    const fans = await Promise.all(Array.from({ length: 8 }, () => sides.rig.newUser('ecconcfan')));
    const status = (await sides.rig.post(author.token, 'Many hands')).id;
    const both = [sides.writer, sides.reader];
    for (const api of both) {
      await warm(api, `/api/v1/statuses/${status}`, author);
      await warm(api, `/api/v1/accounts/${author.account.id}`, author);
    }
    await Promise.all(
      fans.flatMap((fan, i) => [
        (both[i % 2] as ApiClient).post(`/api/v1/statuses/${status}/favourite`, { token: fan.token }),
        (both[(i + 1) % 2] as ApiClient).post(`/api/v1/accounts/${author.account.id}/follow`, { token: fan.token }),
      ]),
    );
    for (const api of both) {
      expect((await read(api, `/api/v1/statuses/${status}`, author)).favourites_count).toBe(8);
      expect((await read(api, `/api/v1/accounts/${author.account.id}`, author)).followers_count).toBe(8);
    }
  });
});
