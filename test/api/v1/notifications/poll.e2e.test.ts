// Poll notifications: when a poll ends (the durable `polls.end` job enqueued with the poll, run at
// expires_at), its author (if anyone voted) and every voter get a `poll` notification, once, even when
// the job runs again. Polls last at least 5 minutes, so this test runs a server of its own on a
// database it can reach, and moves the poll's end (and its job) to now. Mastodon's
// PollExpirationNotifyWorker; docs/api/polls.md#expiry.
import { client, eventually, Testrig, type ApiClient, type TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { freePort, OwnServer, playground, type Playground } from '../../../support/own-server';
import { describeOnSingleTarget } from '../../../support/targets';

jest.setTimeout(120_000);

interface Notification {
  id: string;
  type: string;
  account: { id: string };
  status?: { id: string; poll: { id: string; expired: boolean } | null } | null;
}

/** What `read` answers once `done` holds for it. */
function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  return eventually(async () => {
    const value = await read();
    return done(value) ? { value } : false;
  }, { timeoutMs: 30_000, intervalMs: 200 }).then(({ value }) => value);
}

describeOnSingleTarget('poll notifications', () => {
  let ground: Playground;
  let server: OwnServer;
  let api: ApiClient;
  let rig: Testrig;
  let author: TestUser;
  let voters: TestUser[];
  let bystander: TestUser;

  const pollNotifications = async (user: TestUser) =>
    (await api.get<Notification[]>('/api/v1/notifications?types[]=poll', { token: user.token })).body;

  /** Ends the status's poll now: its expiry and its job, as if five minutes had passed. */
  const endNow = async (statusId: string) => {
    await ground.sql.query(`UPDATE polls SET expires_at = now() - interval '1 second' WHERE status_id = $1`, [statusId]);
    await ground.sql.query(`UPDATE jobs SET run_at = now() WHERE queue = 'polls.end' AND payload->>'statusId' = $1`, [statusId]);
  };
  const pendingJobs = async (statusId: string) =>
    (await ground.sql.query(`SELECT 1 FROM jobs WHERE queue = 'polls.end' AND payload->>'statusId' = $1`, [statusId])).rowCount;

  beforeAll(async () => {
    ground = await playground();
    server = await OwnServer.start(await freePort(), ground.env);
    api = client(server.baseUrl);
    rig = new Testrig(api);
    [author, bystander, ...voters] = await Promise.all([rig.newUser('pnauthor'), rig.newUser('pnbystander'), rig.newUser('pnvoter'), rig.newUser('pnvoter')]);
  });

  afterAll(async () => {
    await server?.stop();
    await ground?.dispose();
  });

  it('enqueues one polls.end job at expires_at with the poll', async () => {
    const status = await rig.post(author.token, { status: 'Job?', 'poll[options][]': ['a', 'b'], 'poll[expires_in]': '600' });

    const jobs = await ground.sql.query<{ run_at: Date }>(`SELECT run_at FROM jobs WHERE queue = 'polls.end' AND payload->>'statusId' = $1`, [status.id]);

    expect(jobs.rows.map((row) => row.run_at.toISOString())).toEqual([(status as unknown as { poll: { expires_at: string } }).poll.expires_at]);
  });

  it('notifies the author and every voter once when the poll ends, and nobody else', async () => {
    const status = await rig.post(author.token, { status: 'Tea or coffee?', 'poll[options][]': ['tea', 'coffee'], 'poll[expires_in]': '300' });
    const pollId = (status as unknown as { poll: { id: string } }).poll.id;
    for (const [index, voter] of voters.entries()) {
      expectJson(await api.postForm(`/api/v1/polls/${pollId}/votes`, { 'choices[]': String(index) }, { token: voter.token }), 200);
    }

    await endNow(status.id);

    for (const user of [author, ...voters]) {
      const items = await until(() => pollNotifications(user), (found) => found.length > 0);
      expect(items).toEqual([
        expect.objectContaining({ type: 'poll', account: expect.objectContaining({ id: author.account.id }), status: expect.objectContaining({ id: status.id }) }),
      ]);
      expect(items[0]?.status?.poll).toEqual(expect.objectContaining({ id: pollId, expired: true }));
    }
    expect(await pollNotifications(bystander)).toEqual([]);

    // The job again (a retry after a crash): nothing more.
    await ground.sql.query(`INSERT INTO jobs (queue, payload) VALUES ('polls.end', $1::jsonb)`, [JSON.stringify({ statusId: status.id })]);
    await until(() => pendingJobs(status.id), (n) => n === 0);
    expect(await pollNotifications(author)).toHaveLength(1);
  });

  it('notifies no one who muted the conversation (here the author), and still the voters', async () => {
    const status = await rig.post(author.token, { status: 'Quiet, please', 'poll[options][]': ['a', 'b'], 'poll[expires_in]': '300' });
    const pollId = (status as unknown as { poll: { id: string } }).poll.id;
    const voter = voters[0] as TestUser;
    expectJson(await api.postForm(`/api/v1/polls/${pollId}/votes`, { 'choices[]': '0' }, { token: voter.token }), 200);
    expectJson(await api.post(`/api/v1/statuses/${status.id}/mute`, { token: author.token }), 200);

    await endNow(status.id);

    const ofStatus = (items: Notification[]) => items.filter((n) => n.status?.id === status.id);
    expect(ofStatus(await until(() => pollNotifications(voter), (found) => ofStatus(found).length > 0))).toHaveLength(1);
    expect(ofStatus(await pollNotifications(author))).toEqual([]);
  });

  it('notifies nobody when a poll ends without votes', async () => {
    const status = await rig.post(author.token, { status: 'Anyone?', 'poll[options][]': ['yes', 'no'], 'poll[expires_in]': '300' });

    await endNow(status.id);
    await until(async () => (await ground.sql.query(`SELECT ended_at FROM polls WHERE status_id = $1`, [status.id])).rows[0]?.ended_at, (ended) => Boolean(ended));

    expect((await pollNotifications(author)).filter((n) => n.status?.id === status.id)).toEqual([]);
  });
});
