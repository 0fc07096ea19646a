// The gateway's GraphQL API called directly, as an internal frontend does (issue #8): the
// same auth, scopes and rules as the REST facade, errors with extensions.code, every
// capability reachable, cursors on lists, and subscriptions over graphql-ws.
import { createHash } from 'node:crypto';
import type { TestUser } from '@social/testkit';
import * as images from '../support/images';
import { upload } from '../support/media';
import { api, rig } from '../support/server';
import { codesOf, collect, gql, gqlData, graphqlUrl, subscriptionClient, type GraphqlData } from '../support/graphql';

const STATUS = /* GraphQL */ `
  fragment S on Status {
    id content text visibility sensitive spoilerText createdAt
    repliesCount reblogsCount favouritesCount
    favourited reblogged bookmarked muted pinned
    account { id username acct displayName statusesCount }
    mentions { id username acct }
    tags { name }
    reblog { id content account { id } }
    poll { id multiple votesCount expired voted ownVotes options { title votesCount } }
    mediaAttachments { id type description url previewUrl }
  }
`;

const ERRORS = 'errors { code message field detail }';
const PUBLISH = `mutation Publish($input: PublishStatusInput!) { publishStatus(input: $input) { status { ...S } ${ERRORS} } } ${STATUS}`;
const READ = `query Read($id: ID!) { status(id: $id) { ...S } } ${STATUS}`;

async function publish(user: TestUser, input: Record<string, unknown>): Promise<GraphqlData> {
  const answer = (await gqlData(PUBLISH, { input }, user.token)).publishStatus;
  expect(answer.errors).toEqual([]);
  return answer.status;
}

describe('the GraphQL API on the gateway', () => {
  let author: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    [author, reader] = await Promise.all([rig.newUser('gqlauthor'), rig.newUser('gqlreader')]);
  });

  describe('authentication and scopes', () => {
    it('answers the viewer to a user token', async () => {
      const data = await gqlData(`{ viewer { id username acct } }`, {}, author.token);
      expect(data.viewer).toEqual({ id: author.account.id, username: author.username, acct: author.username });
    });

    it('refuses the viewer without a token with UNAUTHENTICATED and the REST message', async () => {
      const response = await gql(`{ viewer { id } }`);
      expect(response.data).toBeNull();
      expect(response.errors).toEqual([expect.objectContaining({ message: 'The access token is invalid', extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })]);
    });

    it('refuses an unknown token with UNAUTHENTICATED', async () => {
      expect(codesOf(await gql(`{ viewer { id } }`, {}, 'not-a-token'))).toEqual(['UNAUTHENTICATED']);
    });

    it('refuses a write with a read-only token with FORBIDDEN', async () => {
      const readOnly = await rig.passwordToken(author.app, author.email, undefined, 'read');
      const response = await gql(PUBLISH, { input: { status: 'not allowed' } }, readOnly);
      expect(response.errors).toEqual([
        expect.objectContaining({ message: 'This action is outside the authorized scopes', extensions: expect.objectContaining({ code: 'FORBIDDEN' }) }),
      ]);
    });

    it('registers an application and issues a client_credentials token through mutations', async () => {
      const registered = await gqlData(
        `mutation { registerApplication(input: { clientName: "gql app", redirectUris: ["urn:ietf:wg:oauth:2.0:oob"], scopes: "read write" }) { registration { clientId clientSecret application { name } } ${ERRORS} } }`,
      );
      const { clientId, clientSecret } = registered.registerApplication.registration;
      expect(registered.registerApplication.registration.application.name).toBe('gql app');
      const token = await gqlData(
        `mutation T($input: CreateTokenInput!) { createToken(input: $input) { token { accessToken tokenType scope } ${ERRORS} } }`,
        { input: { grantType: 'client_credentials', clientId, clientSecret, scope: 'read' } },
      );
      expect(token.createToken).toEqual({ token: { accessToken: expect.any(String), tokenType: 'Bearer', scope: 'read' }, errors: [] });
      const app = await gqlData(`{ currentApplication { name } }`, {}, token.createToken.token.accessToken);
      expect(app.currentApplication.name).toBe('gql app');
    });
  });

  describe('statuses', () => {
    it('publishes with mentions, tags and an enum visibility, and reads it back', async () => {
      const status = await publish(author, { status: `Hello @${reader.username} #GraphQL`, visibility: 'UNLISTED', spoilerText: 'cw' });
      expect(status).toMatchObject({
        text: `Hello @${reader.username} #GraphQL`,
        visibility: 'UNLISTED',
        sensitive: true,
        spoilerText: 'cw',
        account: { id: author.account.id, username: author.username },
        mentions: [{ id: reader.account.id, username: reader.username, acct: reader.username }],
        tags: [{ name: 'graphql' }],
      });
      expect(status.content).toContain('#<span>GraphQL</span>');
      const read = await gqlData(READ, { id: status.id }, reader.token);
      expect(read.status).toMatchObject({ id: status.id, favourited: false, visibility: 'UNLISTED' });
    });

    it('answers NOT_FOUND with the REST message for a status that does not exist', async () => {
      const response = await gql(READ, { id: '1' }, reader.token);
      expect(response.errors).toEqual([expect.objectContaining({ message: 'Record not found', extensions: expect.objectContaining({ code: 'NOT_FOUND' }) })]);
    });

    it('answers an INVALID user error with the REST message and the field for an empty status', async () => {
      const response = await gql(PUBLISH, { input: { status: '' } }, author.token);
      expect(response.errors).toBeUndefined();
      expect(response.data?.publishStatus).toEqual({
        status: null,
        errors: [{ code: 'INVALID', message: "Validation failed: Text can't be blank", field: ['input', 'status'], detail: null }],
      });
    });

    it('keeps private statuses from other viewers (NOT_FOUND)', async () => {
      const status = await publish(author, { status: 'followers only', visibility: 'PRIVATE' });
      expect(codesOf(await gql(READ, { id: status.id }, reader.token))).toEqual(['NOT_FOUND']);
      expect(codesOf(await gql(READ, { id: status.id }))).toEqual(['NOT_FOUND']);
    });

    it('walks a thread with statusContext', async () => {
      const root = await publish(author, { status: 'root' });
      const reply = await publish(reader, { status: `@${author.username} reply`, inReplyToId: root.id });
      const deeper = await publish(author, { status: `@${reader.username} deeper`, inReplyToId: reply.id });
      const context = await gqlData(`query C($id: ID!) { statusContext(id: $id) { ancestors { id } descendants { id } } }`, { id: reply.id }, reader.token);
      expect(context.statusContext).toEqual({ ancestors: [{ id: root.id }], descendants: [{ id: deeper.id }] });
    });

    it('runs every interaction and its undo with exact flags and counts', async () => {
      const status = await publish(author, { status: 'interact with me' });
      const step = async (mutation: string) => {
        const answer = (await gqlData(`mutation M($id: ID!) { ${mutation}(input: { statusId: $id }) { status { ...S } ${ERRORS} } } ${STATUS}`, { id: status.id }, reader.token))[mutation];
        expect(answer.errors).toEqual([]);
        return answer.status;
      };
      expect(await step('favouriteStatus')).toMatchObject({ favourited: true, favouritesCount: 1 });
      expect(await step('bookmarkStatus')).toMatchObject({ bookmarked: true });
      expect(await step('muteStatus')).toMatchObject({ muted: true });
      const boost = await step('reblogStatus');
      expect(boost).toMatchObject({ reblog: { id: status.id }, account: { id: reader.account.id } });
      expect((await gqlData(READ, { id: status.id }, reader.token)).status).toMatchObject({ reblogged: true, reblogsCount: 1 });
      const by = await gqlData(
        `query B($id: ID!) { statusFavouritedBy(id: $id) { items { id } nextMaxId } statusRebloggedBy(id: $id) { items { id } } }`,
        { id: status.id },
        reader.token,
      );
      expect(by.statusFavouritedBy.items).toEqual([{ id: reader.account.id }]);
      expect(by.statusRebloggedBy.items).toEqual([{ id: reader.account.id }]);
      expect(await step('unfavouriteStatus')).toMatchObject({ favourited: false, favouritesCount: 0 });
      expect(await step('unbookmarkStatus')).toMatchObject({ bookmarked: false });
      expect(await step('unmuteStatus')).toMatchObject({ muted: false });
      expect(await step('unreblogStatus')).toMatchObject({ reblogged: false, reblogsCount: 0 });
      const pin = `mutation M($id: ID!) { pinStatus(input: { statusId: $id }) { status { pinned } errors { code } } }`;
      expect((await gqlData(pin, { id: status.id }, author.token)).pinStatus).toEqual({ status: { pinned: true }, errors: [] });
      expect((await gqlData(pin, { id: status.id }, reader.token)).pinStatus).toEqual({ status: null, errors: [{ code: 'INVALID' }] });
    });

    it('deletes a status, answering its source text, after which it is NOT_FOUND', async () => {
      const status = await publish(author, { status: 'short-lived' });
      const deleted = await gqlData(`mutation D($id: ID!) { deleteStatus(input: { statusId: $id }) { deletedStatusId status { id text } ${ERRORS} } }`, { id: status.id }, author.token);
      expect(deleted.deleteStatus).toEqual({ deletedStatusId: status.id, status: { id: status.id, text: 'short-lived' }, errors: [] });
      expect(codesOf(await gql(READ, { id: status.id }, author.token))).toEqual(['NOT_FOUND']);
    });

    it('publishes a poll and counts a vote', async () => {
      const status = await publish(author, { status: 'pick one', poll: { options: ['a', 'b'], expiresIn: 3600 } });
      const vote = `mutation V($id: ID!, $choices: [Int!]!) { voteInPoll(input: { pollId: $id, choices: $choices }) { poll { votesCount voted ownVotes options { title votesCount } } ${ERRORS} } }`;
      const voted = await gqlData(vote, { id: status.poll.id, choices: [1] }, reader.token);
      expect(voted.voteInPoll).toEqual({
        poll: { votesCount: 1, voted: true, ownVotes: [1], options: [{ title: 'a', votesCount: 0 }, { title: 'b', votesCount: 1 }] },
        errors: [],
      });
      const again = await gqlData(vote, { id: status.poll.id, choices: [0] }, reader.token);
      expect(again.voteInPoll).toEqual({ poll: null, errors: [{ code: 'INVALID', message: 'Validation failed: You have already voted on this poll', field: null, detail: null }] });
    });
  });

  describe('media across subgraphs', () => {
    it('describes an uploaded attachment and posts it; the status carries it', async () => {
      const uploaded = await upload(api, 'v1', author.token, { file: await images.png() });
      const id = uploaded.body.id as string;
      const updated = await gqlData(
        `mutation U($id: ID!) { updateMediaAttachment(input: { mediaAttachmentId: $id, description: "a square" }) { mediaAttachment { id type description } ${ERRORS} } }`,
        { id },
        author.token,
      );
      expect(updated.updateMediaAttachment).toEqual({ mediaAttachment: { id, type: 'IMAGE', description: 'a square' }, errors: [] });
      const status = await publish(author, { status: 'with media', mediaIds: [id] });
      expect(status.mediaAttachments).toEqual([expect.objectContaining({ id, type: 'IMAGE', description: 'a square', url: expect.stringMatching(/^http/) })]);
    });
  });

  describe('timelines and lists', () => {
    it('pages the home timeline with its cursors', async () => {
      const user = await rig.newUser('gqlhome');
      const posted: string[] = [];
      for (let i = 0; i < 5; i += 1) posted.push((await publish(user, { status: `home ${i}` })).id);
      const page = `query H($maxId: ID, $minId: ID) { homeTimeline(limit: 2, maxId: $maxId, minId: $minId) { items { id } nextMaxId prevMinId } }`;
      const first = (await gqlData(page, {}, user.token)).homeTimeline;
      expect(first.items.map((s: { id: string }) => s.id)).toEqual([posted[4], posted[3]]);
      const second = (await gqlData(page, { maxId: first.nextMaxId }, user.token)).homeTimeline;
      expect(second.items.map((s: { id: string }) => s.id)).toEqual([posted[2], posted[1]]);
      const back = (await gqlData(page, { minId: second.prevMinId }, user.token)).homeTimeline;
      expect(back.items.map((s: { id: string }) => s.id)).toEqual([posted[4], posted[3]]);
    });

    it('reads the public, tag and account timelines, bookmarks and favourites', async () => {
      const tag = `gqltag${Date.now()}`;
      const status = await publish(author, { status: `public #${tag}` });
      await gqlData(
        `mutation M($id: ID!) { favouriteStatus(input: { statusId: $id }) { status { id } } bookmarkStatus(input: { statusId: $id }) { status { id } } }`,
        { id: status.id },
        reader.token,
      );
      const data = await gqlData(
        `query T($tag: String!, $account: ID!) {
          publicTimeline(limit: 40) { items { id } }
          tagTimeline(hashtag: $tag) { items { id } }
          accountStatuses(accountId: $account, limit: 1) { items { id } }
          bookmarks { items { id } }
          favourites { items { id } }
        }`,
        { tag, account: author.account.id },
        reader.token,
      );
      expect(data.publicTimeline.items).toContainEqual({ id: status.id });
      expect(data.tagTimeline.items).toEqual([{ id: status.id }]);
      expect(data.accountStatuses.items).toEqual([{ id: status.id }]);
      expect(data.bookmarks.items[0]).toEqual({ id: status.id });
      expect(data.favourites.items[0]).toEqual({ id: status.id });
    });

    it('follows, lists and reads a list timeline', async () => {
      const follower = await rig.newUser('gqlfollower');
      const followed = await gqlData(`mutation F($id: ID!) { followAccount(input: { accountId: $id }) { relationship { id following } ${ERRORS} } }`, { id: author.account.id }, follower.token);
      expect(followed.followAccount).toEqual({ relationship: { id: author.account.id, following: true }, errors: [] });
      const list = (await gqlData(`mutation { createList(input: { title: "gql" }) { list { id title } } }`, {}, follower.token)).createList.list;
      const added = await gqlData(
        `mutation A($id: ID!, $ids: [ID!]!) { addListAccounts(input: { listId: $id, accountIds: $ids }) { list { id } ${ERRORS} } }`,
        { id: list.id, ids: [author.account.id] },
        follower.token,
      );
      expect(added.addListAccounts).toEqual({ list: { id: list.id }, errors: [] });
      const status = await publish(author, { status: 'for the list' });
      const timeline = await gqlData(`query L($id: ID!) { listTimeline(id: $id) { items { id } } }`, { id: list.id }, follower.token);
      expect(timeline.listTimeline.items[0]).toEqual({ id: status.id });
      expect(codesOf(await gql(`query L($id: ID!) { listTimeline(id: $id) { items { id } } }`, { id: list.id }, reader.token))).toEqual(['NOT_FOUND']);
    });
  });

  describe('notifications', () => {
    it('lists a favourite of your status with its account and status, filters by type, and dismisses it', async () => {
      const owner = await rig.newUser('gqlnotified');
      const status = await publish(owner, { status: 'notify me' });
      await gqlData(`mutation M($id: ID!) { favouriteStatus(input: { statusId: $id }) { status { id } } }`, { id: status.id }, reader.token);
      const list = `query N($types: [NotificationType!]) { notifications(types: $types) { items { id type account { id } status { id } } nextMaxId } }`;
      const page = (await gqlData(list, { types: ['FAVOURITE'] }, owner.token)).notifications;
      expect(page.items).toEqual([{ id: expect.any(String), type: 'FAVOURITE', account: { id: reader.account.id }, status: { id: status.id } }]);
      expect((await gqlData(list, { types: ['MENTION'] }, owner.token)).notifications.items).toEqual([]);
      expect(codesOf(await gql(`query N($id: ID!) { notification(id: $id) { id } }`, { id: page.items[0].id }, reader.token))).toEqual(['NOT_FOUND']);
      const dismissed = await gqlData(`mutation D($id: ID!) { dismissNotification(input: { notificationId: $id }) { dismissedNotificationId ${ERRORS} } }`, { id: page.items[0].id }, owner.token);
      expect(dismissed.dismissNotification).toEqual({ dismissedNotificationId: page.items[0].id, errors: [] });
      expect((await gqlData(list, {}, owner.token)).notifications.items).toEqual([]);
    });
  });

  describe('subscriptions over graphql-ws', () => {
    it('delivers a new public status, then its deletion, with fields from every subgraph', async () => {
      const client = subscriptionClient(reader.token);
      const stream = collect(client, `subscription { public { type deletedStatusId status { id content account { username } mediaAttachments { id } } } }`);
      try {
        await stream.waitFor(1);
        expect(stream.events[0]).toEqual({ public: { type: 'SUBSCRIBED', deletedStatusId: null, status: null } });
        const status = await publish(author, { status: 'live over graphql-ws' });
        await stream.waitFor(2);
        expect(stream.events[1]).toEqual({
          public: { type: 'UPDATE', deletedStatusId: null, status: { id: status.id, content: '<p>live over graphql-ws</p>', account: { username: author.username }, mediaAttachments: [] } },
        });
        await gqlData(`mutation D($id: ID!) { deleteStatus(input: { statusId: $id }) { deletedStatusId } }`, { id: status.id }, author.token);
        await stream.waitFor(3);
        expect(stream.events[2]).toEqual({ public: { type: 'DELETE', deletedStatusId: status.id, status: null } });
      } finally {
        stream.dispose();
        await client.dispose();
      }
    });

    it('refuses the user stream without a token with UNAUTHENTICATED', async () => {
      const client = subscriptionClient();
      const stream = collect(client, `subscription { user { type } }`);
      try {
        await expect(stream.waitFor(1, 10_000)).rejects.toThrow(/UNAUTHENTICATED/);
      } finally {
        stream.dispose();
        await client.dispose();
      }
    });
  });

  describe('safety', () => {
    it('refuses a query past the depth limit before running it', async () => {
      let selection = 'id';
      for (let level = 0; level < 14; level += 1) selection = `id reblog { ${selection} }`;
      const response = await gql(`query Deep { status(id: "1") { ${selection} } }`, {}, reader.token);
      expect(response.status).toBe(400);
      expect(codesOf(response)).toEqual(['GRAPHQL_VALIDATION_FAILED']);
      expect(response.errors?.[0]?.message).toMatch(/depth limit/i);
    });

    it('serves automatic persisted queries: the hash alone once the query is known', async () => {
      const query = `query PersistedViewer { viewer { id } } # ${Date.now()}`;
      const persistedQuery = { version: 1, sha256Hash: createHash('sha256').update(query).digest('hex') };
      const post = (body: Record<string, unknown>) =>
        fetch(graphqlUrl, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${reader.token}` }, body: JSON.stringify(body) }).then(
          (response) => response.json() as Promise<{ data?: { viewer: { id: string } }; errors?: Array<{ extensions?: { code?: string } }> }>,
        );
      const unknown = await post({ extensions: { persistedQuery } });
      expect(unknown.errors?.map((error) => error.extensions?.code)).toEqual(['PERSISTED_QUERY_NOT_FOUND']);
      expect((await post({ query, extensions: { persistedQuery } })).data).toEqual({ viewer: { id: reader.account.id } });
      expect((await post({ extensions: { persistedQuery } })).data).toEqual({ viewer: { id: reader.account.id } });
    });

    it('allows introspection in development (the default)', async () => {
      const data = await gqlData(`{ __schema { queryType { name } } }`);
      expect(data.__schema.queryType.name).toBe('Query');
    });
  });
});
