// Relay connections over real HTTP: me.homeTimeline and Account.statuses walked forward page by
// page (no gaps, no duplicates) and back, opaque cursors, and the bounds on first/last.
import type { TestUser } from '@social/testkit';
import { api, rig } from '../support/server';
import { codesOf, gql, gqlData } from '../support/graphql';

const HOME = `query Home($first: Int, $after: String, $last: Int, $before: String) {
  me { account { id } homeTimeline(first: $first, after: $after, last: $last, before: $before) {
    edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }
}`;

type Page = { edges: Array<{ cursor: string; node: { id: string } }>; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null } };

async function home(user: TestUser, args: Record<string, unknown>): Promise<Page> {
  return (await gqlData(HOME, args, user.token)).me.homeTimeline;
}

describe('Relay connections', () => {
  let user: TestUser;
  const posted: string[] = [];

  beforeAll(async () => {
    user = await rig.newUser('connection');
    for (let i = 0; i < 5; i += 1) posted.unshift((await rig.post(user.token, { status: `post ${i}` })).id);
  });

  it('answers me with the signed-in account, and null without a user', async () => {
    expect((await gqlData(`{ me { account { id } } }`, {}, user.token)).me).toEqual({ account: { id: user.account.id } });
    expect((await gql(`{ me { account { id } } }`)).data).toEqual({ me: null });
    const appToken = await rig.appToken(user.app, 'read');
    expect((await gql(`{ me { account { id } } }`, {}, appToken)).data).toEqual({ me: null });
  });

  it('walks the home timeline forward with no gaps or duplicates, and back', async () => {
    const pages: Page[] = [];
    let after: string | null = null;
    do {
      const page: Page = await home(user, { first: 2, after });
      pages.push(page);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    } while (after !== null);
    expect(pages.map((page) => page.edges.map((edge) => edge.node.id))).toEqual([posted.slice(0, 2), posted.slice(2, 4), posted.slice(4)]);
    expect(pages.map((page) => page.pageInfo.hasNextPage)).toEqual([true, true, false]);
    for (const page of pages) {
      expect(page.pageInfo.startCursor).toBe(page.edges[0].cursor);
      expect(page.pageInfo.endCursor).toBe(page.edges[page.edges.length - 1].cursor);
    }

    const back = await home(user, { last: 2, before: pages[1].pageInfo.startCursor });
    expect(back.edges.map((edge) => edge.node.id)).toEqual(posted.slice(0, 2));
    expect(back.pageInfo).toMatchObject({ hasPreviousPage: false, hasNextPage: false });
    const backMore = await home(user, { last: 1, before: pages[1].pageInfo.startCursor });
    expect(backMore.edges.map((edge) => edge.node.id)).toEqual([posted[1]]);
    expect(backMore.pageInfo.hasPreviousPage).toBe(true);
    expect((await home(user, { last: 2 })).edges.map((edge) => edge.node.id)).toEqual(posted.slice(3));
  });

  it('gives opaque cursors: not the status ids, and a status id is no cursor', async () => {
    const page = await home(user, { first: 5 });
    for (const edge of page.edges) expect(edge.cursor).not.toContain(edge.node.id);
    const response = await gql(HOME, { first: 2, after: posted[1] }, user.token);
    expect(codesOf(response)).toEqual(['BAD_USER_INPUT']);
  });

  it.each([
    ['first above 40', { first: 41 }],
    ['a negative first', { first: -1 }],
    ['a negative last', { last: -1 }],
    ['first with last', { first: 2, last: 2 }],
  ])('refuses %s with BAD_USER_INPUT', async (_name, args) => {
    expect(codesOf(await gql(HOME, args, user.token))).toEqual(['BAD_USER_INPUT']);
  });

  it('takes 20 by default, 40 at most, and 0 for an empty page', async () => {
    expect((await home(user, { first: 40 })).edges).toHaveLength(5);
    expect((await home(user, {})).edges).toHaveLength(5);
    expect(await home(user, { first: 0 })).toEqual({ edges: [], pageInfo: { hasNextPage: true, hasPreviousPage: false, startCursor: null, endCursor: null } });
  });

  it("walks an account's statuses as a stranger sees them", async () => {
    const hidden = (await rig.post(user.token, { status: 'followers only', visibility: 'private' })).id;
    const query = `query S($id: ID!, $after: String) { account(id: $id) { statuses(first: 3, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } } } }`;
    const first = (await gqlData(query, { id: user.account.id })).account.statuses;
    const second = (await gqlData(query, { id: user.account.id, after: first.pageInfo.endCursor })).account.statuses;
    expect([...first.edges, ...second.edges].map((edge: { node: { id: string } }) => edge.node.id)).toEqual(posted);
    expect([first.pageInfo.hasNextPage, second.pageInfo.hasNextPage]).toEqual([true, false]);
    const own = (await gqlData(query, { id: user.account.id }, user.token)).account.statuses;
    expect(own.edges[0].node.id).toBe(hidden);
  });

  it("filters an account's statuses as a profile's tabs do: the same rows as accountStatuses", async () => {
    const author = await rig.newUser('tabs');
    const other = await rig.newUser('tabsother');
    const plain = (await rig.post(author.token, { status: 'plain #TabTag' })).id;
    const reply = (await rig.post(author.token, { status: `@${other.account.username} a reply`, in_reply_to_id: (await rig.post(other.token, { status: 'root' })).id })).id;
    const boosted = (await rig.post(other.token, { status: 'boost me' })).id;
    const boost = ((await api.post(`/api/v1/statuses/${boosted}/reblog`, { token: author.token })).body as { id: string }).id;
    const pinned = (await rig.post(author.token, { status: 'pin me' })).id;
    expect((await api.post(`/api/v1/statuses/${pinned}/pin`, { token: author.token })).status).toBe(200);
    const query = `query T($id: ID!, $pinned: Boolean, $excludeReplies: Boolean, $excludeReblogs: Boolean, $tagged: String) {
      account(id: $id) { statuses(first: 10, pinned: $pinned, excludeReplies: $excludeReplies, excludeReblogs: $excludeReblogs, tagged: $tagged) { edges { node { id } } } }
    }`;
    const ids = async (filter: Record<string, unknown>) =>
      (await gqlData(query, { id: author.account.id, ...filter }, author.token)).account.statuses.edges.map((edge: { node: { id: string } }) => edge.node.id);

    expect(await ids({})).toEqual([pinned, boost, reply, plain]);
    expect(await ids({ excludeReplies: true })).toEqual([pinned, boost, plain]);
    expect(await ids({ excludeReblogs: true })).toEqual([pinned, reply, plain]);
    expect(await ids({ pinned: true })).toEqual([pinned]);
    expect(await ids({ tagged: '#tabtag' })).toEqual([plain]);
    expect(await ids({ tagged: '###' })).toEqual([]);
  });
});
