// Global object identification over real HTTP: every node type fetched back by its nodeId through
// node(id:) (the statuses subgraph answers the reference, the gateway completes it from the
// subgraph owning the type), visibility as status(id) has it, malformed ids, and nodes(ids:) order.
import type { TestUser } from '@social/testkit';
import * as images from '../support/images';
import { upload } from '../support/media';
import { api, rig } from '../support/server';
import { codesOf, gql, gqlData } from '../support/graphql';

const NODE = /* GraphQL */ `
  query Node($id: ID!) {
    node(id: $id) {
      __typename nodeId
      ... on Status { id content account { id username } }
      ... on Account { id username statusesCount }
      ... on MediaAttachment { id type description }
    }
  }
`;

const NODES = `query Nodes($ids: [ID!]!) { nodes(ids: $ids) { __typename nodeId ... on Status { id } ... on Account { id } } }`;

async function publish(user: TestUser, input: Record<string, unknown>): Promise<{ id: string; nodeId: string }> {
  const data = await gqlData(`mutation P($input: PublishStatusInput!) { publishStatus(input: $input) { status { id nodeId } } }`, { input }, user.token);
  return data.publishStatus.status;
}

async function node(id: string, token?: string) {
  return (await gqlData(NODE, { id }, token)).node;
}

describe('global object identification', () => {
  let author: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    [author, stranger] = await Promise.all([rig.newUser('nodeauthor'), rig.newUser('nodestranger')]);
  });

  it('finds a status by its nodeId, with fields from every subgraph', async () => {
    const status = await publish(author, { status: 'a node' });
    expect(status.nodeId).not.toBe(status.id);
    expect(await node(status.nodeId)).toEqual({
      __typename: 'Status',
      nodeId: status.nodeId,
      id: status.id,
      content: expect.stringContaining('a node'),
      account: { id: author.account.id, username: author.username },
    });
  });

  it('finds an account by its nodeId, the one the account itself gives', async () => {
    const { account } = await gqlData(`query A($id: ID!) { account(id: $id) { nodeId } }`, { id: author.account.id });
    expect(await node(account.nodeId, stranger.token)).toEqual({
      __typename: 'Account',
      nodeId: account.nodeId,
      id: author.account.id,
      username: author.username,
      statusesCount: expect.any(Number),
    });
  });

  it("finds a media attachment: an unposted one for its owner only, a posted one with its status", async () => {
    const uploaded = await upload(api, 'v1', author.token, { file: await images.png(), fields: { description: 'a square' } });
    const id = uploaded.body.id as string;
    const { mediaAttachment } = await gqlData(`query M($id: ID!) { mediaAttachment(id: $id) { nodeId } }`, { id }, author.token);
    const ownNode = await node(mediaAttachment.nodeId, author.token);
    expect(ownNode).toEqual({ __typename: 'MediaAttachment', nodeId: expect.any(String), id, type: 'IMAGE', description: 'a square' });
    expect(await node(ownNode.nodeId, stranger.token)).toBeNull();
    expect(await node(ownNode.nodeId)).toBeNull();

    const posted = (
      await gqlData(
        `mutation P($input: PublishStatusInput!) { publishStatus(input: $input) { status { mediaAttachments { id nodeId } } } }`,
        { input: { status: 'with media', mediaIds: [id] } },
        author.token,
      )
    ).publishStatus.status;
    expect(posted.mediaAttachments).toEqual([{ id, nodeId: ownNode.nodeId }]);
    expect(await node(ownNode.nodeId, stranger.token)).toMatchObject({ __typename: 'MediaAttachment', id });
  });

  it('hides a private status from a stranger and from anonymous callers, as status(id) does', async () => {
    const status = await publish(author, { status: 'followers only', visibility: 'PRIVATE' });
    expect(await node(status.nodeId, author.token)).toMatchObject({ __typename: 'Status', id: status.id });
    expect(await node(status.nodeId, stranger.token)).toBeNull();
    expect(await node(status.nodeId)).toBeNull();
  });

  it('answers null, without an error, for malformed and unknown ids', async () => {
    const status = await publish(author, { status: 'known' });
    for (const id of [
      '',
      'not base64!',
      status.id, // a Mastodon id is not a global id
      Buffer.from(`Status:${status.id}`).toString('base64'), // padded standard base64 is another spelling
      Buffer.from(`Nothing:${status.id}`).toString('base64url'),
      Buffer.from('Status:abc').toString('base64url'),
      // Well formed, naming nothing (tests may build ids; clients must not).
      Buffer.from('Status:1').toString('base64url'),
      Buffer.from('Account:1').toString('base64url'),
    ]) {
      const { data, errors } = await gql(NODE, { id });
      expect({ id, data, errors }).toEqual({ id, data: { node: null }, errors: undefined });
    }
  });

  it('keeps the order of nodes(ids:), with nulls where node(id:) would be null', async () => {
    const [first, second] = [await publish(author, { status: 'first' }), await publish(author, { status: 'second' })];
    const hidden = await publish(author, { status: 'to me only', visibility: 'DIRECT' });
    const { account } = await gqlData(`query A($id: ID!) { account(id: $id) { nodeId } }`, { id: author.account.id });
    const data = await gqlData(NODES, { ids: [second.nodeId, 'garbage', account.nodeId, hidden.nodeId, first.nodeId, second.nodeId] }, stranger.token);
    expect(data.nodes).toEqual([
      { __typename: 'Status', nodeId: second.nodeId, id: second.id },
      null,
      { __typename: 'Account', nodeId: account.nodeId, id: author.account.id },
      null,
      { __typename: 'Status', nodeId: first.nodeId, id: first.id },
      { __typename: 'Status', nodeId: second.nodeId, id: second.id },
    ]);
  });

  it('refuses more than 100 ids with BAD_USER_INPUT', async () => {
    const response = await gql(NODES, { ids: Array.from({ length: 101 }, () => 'x') });
    expect(codesOf(response)).toEqual(['BAD_USER_INPUT']);
  });

  it('refuses a node of a type the token has no scope for with FORBIDDEN, at that node only', async () => {
    const status = await publish(author, { status: 'scoped' });
    const { account } = await gqlData(`query A($id: ID!) { account(id: $id) { nodeId } }`, { id: author.account.id });
    const app = await rig.registerApp('read:accounts');
    const accountsOnly = await rig.passwordToken(app, author.email, undefined, 'read:accounts');
    const response = await gql(NODES, { ids: [account.nodeId, status.nodeId] }, accountsOnly);
    expect(response.data?.nodes).toEqual([{ __typename: 'Account', nodeId: account.nodeId, id: author.account.id }, null]);
    expect(codesOf(response)).toEqual(['FORBIDDEN']);
    expect(response.errors?.[0].path).toEqual(['nodes', 1]);
  });

  it("finds a user's notifications, lists and conversations for their owner only, and polls with their status", async () => {
    // A direct mention from an account the author does not follow is filtered by default (docs/api/notification-policy.md).
    await gqlData(`mutation { updateNotificationPolicy(input: { forPrivateMentions: ACCEPT }) { errors { code } } }`, {}, author.token);
    await rig.post(stranger.token, { status: `@${author.username} look`, visibility: 'direct' });
    await api.postForm('/api/v1/lists', { title: 'mine' }, { token: author.token });
    const poll = await rig.post(author.token, { status: 'choose', visibility: 'private', poll: { options: ['a', 'b'], expires_in: '3600' } });
    const own = await gqlData(
      `query O($id: ID!) { me { notifications(first: 1) { edges { node { id nodeId } } } lists { id nodeId } conversations(first: 1) { edges { node { id nodeId } } } }
        status(id: $id) { poll { id nodeId } } }`,
      { id: poll.id },
      author.token,
    );
    const objects = [
      { __typename: 'Notification', ...own.me.notifications.edges[0].node },
      { __typename: 'List', ...own.me.lists[0] },
      { __typename: 'Conversation', ...own.me.conversations.edges[0].node },
      { __typename: 'Poll', ...own.status.poll },
    ];
    const query = `query N($ids: [ID!]!) { nodes(ids: $ids) { __typename nodeId ... on Notification { id type } ... on List { id title } ... on Conversation { id } ... on Poll { id options { title } } } }`;
    const ids = objects.map((object) => object.nodeId);
    expect(new Set(ids).size).toBe(4);
    expect((await gqlData(query, { ids }, author.token)).nodes).toEqual([
      { ...objects[0], type: 'MENTION' },
      { ...objects[1], title: 'mine' },
      objects[2],
      { ...objects[3], options: [{ title: 'a' }, { title: 'b' }] },
    ]);
    // The stranger is in the conversation but has a conversation of their own; the poll's status is followers-only.
    expect((await gqlData(query, { ids }, stranger.token)).nodes).toEqual([null, null, null, null]);
    expect((await gqlData(query, { ids })).nodes).toEqual([null, null, null, null]);
    await api.post(`/api/v1/accounts/${author.account.id}/follow`, { token: stranger.token });
    expect((await gqlData(query, { ids: [ids[3]] }, stranger.token)).nodes).toEqual([{ ...objects[3], options: [{ title: 'a' }, { title: 'b' }] }]);
  });
});
