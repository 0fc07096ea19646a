// Grouped notifications over GraphQL (docs/api/notifications.md, docs/graphql.md): notificationGroups
// as GET /api/v2/notifications answers them (favourites of one status in one group, each account and
// status named once), notificationGroup and notificationGroupAccounts by key, and the unread count.
import { eventually, type TestUser } from '@social/testkit';
import { api, rig } from '../support/server';
import { gqlData } from '../support/graphql';

interface Group {
  groupKey: string;
  type: string;
  notificationsCount: number;
  sampleAccountIds: string[];
  statusId: string | null;
}
interface GroupPage {
  groups: Group[];
  accounts: Array<{ id: string }>;
  statuses: Array<{ id: string }>;
  nextMaxId: string | null;
  prevMinId: string | null;
}

const GROUP = 'groupKey type notificationsCount sampleAccountIds statusId';
const PAGE = `groups { ${GROUP} } accounts { id } statuses { id } nextMaxId prevMinId`;
const GROUPS = `query G($types: [NotificationType!]) { notificationGroups(types: $types) { ${PAGE} } }`;
const ONE = `query O($key: String!) { notificationGroup(groupKey: $key) { ${PAGE} } }`;
const ACCOUNTS = `query A($key: String!) { notificationGroupAccounts(groupKey: $key) { items { id } } }`;
const UNREAD = `query U { notificationGroupsUnreadCount }`;

describe('grouped notifications on /graphql', () => {
  let author: TestUser;
  let fans: TestUser[];
  let follower: TestUser;
  let postId: string;

  beforeAll(async () => {
    [author, follower, ...fans] = await Promise.all([rig.newUser('gqlgrpauthor'), rig.newUser('gqlgrpfollower'), rig.newUser('gqlgrpfan'), rig.newUser('gqlgrpfan')]);
    postId = (await rig.post(author.token, 'a status to favourite')).id;
    for (const fan of fans) expect((await api.post(`/api/v1/statuses/${postId}/favourite`, { token: fan.token })).status).toBe(200);
    expect((await api.post(`/api/v1/accounts/${author.account.id}/follow`, { token: follower.token })).status).toBe(200);
  });

  const page = async (types: string[] | null = null) => (await gqlData<{ notificationGroups: GroupPage }>(GROUPS, { types }, author.token)).notificationGroups;

  it('puts the favourites of one status in one group, and names each account and status once', async () => {
    let groups: GroupPage | undefined;
    await eventually(async () => {
      groups = await page();
      expect(groups.groups.map((group) => group.type).sort()).toEqual(['FAVOURITE', 'FOLLOW']);
    }, { timeoutMs: 10_000, what: 'a favourite group and a follow group' });
    const taken = groups as GroupPage;
    const favourites = taken.groups.find((group) => group.type === 'FAVOURITE') as Group;
    expect(favourites).toMatchObject({ notificationsCount: 2, statusId: postId, groupKey: expect.stringMatching(new RegExp(`^favourite-${postId}-\\d+$`)) });
    expect([...favourites.sampleAccountIds].sort()).toEqual(fans.map((fan) => fan.account.id).sort());
    expect(taken.groups.find((group) => group.type === 'FOLLOW')).toMatchObject({ notificationsCount: 1, sampleAccountIds: [follower.account.id], statusId: null });
    expect(taken.accounts.map((account) => account.id).sort()).toEqual([...fans.map((fan) => fan.account.id), follower.account.id].sort());
    expect(taken.statuses.map((status) => status.id)).toEqual([postId]);
    expect(taken.nextMaxId).not.toBeNull();
    expect(taken.prevMinId).not.toBeNull();
  });

  it('filters by type, and reads one group and its accounts by key', async () => {
    const favouritesOnly = await page(['FAVOURITE']);
    expect(favouritesOnly.groups.map((group) => group.type)).toEqual(['FAVOURITE']);
    const key = (favouritesOnly.groups[0] as Group).groupKey;

    const whole = (await gqlData<{ notificationGroup: GroupPage }>(ONE, { key }, author.token)).notificationGroup;
    expect(whole.groups).toEqual([expect.objectContaining({ groupKey: key, type: 'FAVOURITE', notificationsCount: 2 })]);
    const accounts = (await gqlData<{ notificationGroupAccounts: { items: Array<{ id: string }> } }>(ACCOUNTS, { key }, author.token)).notificationGroupAccounts.items;
    expect(accounts.map((account) => account.id).sort()).toEqual(fans.map((fan) => fan.account.id).sort());
    // Another user has no such group.
    const foreign = await api.get(`/api/v2/notifications/${key}`, { token: follower.token });
    expect(foreign.status).toBe(404);
  });

  it('counts the unread groups', async () => {
    expect((await gqlData<{ notificationGroupsUnreadCount: number }>(UNREAD, {}, author.token)).notificationGroupsUnreadCount).toBe(2);
  });
});
