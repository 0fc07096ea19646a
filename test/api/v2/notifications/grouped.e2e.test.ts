// GET /api/v2/notifications, /:group_key, /:group_key/accounts, /unread_count and POST /:group_key/dismiss:
// Mastodon 4.3's grouped notifications (docs/api/notifications.md#grouping).
import type { MastodonStatus, TestUser } from '@social/testkit';
import { expectError, expectInvalidToken, expectJson, ISO_MS, OUTSIDE_SCOPES, RECORD_NOT_FOUND } from '../../../support/expectations';
import { act, follow, links, pathOf } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

interface Group {
  group_key: string;
  notifications_count: number;
  type: string;
  most_recent_notification_id: string;
  page_min_id?: string;
  page_max_id?: string;
  latest_page_notification_at?: string;
  sample_account_ids: string[];
  status_id?: string | null;
}

interface Envelope {
  accounts: Array<{ id: string }>;
  partial_accounts?: Array<Record<string, unknown>>;
  statuses: MastodonStatus[];
  notification_groups: Group[];
}

interface V1Notification {
  id: string;
  type: string;
}

jest.setTimeout(60_000);

const grouped = (user: TestUser, query = '') => api.get<Envelope>(`/api/v2/notifications${query}`, { token: user.token });
const keys = (envelope: Envelope) => envelope.notification_groups.map((group) => group.group_key);
const accountOf = async (id: string) => (await api.get(`/api/v1/accounts/${id}`)).body;
const statusAs = async (id: string, user: TestUser) => (await api.get<MastodonStatus>(`/api/v1/statuses/${id}`, { token: user.token })).body;
const hourNow = () => Math.floor(Date.now() / 3_600_000);

describe('/api/v2/notifications', () => {
  let reader: TestUser;
  let fans: [TestUser, TestUser, TestUser];
  let stranger: TestUser;
  let liked: MastodonStatus;
  let boosted: MastodonStatus;
  let mention: MastodonStatus;
  /** The reader's notifications, oldest first: 3 favourites, a mention, 2 follows, a reblog. */
  let ids: string[];
  let hour: number;

  /** The groups as the reader's activity makes them, newest first. */
  const expectedKeys = () => [`reblog-${boosted.id}-${hour}`, `follow-${hour}`, `ungrouped-${ids[3]}`, `favourite-${liked.id}-${hour}`];

  async function setUp(): Promise<void> {
    [reader, stranger, ...fans] = (await Promise.all(['gnreader', 'gnstranger', 'gnfana', 'gnfanb', 'gnfanc'].map((name) => rig.newUser(name)))) as [TestUser, TestUser, TestUser, TestUser, TestUser];
    hour = hourNow();
    liked = await rig.post(reader.token, 'Worth a star');
    boosted = await rig.post(reader.token, 'Worth a boost');
    for (const fan of fans) await act(fan, liked.id, 'favourite');
    mention = await rig.post(fans[0].token, `@${reader.username} hello`);
    await follow(fans[1], reader);
    await follow(fans[2], reader);
    await act(fans[0], boosted.id, 'reblog');
    const v1 = await api.get<V1Notification[]>('/api/v1/notifications', { token: reader.token });
    ids = v1.body.map((n) => n.id).reverse();
  }

  beforeAll(async () => {
    await setUp();
    // Groups are per hour: when the hour turned meanwhile, the groups would split, so start again.
    if (hourNow() !== hour) await setUp();
  });

  describe('GET /api/v2/notifications', () => {
    it('groups the favourites of one status and the follows, keeps a mention on its own, each account and status once', async () => {
      const response = await grouped(reader);

      expectJson(response, 200);
      expect(Object.keys(response.body)).toEqual(['accounts', 'statuses', 'notification_groups']);
      const [a, b, c] = fans.map((fan) => fan.account.id) as [string, string, string];
      expect(response.body.notification_groups).toEqual([
        {
          group_key: expectedKeys()[0], notifications_count: 1, type: 'reblog', most_recent_notification_id: ids[6],
          page_min_id: ids[6], page_max_id: ids[6], latest_page_notification_at: expect.stringMatching(ISO_MS), sample_account_ids: [a], status_id: boosted.id,
        },
        {
          group_key: expectedKeys()[1], notifications_count: 2, type: 'follow', most_recent_notification_id: ids[5],
          page_min_id: ids[4], page_max_id: ids[5], latest_page_notification_at: expect.stringMatching(ISO_MS), sample_account_ids: [c, b],
        },
        {
          group_key: expectedKeys()[2], notifications_count: 1, type: 'mention', most_recent_notification_id: ids[3],
          page_min_id: ids[3], page_max_id: ids[3], latest_page_notification_at: expect.stringMatching(ISO_MS), sample_account_ids: [a], status_id: mention.id,
        },
        {
          group_key: expectedKeys()[3], notifications_count: 3, type: 'favourite', most_recent_notification_id: ids[2],
          page_min_id: ids[0], page_max_id: ids[2], latest_page_notification_at: expect.stringMatching(ISO_MS), sample_account_ids: [c, b, a], status_id: liked.id,
        },
      ]);
      expect(response.body.accounts).toHaveLength(3);
      expect(response.body.accounts).toEqual(expect.arrayContaining(await Promise.all([a, b, c].map(accountOf))));
      expect(response.body.statuses).toHaveLength(3);
      expect(response.body.statuses).toEqual(expect.arrayContaining(await Promise.all([boosted.id, mention.id, liked.id].map((id) => statusAs(id, reader)))));
    });

    it('pages by groups, walking until `limit` groups: a group cut by the page comes again with the rest; Links on notification ids', async () => {
      const first = await grouped(reader, '?limit=2&grouped_types[]=favourite&grouped_types[]=follow&grouped_types[]=reblog');

      expect(keys(first.body)).toEqual(expectedKeys().slice(0, 2));
      // The walk stops at the second group's newest notification: the group counts up to the page's top, its page bounds are within the page.
      expect(first.body.notification_groups[1]).toMatchObject({ notifications_count: 2, most_recent_notification_id: ids[5], page_min_id: ids[5], page_max_id: ids[5] });
      const kept = 'grouped_types%5B%5D=favourite&grouped_types%5B%5D=follow&grouped_types%5B%5D=reblog&limit=2';
      expect(links(first)).toEqual({
        next: `${baseUrl}/api/v2/notifications?${kept}&max_id=${ids[5]}`,
        prev: `${baseUrl}/api/v2/notifications?${kept}&min_id=${ids[6]}`,
      });

      const second = await api.get<Envelope>(pathOf(links(first).next as string), { token: reader.token });
      expect(keys(second.body)).toEqual(expectedKeys().slice(1, 3));
      expect(second.body.notification_groups[0]).toMatchObject({ notifications_count: 1, most_recent_notification_id: ids[4], page_min_id: ids[4], page_max_id: ids[4], sample_account_ids: [fans[1].account.id] });
      expect(links(second).next).toBe(`${baseUrl}/api/v2/notifications?${kept}&max_id=${ids[3]}`);

      // The walk runs out before two groups: the last page reaches down to the cursor.
      const third = await api.get<Envelope>(pathOf(links(second).next as string), { token: reader.token });
      expect(third.body.notification_groups).toEqual([
        expect.objectContaining({ group_key: expectedKeys()[3], notifications_count: 3, page_min_id: ids[0], page_max_id: ids[2], sample_account_ids: fans.map((fan) => fan.account.id).reverse() }),
      ]);

      const previous = await api.get<Envelope>(pathOf(links(second).prev as string), { token: reader.token });
      expect(previous.body.notification_groups).toEqual(first.body.notification_groups);

      const last = await grouped(reader, `?max_id=${ids[0]}`);
      expect(last.body).toEqual({ accounts: [], statuses: [], notification_groups: [] });
      expect(last.headers.link).toBeUndefined();
    });

    it('keeps types[], leaves out exclude_types[], and groups only grouped_types[]', async () => {
      expect(keys((await grouped(reader, '?types[]=favourite&types[]=mention')).body)).toEqual(expectedKeys().slice(2, 4));
      expect(keys((await grouped(reader, '?exclude_types[]=favourite&exclude_types[]=follow')).body)).toEqual([expectedKeys()[0], expectedKeys()[2]]);
      expect(keys((await grouped(reader, '?grouped_types[]=follow')).body)).toEqual([
        `ungrouped-${ids[6]}`, expectedKeys()[1], `ungrouped-${ids[3]}`, `ungrouped-${ids[2]}`, `ungrouped-${ids[1]}`, `ungrouped-${ids[0]}`,
      ]);
      expect((await grouped(reader, '?types[]=admin.sign_up')).body.notification_groups).toEqual([]);
    });

    it('with expand_accounts=partial_avatars lists each group\'s most recent account whole and the others as avatars', async () => {
      const response = await grouped(reader, '?expand_accounts=partial_avatars');

      expectJson(response, 200);
      expect(Object.keys(response.body)).toEqual(['accounts', 'partial_accounts', 'statuses', 'notification_groups']);
      expect(response.body.accounts.map((account) => account.id).sort()).toEqual([fans[0].account.id, fans[2].account.id].sort());
      const full = (await accountOf(fans[1].account.id)) as Record<string, unknown>;
      expect(response.body.partial_accounts).toEqual([
        { id: full.id, acct: full.acct, locked: full.locked, bot: full.bot, url: full.url, avatar: full.avatar, avatar_static: full.avatar_static },
      ]);
      expectError(await grouped(reader, '?expand_accounts=all'), 400, "Invalid value for 'expand_accounts': 'all', allowed values are 'full' and 'partial_avatars'");
    });

    it('answers 401 without a token and 403 without read:notifications', async () => {
      expectInvalidToken(await api.get('/api/v2/notifications'));
      const app = await rig.registerApp('read:statuses read:notifications write:statuses');
      const token = await rig.passwordToken(app, reader.email, reader.password, 'read:statuses');
      expectError(await api.get('/api/v2/notifications', { token }), 403, OUTSIDE_SCOPES);
      expectError(await api.get('/api/v2/notifications/unread_count', { token }), 403, OUTSIDE_SCOPES);
      const readOnly = await rig.passwordToken(app, reader.email, reader.password, 'read:notifications');
      expectJson(await api.get('/api/v2/notifications', { token: readOnly }), 200);
      expectError(await api.post(`/api/v2/notifications/${expectedKeys()[1]}/dismiss`, { token: readOnly }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('GET /api/v2/notifications/:group_key and /accounts', () => {
    it('answers one group whole, without page bounds; ungrouped-<id> is that notification', async () => {
      const response = await api.get<Envelope>(`/api/v2/notifications/${expectedKeys()[3]}`, { token: reader.token });

      expectJson(response, 200);
      expect(response.body.notification_groups).toEqual([
        {
          group_key: expectedKeys()[3], notifications_count: 3, type: 'favourite', most_recent_notification_id: ids[2],
          sample_account_ids: fans.map((fan) => fan.account.id).reverse(), status_id: liked.id,
        },
      ]);
      expect(response.body.statuses).toEqual([await statusAs(liked.id, reader)]);
      expect(response.body.accounts).toHaveLength(3);

      const single = await api.get<Envelope>(`/api/v2/notifications/ungrouped-${ids[0]}`, { token: reader.token });
      expect(single.body.notification_groups).toEqual([
        { group_key: `ungrouped-${ids[0]}`, notifications_count: 1, type: 'favourite', most_recent_notification_id: ids[0], sample_account_ids: [fans[0].account.id], status_id: liked.id },
      ]);
    });

    it('answers 404 for a key naming none of the caller\'s notifications', async () => {
      for (const key of [expectedKeys()[3], `ungrouped-${ids[0]}`]) {
        expectError(await api.get(`/api/v2/notifications/${key}`, { token: stranger.token }), 404, RECORD_NOT_FOUND);
      }
      for (const key of ['favourite-1-1', 'nonsense', 'ungrouped-99999999999999999999', `follow-${hour - 5}`]) {
        expectError(await api.get(`/api/v2/notifications/${key}`, { token: reader.token }), 404, RECORD_NOT_FOUND);
      }
    });

    it('lists a group\'s accounts newest first, paged by notification id', async () => {
      const path = `/api/v2/notifications/${expectedKeys()[3]}/accounts`;
      const all = await api.get<Array<{ id: string }>>(path, { token: reader.token });

      expectJson(all, 200);
      expect(all.body).toEqual(await Promise.all(fans.map((fan) => accountOf(fan.account.id)).reverse()));
      const page = await api.get<Array<{ id: string }>>(`${path}?limit=2`, { token: reader.token });
      expect(page.body.map((account) => account.id)).toEqual([fans[2].account.id, fans[1].account.id]);
      expect(links(page).next).toBe(`${baseUrl}${path}?limit=2&max_id=${ids[1]}`);
      const rest = await api.get<Array<{ id: string }>>(pathOf(links(page).next as string), { token: reader.token });
      expect(rest.body.map((account) => account.id)).toEqual([fans[0].account.id]);
    });
  });

  describe('GET /api/v2/notifications/unread_count', () => {
    it('counts the groups with a notification after the notifications marker, up to limit', async () => {
      const count = async (query = '') => {
        const response = await api.get<{ count: number }>(`/api/v2/notifications/unread_count${query}`, { token: reader.token });
        expectJson(response, 200);
        return response.body.count;
      };
      expect(await count()).toBe(4);
      expect(await count('?grouped_types[]=follow')).toBe(6);
      expect(await count('?types[]=favourite')).toBe(1);
      expectJson(await api.postJson('/api/v1/markers', { notifications: { last_read_id: ids[3] } }, { token: reader.token }), 200);
      expect(await count()).toBe(2);
      expect(await count('?limit=1')).toBe(1);
      expect(await count('?exclude_types[]=reblog')).toBe(1);
    });
  });

  describe('POST /api/v2/notifications/:group_key/dismiss', () => {
    it('deletes every notification of the group (200 {}), refusing another user\'s with 404', async () => {
      const key = expectedKeys()[1];
      expectError(await api.post(`/api/v2/notifications/${key}/dismiss`, { token: stranger.token }), 404, RECORD_NOT_FOUND);

      const dismissed = await api.post(`/api/v2/notifications/${key}/dismiss`, { token: reader.token });

      expectJson(dismissed, 200);
      expect(dismissed.body).toEqual({});
      expect(keys((await grouped(reader)).body)).toEqual([expectedKeys()[0], expectedKeys()[2], expectedKeys()[3]]);
      expectError(await api.get(`/api/v2/notifications/${key}`, { token: reader.token }), 404, RECORD_NOT_FOUND);
      expectError(await api.post(`/api/v2/notifications/${key}/dismiss`, { token: reader.token }), 404, RECORD_NOT_FOUND);
    });
  });

  it('the v1 notifications carry the same group keys', async () => {
    const v1 = await api.get<Array<V1Notification & { group_key: string }>>('/api/v1/notifications?types[]=favourite', { token: reader.token });
    expect(v1.body.map((n) => n.group_key)).toEqual([expectedKeys()[3], expectedKeys()[3], expectedKeys()[3]]);
  });
});
