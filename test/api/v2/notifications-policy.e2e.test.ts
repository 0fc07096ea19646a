// The notification policy and its requests (Mastodon 4.3, docs/api/notification-policy.md):
// GET/PATCH /api/v2/notifications/policy, the v1 policy's booleans, filtered notifications kept out
// of the v1 and v2 lists and counts, /api/v1/notifications/requests and accepting or dismissing them.
import { encodeForm, type MastodonStatus, type TestUser } from '@social/testkit';
import { expectError, expectJson, ISO_MS, RECORD_NOT_FOUND } from '../../support/expectations';
import { follow, links, pathOf } from '../../support/interactions';
import { gqlData } from '../../support/graphql';
import { api, rig } from '../../support/server';
import { staffToken } from '../../support/staff';

jest.setTimeout(60_000);

interface Policy {
  for_not_following: string;
  for_not_followers: string;
  for_new_accounts: string;
  for_private_mentions: string;
  for_limited_accounts: string;
  summary: { pending_requests_count: number; pending_notifications_count: number };
}

interface NotificationRequest {
  id: string;
  created_at: string;
  updated_at: string;
  notifications_count: string;
  account: { id: string };
  last_status: MastodonStatus | null;
}

const send = <T>(method: string, path: string, user: TestUser, fields: Record<string, string | string[]>) =>
  api.send<T>(method, path, { token: user.token, body: encodeForm(fields), contentType: 'application/x-www-form-urlencoded' });
const policyOf = async (user: TestUser) => (await api.get<Policy>('/api/v2/notifications/policy', { token: user.token })).body;
const setPolicy = async (user: TestUser, fields: Record<string, string>) => {
  const response = await send<Policy>('PATCH', '/api/v2/notifications/policy', user, fields);
  expectJson(response, 200);
  return response.body;
};
const notificationStatusIds = async (user: TestUser, query = '') =>
  (await api.get<Array<{ type: string; status?: { id: string } }>>(`/api/v1/notifications${query}`, { token: user.token })).body.map((n) => n.status?.id ?? n.type);
const groupStatusIds = async (user: TestUser, query = '') =>
  (await api.get<{ notification_groups: Array<{ status_id?: string | null }> }>(`/api/v2/notifications${query}`, { token: user.token })).body.notification_groups.map((g) => g.status_id);
const requestsOf = async (user: TestUser) => (await api.get<NotificationRequest[]>('/api/v1/notifications/requests', { token: user.token })).body;
const mention = (from: TestUser, to: TestUser, text: string, visibility = 'public') => rig.post(from.token, { status: `@${to.username} ${text}`, visibility });

describe('the notification policy', () => {
  it('starts with Mastodon\'s defaults, and PATCH changes only the rules given', async () => {
    const user = await rig.newUser('nppolicy');
    const initial = await api.get<Policy>('/api/v2/notifications/policy', { token: user.token });

    expectJson(initial, 200);
    expect(initial.body).toEqual({
      for_not_following: 'accept',
      for_not_followers: 'accept',
      for_new_accounts: 'accept',
      for_private_mentions: 'filter',
      for_limited_accounts: 'filter',
      summary: { pending_requests_count: 0, pending_notifications_count: 0 },
    });

    expect(await setPolicy(user, { for_not_following: 'filter', for_new_accounts: 'drop' })).toMatchObject({ for_not_following: 'filter', for_new_accounts: 'drop', for_private_mentions: 'filter' });
    expect(await policyOf(user)).toMatchObject({ for_not_following: 'filter', for_not_followers: 'accept', for_new_accounts: 'drop' });

    expectError(await send('PATCH', '/api/v2/notifications/policy', user, { for_not_followers: 'ignore' }), 422, 'Validation failed: For not followers is not included in the list');
    expect((await policyOf(user)).for_not_followers).toBe('accept');
  });

  it('answers the v1 booleans and takes them with PUT', async () => {
    const user = await rig.newUser('nppolicyv1');
    const v1 = await api.get('/api/v1/notifications/policy', { token: user.token });

    expectJson(v1, 200);
    expect(v1.body).toEqual({
      filter_not_following: false,
      filter_not_followers: false,
      filter_new_accounts: false,
      filter_private_mentions: true,
      summary: { pending_requests_count: '0', pending_notifications_count: '0' },
    });

    const put = await send('PUT', '/api/v1/notifications/policy', user, { filter_not_followers: 'true', filter_private_mentions: 'false' });
    expectJson(put, 200);
    expect(put.body).toMatchObject({ filter_not_followers: true, filter_private_mentions: false });
    expect(await policyOf(user)).toMatchObject({ for_not_followers: 'filter', for_private_mentions: 'accept' });
  });

  it('needs a user token with the notifications scopes', async () => {
    const user = await rig.newUser('nppolicyscope');
    const token = await rig.passwordToken(await rig.registerApp('read:notifications'), user.email, undefined, 'read:notifications');
    const readOnly = { ...user, token };
    expectJson(await api.get('/api/v2/notifications/policy', { token }), 200);
    expectError(await send('PATCH', '/api/v2/notifications/policy', readOnly, { for_not_following: 'filter' }), 403, 'This action is outside the authorized scopes');
    expectError(await api.get('/api/v2/notifications/policy'), 401, 'The access token is invalid');
  });
});

describe('filtered notifications and requests', () => {
  let reader: TestUser;
  let friend: TestUser;
  let stranger: TestUser;
  let pest: TestUser;
  let firstMention: MastodonStatus;
  let friendly: MastodonStatus;

  beforeAll(async () => {
    [reader, friend, stranger, pest] = await Promise.all(['npreader', 'npfriend', 'npstranger', 'nppest'].map((name) => rig.newUser(name)));
    await follow(reader, friend);
    await setPolicy(reader, { for_not_following: 'filter' });
    friendly = await mention(friend, reader, 'from a friend');
    firstMention = await mention(stranger, reader, 'who am I');
  });

  it('keeps a stranger\'s mention out of the v1 and v2 lists, and shows it with include_filtered', async () => {
    expect(await notificationStatusIds(reader)).toEqual([friendly.id]);
    expect(await groupStatusIds(reader)).toEqual([friendly.id]);
    expect(await notificationStatusIds(reader, '?include_filtered=true')).toEqual([firstMention.id, friendly.id]);
    const [filtered, shown] = (await api.get<Array<Record<string, unknown>>>('/api/v1/notifications?include_filtered=true', { token: reader.token })).body;
    expect(Object.keys(filtered ?? {}).slice(0, 6)).toEqual(['id', 'type', 'created_at', 'group_key', 'filtered', 'account']);
    expect(filtered?.filtered).toBe(true);
    expect(shown).not.toHaveProperty('filtered');
    expect(await groupStatusIds(reader, '?include_filtered=true')).toEqual([firstMention.id, friendly.id]);
  });

  it('leaves it out of the unread counts', async () => {
    expect((await api.get('/api/v1/notifications/unread_count', { token: reader.token })).body).toEqual({ count: 1 });
    expect((await api.get('/api/v2/notifications/unread_count', { token: reader.token })).body).toEqual({ count: 1 });
  });

  it('lists one request for the sender, counted in the policy summary', async () => {
    const response = await api.get<NotificationRequest[]>('/api/v1/notifications/requests', { token: reader.token });

    expectJson(response, 200);
    expect(response.body).toEqual([
      {
        id: expect.stringMatching(/^\d+$/),
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
        notifications_count: '1',
        account: expect.objectContaining({ id: stranger.account.id }),
        last_status: expect.objectContaining({ id: firstMention.id }),
      },
    ]);
    expect((await policyOf(reader)).summary).toEqual({ pending_requests_count: 1, pending_notifications_count: 1 });

    const one = await api.get<NotificationRequest>(`/api/v1/notifications/requests/${response.body[0]?.id}`, { token: reader.token });
    expectJson(one, 200);
    expect(one.body).toEqual(response.body[0]);
    expectError(await api.get(`/api/v1/notifications/requests/${response.body[0]?.id}`, { token: stranger.token }), 404, RECORD_NOT_FOUND);
  });

  it('gathers further filtered notifications from the same sender in that request', async () => {
    const second = await mention(stranger, reader, 'still me');
    const [request] = await requestsOf(reader);

    expect(request).toMatchObject({ notifications_count: '2', last_status: { id: second.id } });
    expect((await policyOf(reader)).summary).toEqual({ pending_requests_count: 1, pending_notifications_count: 2 });
  });

  it('pages requests with a Link header', async () => {
    await mention(pest, reader, 'me too');
    const page = await api.get<NotificationRequest[]>('/api/v1/notifications/requests?limit=1', { token: reader.token });

    expect(page.body.map((request) => request.account.id)).toEqual([pest.account.id]);
    const next = await api.get<NotificationRequest[]>(pathOf(links(page).next as string), { token: reader.token });
    expect(next.body.map((request) => request.account.id)).toEqual([stranger.account.id]);
  });

  it('dismissing a request hides it and its count; its notifications stay filtered', async () => {
    const request = (await requestsOf(reader)).find((r) => r.account.id === pest.account.id) as NotificationRequest;

    expectJson(await api.post(`/api/v1/notifications/requests/${request.id}/dismiss`, { token: reader.token }), 200);
    expect((await requestsOf(reader)).map((r) => r.account.id)).toEqual([stranger.account.id]);
    expect((await policyOf(reader)).summary).toEqual({ pending_requests_count: 1, pending_notifications_count: 2 });
    expect((await notificationStatusIds(reader)).length).toBe(1);
    expectError(await api.post(`/api/v1/notifications/requests/${request.id}/dismiss`, { token: stranger.token }), 404, RECORD_NOT_FOUND);
  });

  it('accepting a request brings its notifications back, and later ones arrive', async () => {
    const request = (await requestsOf(reader))[0] as NotificationRequest;
    expectError(await api.post(`/api/v1/notifications/requests/${request.id}/accept`, { token: stranger.token }), 404, RECORD_NOT_FOUND);

    const accepted = await api.post(`/api/v1/notifications/requests/${request.id}/accept`, { token: reader.token });
    expectJson(accepted, 200);
    expect(accepted.body).toEqual({});
    expect((await api.get('/api/v1/notifications/requests/merged', { token: reader.token })).body).toEqual({ merged: true });
    expect(await requestsOf(reader)).toEqual([]);
    expectError(await api.get(`/api/v1/notifications/requests/${request.id}`, { token: reader.token }), 404, RECORD_NOT_FOUND);
    expect((await notificationStatusIds(reader)).slice(-1)).toEqual([friendly.id]);
    expect((await notificationStatusIds(reader)).length).toBe(3);

    const later = await mention(stranger, reader, 'hello again');
    expect((await notificationStatusIds(reader))[0]).toBe(later.id);
    expect((await policyOf(reader)).summary).toEqual({ pending_requests_count: 0, pending_notifications_count: 0 });
  });

  it('accepts and dismisses several requests by id[], ignoring other ids', async () => {
    const [a, b] = await Promise.all(['npbulka', 'npbulkb'].map((name) => rig.newUser(name)));
    await mention(a as TestUser, reader, 'bulk a');
    await mention(b as TestUser, reader, 'bulk b');
    const ids = (await requestsOf(reader)).map((r) => r.id);
    expect(ids).toHaveLength(2);

    expectJson(await send('POST', '/api/v1/notifications/requests/dismiss', reader, { id: [ids[1] as string, '999999999'] }), 200);
    expect((await requestsOf(reader)).map((r) => r.id)).toEqual([ids[0]]);
    expectJson(await send('POST', '/api/v1/notifications/requests/accept', reader, { id: [ids[0] as string, 'nonsense'] }), 200);
    expect(await requestsOf(reader)).toEqual([]);
  });
});

describe('policy rules', () => {
  it('drops a stranger\'s mention when for_not_following is drop: nothing is recorded', async () => {
    const [reader, stranger] = await Promise.all(['npdropper', 'npdropped'].map((name) => rig.newUser(name))) as [TestUser, TestUser];
    await setPolicy(reader, { for_not_following: 'drop' });
    await mention(stranger, reader, 'into the void');

    expect(await notificationStatusIds(reader, '?include_filtered=true')).toEqual([]);
    expect(await requestsOf(reader)).toEqual([]);
  });

  it('filters unsolicited private mentions by default, not those from followed accounts', async () => {
    const [reader, friend, stranger] = await Promise.all(['npdmreader', 'npdmfriend', 'npdmstranger'].map((name) => rig.newUser(name))) as [TestUser, TestUser, TestUser];
    await follow(reader, friend);
    const fromFriend = await mention(friend, reader, 'psst', 'direct');
    const fromStranger = await mention(stranger, reader, 'psst', 'direct');
    const publicly = await mention(stranger, reader, 'hi all');

    expect(await notificationStatusIds(reader)).toEqual([publicly.id, fromFriend.id]);
    expect((await requestsOf(reader)).map((r) => r.last_status?.id)).toEqual([fromStranger.id]);
  });

  it('filters favourites and follows from new accounts when for_new_accounts is filter', async () => {
    const [reader, newcomer] = await Promise.all(['npnewreader', 'npnewcomer'].map((name) => rig.newUser(name))) as [TestUser, TestUser];
    await setPolicy(reader, { for_new_accounts: 'filter' });
    const liked = await rig.post(reader.token, 'like me');
    expectJson(await api.post(`/api/v1/statuses/${liked.id}/favourite`, { token: newcomer.token }), 200);
    await follow(newcomer, reader);

    expect(await notificationStatusIds(reader)).toEqual([]);
    expect(await notificationStatusIds(reader, '?include_filtered=true')).toEqual(['follow', liked.id]);
    expect(await requestsOf(reader)).toEqual([expect.objectContaining({ notifications_count: '2', last_status: null })]);

    // Undoing both takes their notifications, and the request with them.
    expectJson(await api.post(`/api/v1/statuses/${liked.id}/unfavourite`, { token: newcomer.token }), 200);
    expectJson(await api.post(`/api/v1/accounts/${reader.account.id}/unfollow`, { token: newcomer.token }), 200);
    expect(await requestsOf(reader)).toEqual([]);
    expect((await policyOf(reader)).summary).toEqual({ pending_requests_count: 0, pending_notifications_count: 0 });
  });
});

// The sender is the target's Moderator (test/support/staff.ts): on every target.
describe('staff senders', () => {
  it('lets a moderator\'s mention through the policy, not its favourite', async () => {
    const reader = await rig.newUser('npstaffreader');
    const moderator = await staffToken('Moderator');
    await setPolicy(reader, { for_not_following: 'filter' });

    const liked = await rig.post(reader.token, 'official?');
    expectJson(await api.post(`/api/v1/statuses/${liked.id}/favourite`, { token: moderator }), 200);
    const notice = await rig.post(moderator, { status: `@${reader.username} a word from the moderators`, visibility: 'public' });

    expect(await notificationStatusIds(reader)).toEqual([notice.id]);
    expect(await notificationStatusIds(reader, '?include_filtered=true')).toEqual([notice.id, liked.id]);
  });
});

describe('the notification policy in GraphQL', () => {
  it('reads and changes the policy and lists the requests on me', async () => {
    const [reader, stranger] = await Promise.all(['npgqlreader', 'npgqlstranger'].map((name) => rig.newUser(name))) as [TestUser, TestUser];
    const updated = await gqlData(
      `mutation { updateNotificationPolicy(input: { forNotFollowing: FILTER }) { notificationPolicy { forNotFollowing forPrivateMentions } errors { code } } }`,
      {},
      reader.token,
    );
    expect(updated.updateNotificationPolicy).toEqual({ notificationPolicy: { forNotFollowing: 'FILTER', forPrivateMentions: 'FILTER' }, errors: [] });
    const status = await mention(stranger, reader, 'graphql');

    const me = await gqlData(
      `{ me { notificationPolicy { summary { pendingRequestsCount pendingNotificationsCount } }
        notificationRequests(first: 5) { edges { node { id notificationsCount account { id } lastStatus { id } } } } } }`,
      {},
      reader.token,
    );
    expect(me.me.notificationPolicy.summary).toEqual({ pendingRequestsCount: 1, pendingNotificationsCount: 1 });
    const node = me.me.notificationRequests.edges[0].node;
    expect(node).toMatchObject({ notificationsCount: 1, account: { id: stranger.account.id }, lastStatus: { id: status.id } });

    const wrong = await gqlData(`mutation { acceptNotificationRequest(input: { requestId: "1" }) { acceptedRequestId errors { code } } }`, {}, stranger.token);
    expect(wrong.acceptNotificationRequest).toEqual({ acceptedRequestId: null, errors: [{ code: 'NOT_FOUND' }] });
    const accepted = await gqlData(`mutation A($id: ID!) { acceptNotificationRequest(input: { requestId: $id }) { acceptedRequestId errors { code } } }`, { id: node.id }, reader.token);
    expect(accepted.acceptNotificationRequest).toEqual({ acceptedRequestId: node.id, errors: [] });
  });
});
