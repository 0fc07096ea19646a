// Streaming across processes, on a server of this run's target started for this file:
// - multi: a second facade process on the same gateway; a status posted through one facade reaches
//   streams held by the other (statuses process -> Redis -> gateway -> graphql-ws -> facade), and a
//   token revoked through one closes its stream on the other.
// - single and multi: the notification and filters_changed events, published by hand as their publishers do:
//   the test writes the notification row and publishes {type:'notification.created', notificationId, accountId}
//   on the namespaced `notifications` channel (and {type:'filters.changed', accountId} on `filters`) in Redis,
//   so the transport is tested apart from the writes (test/api/v2/filters.e2e.test.ts changes real filters).
//   The embedded target keeps its events in memory, out of a test's reach.
// docs/api/streaming.md#streams.
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { client, startTarget, Testrig, type ApiClient, type RunningTarget, type TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { SseStream, WsStream, isStatus, whenLive } from '../../../support/streaming';
import { TARGET, describeOnMultiTarget, describeOnTargets } from '../../../support/targets';

let target: RunningTarget;
let api: ApiClient;
let rig: Testrig;
const closers: Array<() => void> = [];

beforeAll(async () => {
  if (TARGET === 'embedded') return;
  target = await startTarget(TARGET);
  api = client(target.baseUrl);
  rig = new Testrig(api);
}, 120_000);

afterAll(async () => {
  for (const close of closers) close();
  await target?.stop();
});

async function sse(path: string, token: string | undefined, base: string): Promise<SseStream> {
  const stream = await SseStream.open(path, { token, base });
  closers.push(() => stream.close());
  expect(stream.status).toBe(200);
  return stream;
}

async function follow(follower: TestUser, followed: TestUser): Promise<void> {
  expectJson(await api.post(`/api/v1/accounts/${followed.account.id}/follow`, { token: follower.token }), 200);
}

describeOnMultiTarget('GET /api/v1/streaming/* on a second facade process', () => {
  let secondFacade: string;
  let author: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    secondFacade = await target.addFacade();
    [author, reader] = await Promise.all([rig.newUser('xpauthor'), rig.newUser('xpreader')]);
    await follow(reader, author);
  }, 60_000);

  describe('when a status is posted through the first facade', () => {
    it('reaches SSE public and user streams and a WebSocket held by the second', async () => {
      const [publicStream, userStream] = await Promise.all([sse('/api/v1/streaming/public', undefined, secondFacade), sse('/api/v1/streaming/user', reader.token, secondFacade)]);
      const ws = await WsStream.open({ token: reader.token, base: secondFacade, query: { stream: 'user' } });
      closers.push(() => ws.close());
      await whenLive(async () => (await rig.post(author.token, 'probe')).id, (id, ms) => ws.next('update', ['user'], isStatus(id), ms));

      const status = await rig.post(author.token, 'From the other process');

      const [anonymous, asReader, frame] = await Promise.all([publicStream.update(status.id), userStream.update(status.id), ws.next('update', ['user'], isStatus(status.id))]);
      expect(anonymous).toEqual((await api.get(`/api/v1/statuses/${status.id}`)).body);
      const restAsReader = (await api.get(`/api/v1/statuses/${status.id}`, { token: reader.token })).body;
      expect(asReader).toEqual(restAsReader);
      expect(JSON.parse(frame.payload as string)).toEqual(restAsReader);
    });
  });

  describe('when the token is revoked through the first facade', () => {
    it('ends the stream held by the second', async () => {
      const user = await rig.newUser('xprevoked');
      const stream = await sse('/api/v1/streaming/user', user.token, secondFacade);

      expectJson(await api.postForm('/oauth/revoke', { client_id: user.app.client_id, client_secret: user.app.client_secret, token: user.token }), 200);

      await expect(stream.ended).resolves.toBeUndefined();
    });
  });
});

describeOnTargets('single', 'multi')('GET /api/v1/streaming/user, events published by other processes through Redis', () => {
  let redis: Redis;
  let database: Client;
  let actor: TestUser;
  let recipient: TestUser;
  let recipientStream: SseStream;
  let notificationStream: SseStream;

  const publish = (channel: string, event: object) => redis.publish(`${target.backends.REDIS_NAMESPACE}:${channel}`, JSON.stringify(event));

  /** Writes a notification row as the notifications feature will, then announces it. */
  async function notify(type: string, statusId: string | null): Promise<string> {
    const row = await database.query<{ id: string }>(
      `INSERT INTO notifications (account_id, from_account_id, type, status_id) VALUES ($1, $2, $3::"NotificationType", $4) RETURNING id::text`,
      [recipient.account.id, actor.account.id, type, statusId],
    );
    const notificationId = row.rows[0]?.id as string;
    await publish('notifications', { type: 'notification.created', notificationId, accountId: recipient.account.id });
    return notificationId;
  }

  beforeAll(async () => {
    redis = new Redis(target.backends.REDIS_URL as string);
    database = new Client({ connectionString: target.backends.DATABASE_URL });
    await database.connect();
    [actor, recipient] = await Promise.all([rig.newUser('xpactor'), rig.newUser('xprecipient')]);
    [recipientStream, notificationStream] = await Promise.all([
      sse('/api/v1/streaming/user', recipient.token, target.baseUrl),
      sse('/api/v1/streaming/user/notification', recipient.token, target.baseUrl),
    ]);
  });

  afterAll(async () => {
    redis?.disconnect();
    await database?.end();
  });

  describe('when a notification is recorded for the user', () => {
    it('sends `event: notification` with the Notification: account, and the status as the user reads it', async () => {
      const status = await rig.post(actor.token, `@${recipient.username} hello`);
      const id = await notify('mention', status.id);

      const event = await recipientStream.next('notification', (data) => (JSON.parse(data) as { id: string }).id === id);

      const account = (await api.get(`/api/v1/accounts/${actor.account.id}`)).body;
      const statusAsRecipient = (await api.get(`/api/v1/statuses/${status.id}`, { token: recipient.token })).body;
      expect(JSON.parse(event.data)).toEqual({
        id,
        type: 'mention',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
        group_key: `ungrouped-${id}`,
        account,
        status: statusAsRecipient,
      });
      await notificationStream.next('notification', (data) => (JSON.parse(data) as { id: string }).id === id);
    });

    it('leaves out `status` for a follow', async () => {
      const id = await notify('follow', null);

      const event = await recipientStream.next('notification', (data) => (JSON.parse(data) as { id: string }).id === id);

      expect(Object.keys(JSON.parse(event.data) as object)).toEqual(['id', 'type', 'created_at', 'group_key', 'account']);
    });

    it('sends nothing for a status in a conversation the user muted', async () => {
      const status = await rig.post(actor.token, `@${recipient.username} in a muted thread`);
      expectJson(await api.post(`/api/v1/statuses/${status.id}/mute`, { token: recipient.token }), 200);
      const muted = await notify('mention', status.id);
      const marker = await notify('follow', null);

      await recipientStream.next('notification', (data) => (JSON.parse(data) as { id: string }).id === marker);

      expect(recipientStream.events.items.filter((e) => e.event === 'notification' && (JSON.parse(e.data) as { id: string }).id === muted)).toEqual([]);
    });
  });

  describe('when a notification is recorded for someone else', () => {
    it('sends it only to them', async () => {
      const other = await rig.newUser('xpother');
      const otherStream = await sse('/api/v1/streaming/user', other.token, target.baseUrl);
      const row = await database.query<{ id: string }>(
        `INSERT INTO notifications (account_id, from_account_id, type) VALUES ($1, $2, 'follow') RETURNING id::text`,
        [other.account.id, actor.account.id],
      );
      const id = row.rows[0]?.id as string;
      await publish('notifications', { type: 'notification.created', notificationId: id, accountId: other.account.id });
      const marker = await notify('follow', null);

      await otherStream.next('notification', (data) => (JSON.parse(data) as { id: string }).id === id);
      await recipientStream.next('notification', (data) => (JSON.parse(data) as { id: string }).id === marker);

      expect(recipientStream.events.items.filter((e) => e.data.includes(`"id":"${id}"`))).toEqual([]);
    });
  });

  describe("when the user's filters change", () => {
    it('sends `event: filters_changed` with an undefined payload over SSE, and no payload over WebSocket', async () => {
      const ws = await WsStream.open({ token: recipient.token, base: target.baseUrl, query: { stream: 'user' } });
      closers.push(() => ws.close());
      await whenLive(async () => (await rig.post(recipient.token, 'probe')).id, (id, ms) => ws.next('update', ['user'], isStatus(id), ms));

      await publish('filters', { type: 'filters.changed', accountId: recipient.account.id });

      expect(await recipientStream.next('filters_changed')).toEqual({ event: 'filters_changed', data: 'undefined' });
      expect(await ws.next('filters_changed', ['user'])).toEqual({ stream: ['user'], event: 'filters_changed' });
    });
  });
});
