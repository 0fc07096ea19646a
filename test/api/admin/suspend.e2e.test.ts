// What suspending an account does (docs/api/moderation.md#suspending): everything of it hidden (its profile
// answers Mastodon's blank suspended entity, its statuses and boosts of them leave every timeline, thread,
// favourite and bookmark list, its notifications and their streams), its token refused and its streams
// closed; the data is kept, and unsuspending brings it all back. On every target: the target's Moderator
// comes from the suite's setup.
import { eventually, type JsonObject, type MastodonStatus, type TestUser } from '@social/testkit';
import { expectError, expectJson } from '../../support/expectations';
import { follow, ids } from '../../support/interactions';
import { api, rig } from '../../support/server';
import { openSse } from '../../support/sse';
import { adminAccountAction, moderate } from '../../support/staff';

jest.setTimeout(60_000);

describe('a suspended account', () => {
  let suspended: TestUser;
  let reader: TestUser;
  let booster: TestUser;
  /** Filters notifications from accounts it does not follow: the suspended account's mention opens a notification request. */
  let stranger: TestUser;
  let requestId: string;
  let notificationId: string;
  let post: MastodonStatus;
  let reply: MastodonStatus;
  let root: MastodonStatus;
  let boost: MastodonStatus;
  let tag: string;
  let listId: string;

  const home = async () => ids((await api.get<MastodonStatus[]>('/api/v1/timelines/home', { token: reader.token, query: { limit: '40' } })).body);
  const listed = async () => ids((await api.get<MastodonStatus[]>(`/api/v1/timelines/list/${listId}`, { token: reader.token, query: { limit: '40' } })).body);
  const around = (id: string) => ({ max_id: (BigInt(id) + 1n).toString(), limit: '5' });

  beforeAll(async () => {
    [suspended, reader, booster, stranger] = await Promise.all([rig.newUser('suspended'), rig.newUser('sreader'), rig.newUser('sbooster'), rig.newUser('sstranger')]);
    expectJson(await api.send('PATCH', '/api/v2/notifications/policy', { token: stranger.token, body: JSON.stringify({ for_not_following: 'filter' }), contentType: 'application/json' }), 200);
    await follow(reader, suspended);
    await follow(reader, booster);
    tag = `suspended${Date.now()}`;
    post = await rig.post(suspended.token, `soon hidden #${tag} @${reader.username}`);
    root = await rig.post(reader.token, 'a thread of the reader');
    reply = await rig.post(suspended.token, { status: `@${reader.username} a reply`, in_reply_to_id: root.id });
    boost = (await api.post<MastodonStatus>(`/api/v1/statuses/${post.id}/reblog`, { token: booster.token })).body;
    await api.post(`/api/v1/statuses/${post.id}/favourite`, { token: reader.token });
    await api.post(`/api/v1/statuses/${post.id}/bookmark`, { token: reader.token });
    await api.post(`/api/v1/statuses/${root.id}/favourite`, { token: suspended.token });
    await rig.post(suspended.token, `@${stranger.username} hello`);
    const requests = await api.get<JsonObject[]>('/api/v1/notifications/requests', { token: stranger.token });
    expect(requests.body.map((request) => (request.account as JsonObject).id)).toEqual([suspended.account.id]);
    requestId = requests.body[0]!.id as string;
    const readers = await api.get<JsonObject[]>('/api/v1/notifications', { token: reader.token, query: { account_id: suspended.account.id, limit: '1' } });
    notificationId = readers.body[0]!.id as string;
    // The reader's list of the suspended account and the booster: it shows all three before the suspension.
    const list = await api.postForm<{ id: string }>('/api/v1/lists', { title: 'suspension' }, { token: reader.token });
    expectJson(list, 200);
    listId = list.body.id;
    expectJson(await api.postForm(`/api/v1/lists/${listId}/accounts`, { account_ids: [suspended.account.id, booster.account.id] }, { token: reader.token }), 200);
    expect(await listed()).toEqual(expect.arrayContaining([post.id, reply.id, boost.id]));
  });

  describe('while suspended', () => {
    let stream: Awaited<ReturnType<typeof openSse>>;
    // The reader's streams, open across the suspension: nothing of the suspended account reaches them afterwards.
    let readerStreams: Array<Awaited<ReturnType<typeof openSse>>>;

    beforeAll(async () => {
      stream = await openSse('/api/v1/streaming/user', suspended.token);
      readerStreams = await Promise.all([
        openSse('/api/v1/streaming/user', reader.token),
        openSse('/api/v1/streaming/public', reader.token),
        openSse(`/api/v1/streaming/list?list=${listId}`, reader.token),
      ]);
      expectJson(await moderate(suspended.account.id, { type: 'suspend' }), 200);
    });

    it("closes its streams and refuses its token with 403 and Mastodon's disabled text", async () => {
      await stream.ended;
      await eventually(async () => (await api.get('/api/v1/accounts/verify_credentials', { token: suspended.token })).status === 403, { timeoutMs: 15_000 });
      expectError(await api.get('/api/v1/accounts/verify_credentials', { token: suspended.token }), 403, 'Your login is currently disabled');
    });

    it('answers its profile as Mastodon does: blank, with suspended: true, and no statuses', async () => {
      const account = await api.get<JsonObject>(`/api/v1/accounts/${suspended.account.id}`);
      expectJson(account, 200);
      expect(account.body).toMatchObject({ id: suspended.account.id, username: suspended.username, display_name: '', note: '', fields: [], suspended: true });
      expect((await api.get<MastodonStatus[]>(`/api/v1/accounts/${suspended.account.id}/statuses`, { token: reader.token })).body).toEqual([]);
    });

    it('hides its statuses: 404 by id, and gone from threads', async () => {
      expect((await api.get(`/api/v1/statuses/${post.id}`, { token: reader.token })).status).toBe(404);
      expect((await api.get(`/api/v1/statuses/${post.id}`)).status).toBe(404);
      const context = await api.get<{ descendants: MastodonStatus[] }>(`/api/v1/statuses/${root.id}/context`, { token: reader.token });
      expect(ids(context.body.descendants)).not.toContain(reply.id);
    });

    it('leaves them (and boosts of them) out of every timeline and list', async () => {
      const timeline = await home();
      for (const id of [post.id, reply.id, boost.id]) expect(timeline).not.toContain(id);
      expect(timeline).toContain(root.id);
      expect(await listed()).toEqual([]);
      expect(ids((await api.get<MastodonStatus[]>('/api/v1/timelines/public', { query: around(reply.id) })).body)).not.toContain(reply.id);
      expect((await api.get<MastodonStatus[]>(`/api/v1/timelines/tag/${tag}`, { token: reader.token })).body).toEqual([]);
      expect(ids((await api.get<MastodonStatus[]>('/api/v1/favourites', { token: reader.token })).body)).not.toContain(post.id);
      expect(ids((await api.get<MastodonStatus[]>('/api/v1/bookmarks', { token: reader.token })).body)).not.toContain(post.id);
      expect(ids((await api.get<MastodonStatus[]>(`/api/v1/accounts/${booster.account.id}/statuses`, { token: reader.token })).body)).toEqual([]);
      expect(ids((await api.get<MastodonStatus[]>(`/api/v1/statuses/${root.id}/favourited_by`, { token: reader.token })).body)).not.toContain(suspended.account.id);
    });

    it('leaves its notifications out of lists and streams', async () => {
      const fromIt = async () =>
        (await api.get<JsonObject[]>('/api/v1/notifications', { token: reader.token })).body.filter((n) => (n.account as JsonObject).id === suspended.account.id);
      expect(await fromIt()).toEqual([]);
      const grouped = await api.get<{ accounts: JsonObject[] }>('/api/v2/notifications', { token: reader.token });
      expect(grouped.body.accounts.map((account) => account.id)).not.toContain(suspended.account.id);
      expectError(await api.get(`/api/v1/notifications/${notificationId}`, { token: reader.token }), 404, 'Record not found');
    });

    it('leaves its notification requests out of the list, the policy summary, and by id', async () => {
      expect((await api.get('/api/v1/notifications/requests', { token: stranger.token })).body).toEqual([]);
      const policy = await api.get<JsonObject>('/api/v2/notifications/policy', { token: stranger.token });
      expect(policy.body.summary).toEqual({ pending_requests_count: 0, pending_notifications_count: 0 });
      expectError(await api.get(`/api/v1/notifications/requests/${requestId}`, { token: stranger.token }), 404, 'Record not found');
    });

    it('cannot be acted on: favouriting or boosting its status is 404', async () => {
      expect((await api.post(`/api/v1/statuses/${post.id}/favourite`, { token: booster.token })).status).toBe(404);
      expect((await api.post(`/api/v1/statuses/${reply.id}/reblog`, { token: booster.token })).status).toBe(404);
    });

    it("sends nothing of it to its followers' streams: a boost of its old status by an account they follow never arrives", async () => {
      const [user, publicStream, listStream] = readerStreams;
      // The booster (followed by the reader, on the reader's list) boosts the suspended account's old reply: refused.
      expect((await api.post(`/api/v1/statuses/${reply.id}/reblog`, { token: booster.token })).status).toBe(404);
      // The booster's own status after it: once it streamed, the boost would have too.
      const marker = await rig.post(booster.token, 'after the suspension');
      await Promise.all([user.update(marker.id), publicStream.update(marker.id), listStream.update(marker.id)]);
      for (const readers of readerStreams) {
        const carried = readers.events.items.filter((e) => e.event !== 'delete' && e.data.includes(suspended.account.id));
        expect(carried).toEqual([]);
      }
    });
  });

  describe('once unsuspended', () => {
    beforeAll(async () => {
      expectJson(await adminAccountAction(suspended.account.id, 'unsuspend'), 200);
    });

    it('shows everything again, and its token works', async () => {
      await eventually(async () => (await api.get('/api/v1/accounts/verify_credentials', { token: suspended.token })).status === 200, { timeoutMs: 15_000 });
      expect((await api.get<JsonObject>(`/api/v1/accounts/${suspended.account.id}`)).body).not.toHaveProperty('suspended');
      expectJson(await api.get(`/api/v1/statuses/${post.id}`, { token: reader.token }), 200);
      expect(ids((await api.get<MastodonStatus[]>(`/api/v1/timelines/tag/${tag}`)).body)).toEqual([post.id]);
      expect(await home()).toEqual(expect.arrayContaining([post.id, reply.id, boost.id]));
      expect(await listed()).toEqual(expect.arrayContaining([post.id, reply.id, boost.id]));
      const context = await api.get<{ descendants: MastodonStatus[] }>(`/api/v1/statuses/${root.id}/context`, { token: reader.token });
      expect(ids(context.body.descendants)).toContain(reply.id);
      expect((await api.get<JsonObject[]>('/api/v1/notifications/requests', { token: stranger.token })).body.map((request) => request.id)).toEqual([requestId]);
      expectJson(await api.get(`/api/v1/notifications/${notificationId}`, { token: reader.token }), 200);
    });
  });
});
