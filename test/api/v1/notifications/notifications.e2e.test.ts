// GET /api/v1/notifications, /:id, /unread_count, POST /clear and /:id/dismiss: the notifications recorded
// for mentions, boosts, favourites and follows (Mastodon's NotifyService), muted conversations, undo
// removing them (dependent destroy), filters, Link pagination and ownership. docs/api/timelines.md#notifications.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { expectedAccount } from '../../../support/entities';
import { expectError, expectJson, ID, ISO_MS, RECORD_NOT_FOUND } from '../../../support/expectations';
import { act, follow, links, pathOf } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

interface Notification {
  id: string;
  type: string;
  created_at: string;
  group_key: string;
  account: { id: string };
  status?: MastodonStatus | null;
}

const list = (user: TestUser, query = '') => api.get<Notification[]>(`/api/v1/notifications${query}`, { token: user.token });
const types = (items: Notification[]) => items.map((n) => n.type);
const statusAs = async (id: string, user: TestUser) => (await api.get<MastodonStatus>(`/api/v1/statuses/${id}`, { token: user.token })).body;
const accountOf = async (user: TestUser) => (await api.get(`/api/v1/accounts/${user.account.id}`)).body;

describe('/api/v1/notifications', () => {
  let author: TestUser;
  let fan: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    [author, fan, stranger] = await Promise.all([rig.newUser('nauthor'), rig.newUser('nfan'), rig.newUser('nstranger')]);
  });

  describe('recording', () => {
    it('records a mention for the mentioned account with the status as it reads it, and none for the author', async () => {
      const status = await rig.post(fan.token, `@${author.username} hello`);

      const response = await list(author, '?types[]=mention');

      expectJson(response, 200);
      const mention = response.body.find((n) => n.status?.id === status.id) as Notification;
      expect(mention).toEqual({
        id: expect.stringMatching(ID),
        type: 'mention',
        created_at: expect.stringMatching(ISO_MS),
        group_key: `ungrouped-${mention.id}`,
        account: await accountOf(fan),
        status: await statusAs(status.id, author),
      });
      expect((await list(fan)).body.filter((n) => n.status?.id === status.id)).toEqual([]);
    });

    it('records a favourite and a reblog for the author, with the original status, grouped by type, status and hour', async () => {
      const status = await rig.post(author.token, 'Worth a boost');
      await act(fan, status.id, 'favourite');
      await act(fan, status.id, 'reblog');

      const items = (await list(author)).body.filter((n) => n.status?.id === status.id);

      const hour = Math.floor(Date.now() / 3_600_000);
      expect(types(items)).toEqual(['reblog', 'favourite']);
      for (const item of items) {
        expect(item).toEqual({
          id: expect.stringMatching(ID),
          type: item.type,
          created_at: expect.stringMatching(ISO_MS),
          group_key: expect.stringMatching(new RegExp(`^${item.type}-${status.id}-(${hour - 1}|${hour}|${hour + 1})$`)),
          account: await accountOf(fan),
          status: await statusAs(status.id, author),
        });
      }
    });

    it('records a follow without a status key', async () => {
      const follower = await rig.newUser('nfollower');
      await follow(follower, author);

      const item = (await list(author, `?account_id=${follower.account.id}`)).body[0] as Notification;

      expect(item).toEqual({
        id: expect.stringMatching(ID),
        type: 'follow',
        created_at: expect.stringMatching(ISO_MS),
        group_key: expect.stringMatching(/^follow-\d+$/),
        account: expectedAccount(baseUrl, follower.account, { following_count: 1, uri: expect.any(String) }),
      });
    });

    it('records nothing for acting on your own status', async () => {
      const own = await rig.post(author.token, 'Self-love');
      await act(author, own.id, 'favourite');
      await act(author, own.id, 'reblog');

      expect((await list(author)).body.filter((n) => n.status?.id === own.id)).toEqual([]);
    });

    it('records nothing about a status in a conversation the recipient muted', async () => {
      const root = await rig.post(author.token, 'Muted thread');
      await act(author, root.id, 'mute');
      const reply = await rig.post(fan.token, { status: `@${author.username} replying`, in_reply_to_id: root.id });
      await act(fan, root.id, 'favourite');
      await act(fan, root.id, 'reblog');

      const items = (await list(author)).body;

      expect(items.filter((n) => n.status?.id === root.id || n.status?.id === reply.id)).toEqual([]);
    });
  });

  describe('undo', () => {
    it('removes the notification on unfavourite, unreblog, unfollow and status deletion', async () => {
      const status = await rig.post(author.token, 'Undo me');
      const mention = await rig.post(stranger.token, `@${author.username} soon gone`);
      await act(stranger, status.id, 'favourite');
      await act(stranger, status.id, 'reblog');
      await follow(stranger, author);
      const from = `?account_id=${stranger.account.id}`;
      expect(types((await list(author, from)).body).sort()).toEqual(['favourite', 'follow', 'mention', 'reblog']);

      await act(stranger, status.id, 'unfavourite');
      await act(stranger, status.id, 'unreblog');
      expectJson(await api.post(`/api/v1/accounts/${author.account.id}/unfollow`, { token: stranger.token }), 200);
      expectJson(await api.delete(`/api/v1/statuses/${mention.id}`, { token: stranger.token }), 200);

      expect((await list(author, from)).body).toEqual([]);
    });

    it("removes the boost and favourite notifications with the boosted status", async () => {
      const status = await rig.post(author.token, 'Delete me');
      await act(stranger, status.id, 'favourite');
      await act(stranger, status.id, 'reblog');
      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 200);

      expect((await list(author)).body.filter((n) => n.status?.id === status.id)).toEqual([]);
    });
  });

  describe('GET with filters and pages', () => {
    let reader: TestUser;
    let ids: string[];

    beforeAll(async () => {
      reader = await rig.newUser('nreader');
      const status = await rig.post(reader.token, 'Popular');
      await act(fan, status.id, 'favourite');
      await rig.post(fan.token, `@${reader.username} one`);
      await follow(fan, reader);
      await act(fan, status.id, 'reblog');
      await rig.post(fan.token, `@${reader.username} two`);
      ids = (await list(reader)).body.map((n) => n.id);
    });

    it('lists newest first, all types by default', async () => {
      expect(types((await list(reader)).body)).toEqual(['mention', 'reblog', 'follow', 'mention', 'favourite']);
    });

    it('keeps only types[], leaves out exclude_types[], and matches nothing for unknown types', async () => {
      expect(types((await list(reader, '?types[]=mention&types[]=follow')).body)).toEqual(['mention', 'follow', 'mention']);
      expect(types((await list(reader, '?exclude_types[]=mention&exclude_types[]=reblog')).body)).toEqual(['follow', 'favourite']);
      expect((await list(reader, '?types[]=admin.sign_up')).body).toEqual([]);
    });

    it('pages with limit and writes next and prev Links keeping limit and types', async () => {
      const first = await list(reader, '?limit=2&types[]=mention&types[]=reblog&types[]=favourite');

      expectJson(first, 200);
      expect(first.body.map((n) => n.id)).toEqual([ids[0], ids[1]]);
      expect(links(first)).toEqual({
        next: `${baseUrl}/api/v1/notifications?limit=2&max_id=${ids[1]}&types%5B%5D=mention&types%5B%5D=reblog&types%5B%5D=favourite`,
        prev: `${baseUrl}/api/v1/notifications?limit=2&min_id=${ids[0]}&types%5B%5D=mention&types%5B%5D=reblog&types%5B%5D=favourite`,
      });
      const second = await api.get<Notification[]>(pathOf(links(first).next as string), { token: reader.token });
      expect(second.body.map((n) => n.id)).toEqual([ids[3], ids[4]]);
      const previous = await api.get<Notification[]>(pathOf(links(second).prev as string), { token: reader.token });
      expect(previous.body.map((n) => n.id)).toEqual([ids[0], ids[1]]);
    });

    it('answers an empty page without Link for limit=0', async () => {
      const response = await list(reader, '?limit=0');
      expect(response.body).toEqual([]);
      expect(response.headers.link).toBeUndefined();
    });

    it('counts the notifications after the notifications marker up to limit', async () => {
      const count = (query = '') => api.get<{ count: number }>(`/api/v1/notifications/unread_count${query}`, { token: reader.token });
      expect((await count()).body).toEqual({ count: 5 });
      expectJson(await api.postJson('/api/v1/markers', { notifications: { last_read_id: ids[2] } }, { token: reader.token }), 200);
      const response = await count();
      expectJson(response, 200);
      expect(response.body).toEqual({ count: 2 });
      expect((await count('?limit=1')).body).toEqual({ count: 1 });
    });
  });

  describe('GET /api/v1/notifications/:id', () => {
    it("answers the caller's notification, and 404 Record not found for another user's (or an unknown id)", async () => {
      const status = await rig.post(fan.token, `@${author.username} by id`);
      const item = (await list(author)).body.find((n) => n.status?.id === status.id) as Notification;

      const own = await api.get(`/api/v1/notifications/${item.id}`, { token: author.token });
      expectJson(own, 200);
      expect(own.body).toEqual(item);
      expectError(await api.get(`/api/v1/notifications/${item.id}`, { token: stranger.token }), 404, RECORD_NOT_FOUND);
      expectError(await api.get('/api/v1/notifications/99999999999', { token: author.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('POST dismiss and clear', () => {
    it("dismisses one notification (200 {}), refuses another user's with 404, then clears the rest", async () => {
      const user = await rig.newUser('ndismiss');
      await rig.post(fan.token, `@${user.username} a`);
      await rig.post(fan.token, `@${user.username} b`);
      const [newest, oldest] = (await list(user)).body as [Notification, Notification];

      expectError(await api.post(`/api/v1/notifications/${newest.id}/dismiss`, { token: stranger.token }), 404, RECORD_NOT_FOUND);
      const dismissed = await api.post(`/api/v1/notifications/${newest.id}/dismiss`, { token: user.token });
      expectJson(dismissed, 200);
      expect(dismissed.body).toEqual({});
      expect((await list(user)).body.map((n) => n.id)).toEqual([oldest.id]);

      const cleared = await api.post('/api/v1/notifications/clear', { token: user.token });
      expectJson(cleared, 200);
      expect(cleared.body).toEqual({});
      expect((await list(user)).body).toEqual([]);
    });
  });
});
