// The nested fields and their connections over real HTTP: each connection walked forward and back
// against the items of the root query it mirrors, and each nested field keeping that query's rules
// (scopes, visibility, ownership).
import type { TestUser } from '@social/testkit';
import { api, rig } from '../support/server';
import { codesOf, gql, gqlData } from '../support/graphql';

const PAGE = `edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }`;

type Page = { edges: Array<{ cursor: string; node: { id: string } }>; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null } };
type Fetch = (args: { first?: number; after?: string | null; last?: number; before?: string | null }) => Promise<Page>;

/** The ids of the whole list walked 2 by 2 forward (first/after), then 2 by 2 backward from the oldest (last/before): both must give `expected`. */
async function expectWalks(fetch: Fetch, expected: string[]): Promise<void> {
  const forward: string[] = [];
  let after: string | null = null;
  for (;;) {
    const page: Page = await fetch({ first: 2, after });
    forward.push(...page.edges.map((edge) => edge.node.id));
    expect(page.pageInfo.hasPreviousPage).toBe(false);
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  expect(forward).toEqual(expected);

  const backward: string[] = [];
  let before: string | null = null;
  for (;;) {
    const page: Page = await fetch({ last: 2, before });
    backward.unshift(...page.edges.map((edge) => edge.node.id));
    expect(page.pageInfo.hasNextPage).toBe(false);
    if (!page.pageInfo.hasPreviousPage) break;
    before = page.pageInfo.startCursor;
  }
  expect(backward).toEqual(expected);
}

const ok = async (what: string, response: Promise<{ status: number; body: unknown }>) => {
  const answer = await response;
  if (answer.status !== 200) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, string>;
};

const follow = (who: TestUser, target: TestUser) => ok('follow', api.post(`/api/v1/accounts/${target.account.id}/follow`, { token: who.token }));
const post = (who: TestUser, status: string, fields: Record<string, string> = {}) => rig.post(who.token, { status, ...fields });
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
const VIEWER_ARGS = `($first: Int, $after: String, $last: Int, $before: String)`;
const CONNECTION_ARGS = `first: $first, after: $after, last: $last, before: $before`;

describe('nested connections', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  const alicePosts: string[] = [];

  beforeAll(async () => {
    [alice, bob, carol, dave] = await Promise.all([rig.newUser('nestalice'), rig.newUser('nestbob'), rig.newUser('nestcarol'), rig.newUser('nestdave')]);
    for (const who of [bob, carol, dave]) await follow(who, alice);
    await follow(alice, bob);
    await follow(alice, carol);
    for (let i = 0; i < 5; i += 1) alicePosts.unshift((await post(alice, `alice ${i}`)).id);
  });

  it("walks the viewer's notifications, with the enum filters of the root query", async () => {
    for (const id of alicePosts.slice(0, 3)) await ok('favourite', api.post(`/api/v1/statuses/${id}/favourite`, { token: bob.token }));
    await post(carol, `@${alice.username} hello`);
    const root = (await gqlData(`{ notifications(limit: 40) { items { id type account { id } } } }`, {}, alice.token)).notifications.items;
    const query = `query N${VIEWER_ARGS} { me { notifications(${CONNECTION_ARGS}) { ${PAGE} } } }`;
    await expectWalks(async (args) => (await gqlData(query, args, alice.token)).me.notifications, ids(root));

    const filtered = async (filter: string) =>
      (await gqlData(`{ me { notifications(${filter}) { edges { node { id type account { id } } } } } }`, {}, alice.token)).me.notifications.edges.map(
        (edge: { node: unknown }) => edge.node,
      );
    const favourites = root.filter((n: { type: string }) => n.type === 'FAVOURITE');
    expect(favourites).toHaveLength(3);
    expect(await filtered('types: [FAVOURITE]')).toEqual(favourites);
    expect(await filtered('excludeTypes: [FAVOURITE, FOLLOW]')).toEqual(root.filter((n: { type: string }) => n.type === 'MENTION'));
    expect(await filtered('types: []')).toEqual([]);
    expect(await filtered(`accountId: "${carol.account.id}"`)).toEqual(root.filter((n: { account: { id: string } }) => n.account.id === carol.account.id));
    expect(codesOf(await gql(`{ me { notifications(types: ["favourite"]) { edges { cursor } } } }`, {}, alice.token))).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });

  it("walks the viewer's bookmarks and favourites as the root queries list them", async () => {
    for (const id of [alicePosts[3], alicePosts[0], alicePosts[2]]) {
      await ok('bookmark', api.post(`/api/v1/statuses/${id}/bookmark`, { token: dave.token }));
      await ok('favourite', api.post(`/api/v1/statuses/${id}/favourite`, { token: dave.token }));
    }
    for (const list of ['bookmarks', 'favourites']) {
      const root = (await gqlData(`{ ${list}(limit: 40) { items { id } } }`, {}, dave.token))[list].items;
      expect(ids(root)).toEqual([alicePosts[2], alicePosts[0], alicePosts[3]]);
      const query = `query L${VIEWER_ARGS} { me { ${list}(${CONNECTION_ARGS}) { ${PAGE} } } }`;
      await expectWalks(async (args) => (await gqlData(query, args, dave.token)).me[list], ids(root));
    }
    const readOnly = await rig.passwordToken(await rig.registerApp('read:statuses'), dave.email, undefined, 'read:statuses');
    expect(codesOf(await gql(`{ me { bookmarks { edges { cursor } } } }`, {}, readOnly))).toEqual(['FORBIDDEN']);
  });

  it("walks the viewer's conversations and scheduled statuses", async () => {
    for (let i = 0; i < 3; i += 1) await post(alice, `@${dave.username} secret ${i}`, { visibility: 'direct' });
    const rootConversations = (await gqlData(`{ conversations(limit: 40) { items { id } } }`, {}, dave.token)).conversations.items;
    expect(rootConversations).toHaveLength(3);
    const conversations = `query C${VIEWER_ARGS} { me { conversations(${CONNECTION_ARGS}) { ${PAGE} } } }`;
    await expectWalks(async (args) => (await gqlData(conversations, args, dave.token)).me.conversations, ids(rootConversations));

    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    for (let i = 0; i < 3; i += 1) await ok('schedule', api.postForm('/api/v1/statuses', { status: `later ${i}`, scheduled_at: at(30 + i) }, { token: dave.token }));
    const rootScheduled = (await gqlData(`{ scheduledStatuses(limit: 40) { items { id } } }`, {}, dave.token)).scheduledStatuses.items;
    expect(rootScheduled).toHaveLength(3);
    const scheduled = `query S${VIEWER_ARGS} { me { scheduledStatuses(${CONNECTION_ARGS}) { ${PAGE} } } }`;
    await expectWalks(async (args) => (await gqlData(scheduled, args, dave.token)).me.scheduledStatuses, ids(rootScheduled));
  });

  it("lists the viewer's lists with their members and timelines, the owner's only", async () => {
    const list = await ok('list', api.postForm('/api/v1/lists', { title: 'friends' }, { token: alice.token }));
    await ok('members', api.postForm(`/api/v1/lists/${list.id}/accounts`, { account_ids: [bob.account.id, carol.account.id] }, { token: alice.token }));
    const memberPosts = [(await post(bob, 'bob 1')).id, (await post(bob, 'bob 2')).id, (await post(carol, 'carol 1')).id].reverse();
    const lists = (await gqlData(`{ me { lists { id title } } }`, {}, alice.token)).me.lists;
    expect(lists).toEqual([{ id: list.id, title: 'friends' }]);

    const members = `query M($first: Int, $after: String, $last: Int, $before: String) { me { lists { accounts(${CONNECTION_ARGS}) { ${PAGE} } } } }`;
    const rootMembers = (await gqlData(`query R($id: ID!) { listAccounts(id: $id, limit: 40) { items { id } } }`, { id: list.id }, alice.token)).listAccounts.items;
    expect(ids(rootMembers).sort()).toEqual([bob.account.id, carol.account.id].sort());
    await expectWalks(async (args) => (await gqlData(members, args, alice.token)).me.lists[0].accounts, ids(rootMembers));

    const timeline = `query T($first: Int, $after: String, $last: Int, $before: String) { me { lists { timeline(${CONNECTION_ARGS}) { ${PAGE} } } } }`;
    const rootTimeline = (await gqlData(`query R($id: ID!) { listTimeline(id: $id, limit: 40) { items { id } } }`, { id: list.id }, alice.token)).listTimeline.items;
    expect(ids(rootTimeline).slice(0, 3)).toEqual(memberPosts);
    await expectWalks(async (args) => (await gqlData(timeline, args, alice.token)).me.lists[0].timeline, ids(rootTimeline));
    expect((await gqlData(`{ me { lists { id } } }`, {}, bob.token)).me.lists).toEqual([]);
  });

  it("walks an account's followers and following, with a token as the root queries need", async () => {
    const followers = `query F($id: ID!, $first: Int, $after: String, $last: Int, $before: String) { account(id: $id) { followers(${CONNECTION_ARGS}) { ${PAGE} } } }`;
    const root = (await gqlData(`query R($id: ID!) { accountFollowers(accountId: $id) { items { id } } }`, { id: alice.account.id }, bob.token)).accountFollowers.items;
    expect(ids(root)).toEqual([dave.account.id, carol.account.id, bob.account.id]);
    await expectWalks(async (args) => (await gqlData(followers, { id: alice.account.id, ...args }, bob.token)).account.followers, ids(root));
    const following = `query G($id: ID!, $first: Int, $after: String, $last: Int, $before: String) { account(id: $id) { following(${CONNECTION_ARGS}) { ${PAGE} } } }`;
    await expectWalks(async (args) => (await gqlData(following, { id: alice.account.id, ...args }, bob.token)).account.following, [carol.account.id, bob.account.id]);
    expect(codesOf(await gql(followers, { id: alice.account.id }))).toEqual(['UNAUTHENTICATED']);
  });

  it("answers the viewer's relationship with each account of a page, null anonymously and for an app token", async () => {
    const query = `query R($id: ID!) { account(id: $id) { followers(first: 40) { edges { node { id relationship { id following followedBy } } } } } }`;
    const edges = (await gqlData(query, { id: alice.account.id }, bob.token)).account.followers.edges;
    expect(edges.map((edge: { node: unknown }) => edge.node)).toEqual([
      { id: dave.account.id, relationship: { id: dave.account.id, following: false, followedBy: false } },
      { id: carol.account.id, relationship: { id: carol.account.id, following: false, followedBy: false } },
      { id: bob.account.id, relationship: { id: bob.account.id, following: false, followedBy: false } },
    ]);
    const own = `query O($id: ID!) { account(id: $id) { relationship { following followedBy } } }`;
    expect((await gqlData(own, { id: alice.account.id }, bob.token)).account.relationship).toEqual({ following: true, followedBy: true });
    expect((await gqlData(own, { id: alice.account.id })).account.relationship).toBeNull();
    const accountsOnly = await rig.passwordToken(await rig.registerApp('read:accounts'), bob.email, undefined, 'read:accounts');
    expect(codesOf(await gql(own, { id: alice.account.id }, accountsOnly))).toEqual(['FORBIDDEN']);
    expect((await gqlData(own, { id: alice.account.id }, await rig.appToken(bob.app, 'read'))).account.relationship).toBeNull();
  });

  it("gives a status's context, favouritedBy and rebloggedBy with the root queries' visibility", async () => {
    const root = (await post(alice, 'thread root')).id;
    const hidden = (await post(alice, 'followers only reply', { in_reply_to_id: root, visibility: 'private' })).id;
    const open = (await post(bob, 'public reply', { in_reply_to_id: root })).id;
    const context = `query C($id: ID!) { status(id: $id) { context { ancestors { id } descendants { id } } } }`;
    expect((await gqlData(context, { id: root }, carol.token)).status.context.descendants).toEqual([{ id: hidden }, { id: open }]);
    const stranger = await rig.newUser('neststranger');
    expect((await gqlData(context, { id: root }, stranger.token)).status.context.descendants).toEqual([{ id: open }]);
    expect((await gqlData(context, { id: root })).status.context.descendants).toEqual([{ id: open }]);
    expect((await gqlData(context, { id: open })).status.context.ancestors).toEqual([{ id: root }]);

    for (const who of [bob, carol, dave]) {
      await ok('favourite', api.post(`/api/v1/statuses/${root}/favourite`, { token: who.token }));
      await ok('reblog', api.post(`/api/v1/statuses/${root}/reblog`, { token: who.token }));
    }
    const expected = [dave.account.id, carol.account.id, bob.account.id];
    for (const field of ['favouritedBy', 'rebloggedBy']) {
      const query = `query I($id: ID!, $first: Int, $after: String, $last: Int, $before: String) { status(id: $id) { ${field}(${CONNECTION_ARGS}) { ${PAGE} } } }`;
      await expectWalks(async (args) => (await gqlData(query, { id: root, ...args })).status[field], expected);
    }
  });

  it('walks the public and hashtag timelines, without what is not public', async () => {
    const tag = `nested${Date.now()}`;
    const tagged: string[] = [];
    for (let i = 0; i < 3; i += 1) tagged.unshift((await post(carol, `#${tag} number ${i}`)).id);
    await post(carol, `#${tag} unlisted`, { visibility: 'unlisted' });
    const query = `query H($name: String!, $first: Int, $after: String, $last: Int, $before: String) { hashtag(name: $name) { name statuses(${CONNECTION_ARGS}) { ${PAGE} } } }`;
    await expectWalks(async (args) => (await gqlData(query, { name: `#${tag.toUpperCase()}`, ...args })).hashtag.statuses, tagged);
    expect((await gqlData(`query H($name: String!) { hashtag(name: $name) { name url } }`, { name: `#${tag.toUpperCase()}` })).hashtag).toEqual({
      name: tag,
      url: expect.stringMatching(new RegExp(`/tags/${tag}$`)),
    });
    expect((await gqlData(`{ hashtag(name: "#") { name } }`)).hashtag).toBeNull();

    const { publicStatuses } = await gqlData(`{ publicStatuses(first: 40, local: true) { edges { node { id } } } }`);
    const listed = ids(publicStatuses.edges.map((edge: { node: { id: string } }) => edge.node));
    expect(listed.filter((id: string) => tagged.includes(id))).toEqual(tagged);
    const fromStatus = `query S($id: ID!) { status(id: $id) { tags { statuses(first: 1) { edges { node { id } } } } } }`;
    expect((await gqlData(fromStatus, { id: tagged[2] })).status.tags[0].statuses.edges).toEqual([{ node: { id: tagged[0] } }]);
  });
});
