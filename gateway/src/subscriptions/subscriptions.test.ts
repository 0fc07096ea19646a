import { ApolloGateway, LocalGraphQLDataSource } from '@apollo/gateway';
import { buildSchema, getOperationAST, parse, print, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { createLogger } from '@social/config';
import { ANONYMOUS, INVALID_TOKEN, type Principal } from '@social/federation';
import { createMemoryEventBus, type EventBus } from '@social/pubsub';
import type { GatewayContext } from '../context.js';
import { readSupergraph } from '../supergraph.js';
import { HomeAudience, type HomeMember } from './audience.js';
import { EventHub } from './event-hub.js';
import { SubscriptionExecutor } from './executor.js';
import { RenderMemo } from './render-memo.js';
import { buildSubscriptionSchema } from './schema.js';

/** The federated API schema, as the gateway serves it. */
async function apiSchema(): Promise<GraphQLSchema> {
  const stub = new LocalGraphQLDataSource(buildSchema('type Query { _unused: Int }'));
  const gateway = new ApolloGateway({ supergraphSdl: readSupergraph(), buildService: () => stub });
  const { schema } = await gateway.load();
  await gateway.stop();
  return schema;
}

interface Call {
  operation: string;
  query: string;
  variables: Record<string, unknown>;
  principal: Principal;
}

const user = (accountId: string, tokenId = `t${accountId}`, scopes = ['read']): Principal => ({
  kind: 'user',
  tokenId,
  applicationId: '1',
  accountId,
  scopes,
});
const PRINCIPALS: Record<string, Principal> = { 'Bearer alice': user('1'), 'Bearer bob': user('2'), 'Bearer carol': user('3'), 'Bearer revoked': INVALID_TOKEN };

const member = (accountId: string, flags: Partial<HomeMember> = {}): HomeMember => ({
  accountId,
  personal: false,
  favourited: false,
  reblogged: false,
  bookmarked: false,
  muted: false,
  reblogMuted: null,
  ...flags,
});

const STATUS = { __typename: 'Status', id: '100', label: 'Hi', content: '<p>Hi</p>' };

describe('gateway subscriptions', () => {
  let schema: GraphQLSchema;
  let bus: EventBus;
  let hub: EventHub;
  let executor: SubscriptionExecutor;
  let calls: Call[];
  let answer: (call: Call) => ExecutionResult;
  /** Direct calls to the statuses subgraph's feed rules, and their answer. */
  let checks: Call[];
  let feedAnswer: (call: Call) => ExecutionResult;
  let audienceAsked: string[][];
  let audienceOf: (accountIds: string[]) => HomeMember[];

  beforeAll(async () => {
    const api = await apiSchema();
    bus = createMemoryEventBus();
    hub = new EventHub(bus);
    await hub.start();
    const execute = async (document: DocumentNode, variables: Record<string, unknown>, context: GatewayContext) => {
      const call = { operation: getOperationAST(document)?.name?.value ?? '', query: print(document), variables, principal: context.principal };
      calls.push(call);
      return answer(call);
    };
    const audience = new HomeAudience(async (_statusId, accountIds) => {
      audienceAsked.push(accountIds);
      return audienceOf(accountIds);
    });
    const callSubgraph = async (subgraph: string, query: string, variables: Record<string, unknown>, context: GatewayContext) => {
      expect(subgraph).toBe('statuses');
      const call = { operation: getOperationAST(parse(query))?.name?.value ?? '', query, variables, principal: context.principal };
      checks.push(call);
      return feedAnswer(call);
    };
    schema = buildSubscriptionSchema(api, { hub, execute, callSubgraph, logger: createLogger('test', 'silent'), maxQueued: 100, audience, renders: new RenderMemo() });
    executor = new SubscriptionExecutor(schema, async (authorization) => (authorization ? (PRINCIPALS[authorization] ?? ANONYMOUS) : ANONYMOUS));
  });

  beforeEach(() => {
    calls = [];
    answer = () => ({ data: { status: STATUS } });
    checks = [];
    feedAnswer = () => ({ data: { found: { id: '100' } } });
    audienceAsked = [];
    audienceOf = (accountIds) => accountIds.map((accountId) => member(accountId));
  });

  afterAll(() => hub.close());

  async function subscribe(query: string, authorization: string | null = null, variables: Record<string, unknown> = {}) {
    const result = await executor.subscribe({ query, variables }, { authorization });
    if (!(Symbol.asyncIterator in result)) return { result, iterator: null };
    return { result: null, iterator: result[Symbol.asyncIterator]() };
  }

  const publish = (channel: string, event: object) => bus.publish(channel, event);
  const created = (fields: object = {}) => ({
    type: 'status.created',
    statusId: '100',
    accountId: '1',
    visibility: 'public',
    reblogOfId: null,
    mentionedAccountIds: [],
    tags: [],
    ...fields,
  });

  describe('the public stream', () => {
    const QUERY = `subscription { public { type status { id label: spoilerText ...More } } } fragment More on Status { content }`;

    it('answers SUBSCRIBED, then resolves a public status as anyone sees it, with the subscriber\'s aliases and fragments', async () => {
      const { iterator } = await subscribe(QUERY, 'Bearer alice');
      answer = () => ({ data: { status: { __typename: 'Status', id: '100', label: 'CW', content: '<p>Hi</p>' } } });

      expect((await iterator?.next())?.value).toEqual({ data: { public: { type: 'SUBSCRIBED', status: null } } });
      await publish('statuses', created());
      expect((await iterator?.next())?.value).toEqual({ data: { public: { type: 'UPDATE', status: { id: '100', label: 'CW', content: '<p>Hi</p>' } } } });

      expect(calls).toHaveLength(1);
      // The shared check as anyone, and the subscriber's own (its blocks and mutes, and whether a filter of theirs matches).
      expect(checks).toHaveLength(2);
      expect(checks).toContainEqual(expect.objectContaining({ operation: 'StreamFeedCheck', principal: ANONYMOUS, variables: expect.objectContaining({ _sId: '100', _sFeed: 'PUBLIC' }) }));
      expect(checks).toContainEqual(expect.objectContaining({ operation: 'StreamFeedCheckFiltered', principal: expect.objectContaining({ kind: 'user' }), variables: expect.objectContaining({ _sId: '100', _sFeed: 'PUBLIC' }) }));
      expect(calls[0]).toMatchObject({ operation: 'StreamStatus', principal: ANONYMOUS, variables: expect.objectContaining({ _sId: '100' }) });
      expect(calls[0]?.query).toContain('status(id: $_sId)');
      expect(calls[0]?.query).toContain('label: spoilerText');
      expect(calls[0]?.query).toContain('fragment More on Status');
      await iterator?.return?.();
    });

    it('asks nothing about private statuses and boosts, and sends deletions of public ones as they are', async () => {
      const { iterator } = await subscribe(QUERY);
      await iterator?.next();
      await publish('statuses', created({ visibility: 'private' }));
      await publish('statuses', created({ reblogOfId: '99' }));
      await publish('statuses', { type: 'status.deleted', statusId: '100', accountId: '1', visibility: 'public' });

      expect((await iterator?.next())?.value).toEqual({ data: { public: { type: 'DELETE', status: null } } });
      expect(calls).toEqual([]);
      await iterator?.return?.();
    });

    it("renders a status as the signed-in subscriber when one of their filters matches it (docs/api/filters.md#streams)", async () => {
      const { iterator } = await subscribe(QUERY, 'Bearer alice');
      feedAnswer = (call) => ({ data: { found: { id: '100', ...(call.operation === 'StreamFeedCheckFiltered' ? { filtered: [{ filter: { id: '9' } }] } : {}) } } });
      await iterator?.next();
      await publish('statuses', created());
      expect((await iterator?.next())?.value).toEqual({ data: { public: { type: 'UPDATE', status: { id: '100', label: 'Hi', content: '<p>Hi</p>' } } } });

      expect(calls.map((call) => [call.operation, call.principal.accountId])).toContainEqual(['StreamStatus', '1']);
      await iterator?.return?.();
    });

    it("drops an update the subgraph's feed rules rule out (null), without rendering it", async () => {
      const { iterator } = await subscribe(`subscription { public { type deletedStatusId } }`);
      await iterator?.next();
      feedAnswer = () => ({ data: { found: null } });
      await publish('statuses', created());
      await publish('statuses', { type: 'status.deleted', statusId: '7', accountId: '1', visibility: 'public' });

      expect((await iterator?.next())?.value).toEqual({ data: { public: { type: 'DELETE', deletedStatusId: '7' } } });
      expect(checks).toHaveLength(1);
      expect(calls).toEqual([]);
      await iterator?.return?.();
    });
  });

  describe('the user stream', () => {
    const QUERY = `subscription { user { type status { id } notification { id } } }`;

    it('refuses a caller without a token with UNAUTHENTICATED, and an unknown token too', async () => {
      const anonymous = await subscribe(QUERY);
      const unknown = await subscribe(QUERY, 'Bearer nobody');

      expect(anonymous.result?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
      expect(unknown.result?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });

    it("resolves statuses as the viewer, skips direct ones that do not concern them, and takes only the viewer's notifications", async () => {
      const { iterator } = await subscribe(QUERY, 'Bearer bob');
      await iterator?.next();
      answer = (call) => (call.operation === 'StreamNotification' ? { data: { notification: { __typename: 'Notification', id: '5' } } } : { data: { status: STATUS } });
      await publish('statuses', created({ visibility: 'direct', mentionedAccountIds: ['3'] }));
      await publish('notifications', { type: 'notification.created', notificationId: '4', accountId: '1' });
      await publish('notifications', { type: 'notification.created', notificationId: '5', accountId: '2' });
      await publish('statuses', created({ visibility: 'private' }));

      expect((await iterator?.next())?.value).toEqual({ data: { user: { type: 'NOTIFICATION', status: null, notification: { id: '5' } } } });
      expect((await iterator?.next())?.value).toEqual({ data: { user: { type: 'UPDATE', status: { id: '100' }, notification: null } } });
      // The status's membership came from the audience's one answer (the home rule), so no feed check of its own.
      expect(checks.map((call) => [call.operation, call.principal.accountId, call.variables._sFeed])).toEqual([['StreamNotificationCheck', '2', undefined]]);
      expect(calls.map((call) => [call.operation, call.principal.accountId])).toEqual([
        ['StreamNotification', '2'],
        ['StreamStatus', '2'],
      ]);
      await iterator?.return?.();
    });

    it("asks once for all users which of them may see a new status, and resolves it only for those", async () => {
      const alice = await subscribe(QUERY, 'Bearer alice');
      const bob = await subscribe(QUERY, 'Bearer bob');
      await Promise.all([alice.iterator?.next(), bob.iterator?.next()]);
      audienceOf = (accountIds) => accountIds.filter((id) => id === '2').map((accountId) => member(accountId));

      await publish('statuses', created({ statusId: '101', accountId: '5' }));
      const update = await bob.iterator?.next();

      expect(update?.value).toEqual({ data: { user: { type: 'UPDATE', status: { id: '100' }, notification: null } } });
      expect(audienceAsked.map((ids) => [...ids].sort())).toEqual([['1', '2']]);
      expect(checks).toEqual([]);
      expect(calls.map((call) => call.principal.accountId)).toEqual(['2']);
      await Promise.all([alice.iterator?.return?.(), bob.iterator?.return?.()]);
    });

    it("renders a status once for its members, each with their own flags over it, and the author on their own", async () => {
      const SELECTION = `subscription { user { type status { id fav: favourited muted ...Flags reblog { id bookmarked muted } } } }
        fragment Flags on Status { reblogged pinned }`;
      const subscribed = await Promise.all(['Bearer alice', 'Bearer bob', 'Bearer carol'].map((token) => subscribe(SELECTION, token)));
      const streams = subscribed.map(({ iterator }) => {
        if (!iterator) throw new Error('not subscribed');
        return iterator;
      });
      await Promise.all(streams.map((stream) => stream.next()));
      audienceOf = (accountIds) =>
        accountIds.map((accountId) =>
          member(accountId, { favourited: accountId === '2', bookmarked: accountId === '2', muted: accountId === '3', reblogMuted: accountId === '2', personal: accountId === '1' }),
        );
      answer = (call) => ({
        data: {
          status: {
            __typename: 'Status', id: '102', fav: call.principal.accountId === '2', muted: false, reblogged: false, pinned: null,
            reblog: { __typename: 'Status', id: '50', bookmarked: call.principal.accountId === '2', muted: false },
          },
        },
      });

      await publish('statuses', created({ statusId: '102', accountId: '9', reblogOfId: '50' }));
      const updates = await Promise.all(streams.map((stream) => stream.next()));

      const status = (fav: boolean, muted: boolean, bookmarked: boolean, reblogMuted: boolean) => ({
        data: { user: { type: 'UPDATE', status: { id: '102', fav, muted, reblogged: false, pinned: null, reblog: { id: '50', bookmarked, muted: reblogMuted } } } },
      });
      expect(updates.map((update) => update.value)).toEqual([status(false, false, false, false), status(true, false, true, true), status(false, true, false, false)]);
      // The author (personal) on their own; one shared rendering for bob and carol, made as whichever of them asked first.
      expect(calls.map((call) => call.principal.accountId).sort()).toHaveLength(2);
      expect(calls.filter((call) => call.principal.accountId === '1')).toHaveLength(1);
      for (const stream of streams) await stream.return?.();
    });

    it('fails with UNAUTHENTICATED when its token is revoked', async () => {
      const { iterator } = await subscribe(QUERY, 'Bearer alice');
      await iterator?.next();

      await publish('identity', { type: 'token.revoked', tokenId: 't1' });

      await expect(iterator?.next()).rejects.toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
    });
  });

  describe('the direct stream', () => {
    const QUERY = `subscription { direct { type status { id } conversation { id unread lastStatus { id } } } }`;

    it("resolves the viewer's conversation events as the viewer, and nothing else: no statuses, no one else's conversations", async () => {
      const { iterator } = await subscribe(QUERY, 'Bearer bob');
      await iterator?.next();
      answer = (call) =>
        call.operation === 'StreamConversation'
          ? { data: { conversation: { __typename: 'Conversation', id: call.variables._sId, unread: true, lastStatus: { __typename: 'Status', id: '100' } } } }
          : { data: { status: STATUS } };
      await publish('statuses', created({ visibility: 'direct', mentionedAccountIds: ['2'] }));
      await publish('statuses', { type: 'status.deleted', statusId: '100', accountId: '1', visibility: 'direct', mentionedAccountIds: ['2'] });
      await publish('statuses', { type: 'conversation.updated', conversationId: '8', accountId: '1' });
      await publish('statuses', { type: 'conversation.updated', conversationId: '9', accountId: '2' });

      expect((await iterator?.next())?.value).toEqual({
        data: { direct: { type: 'CONVERSATION', status: null, conversation: { id: '9', unread: true, lastStatus: { id: '100' } } } },
      });
      expect(calls.map((call) => [call.operation, call.principal.accountId, call.variables._sId])).toEqual([['StreamConversation', '2', '9']]);
      expect(calls[0]?.query).toContain('conversation(id: $_sId)');
      await iterator?.return?.();
    });

    it('drops a conversation that is gone by the time it is resolved', async () => {
      const { iterator } = await subscribe(QUERY, 'Bearer bob');
      await iterator?.next();
      answer = (call) =>
        call.variables._sId === '10'
          ? { data: null, errors: [{ message: 'Record not found', extensions: { code: 'NOT_FOUND' } }] }
          : { data: { conversation: { __typename: 'Conversation', id: call.variables._sId, unread: false, lastStatus: null } } };
      await publish('statuses', { type: 'conversation.updated', conversationId: '10', accountId: '2' });
      await publish('statuses', { type: 'conversation.updated', conversationId: '11', accountId: '2' });

      expect((await iterator?.next())?.value).toEqual({ data: { direct: { type: 'CONVERSATION', status: null, conversation: { id: '11', unread: false, lastStatus: null } } } });
      await iterator?.return?.();
    });
  });

  describe('streamAccess', () => {
    it('answers SUBSCRIBED and ends for a caller without a token', async () => {
      const { iterator } = await subscribe(`subscription { streamAccess(stream: PUBLIC) { type } }`);

      expect((await iterator?.next())?.value).toEqual({ data: { streamAccess: { type: 'SUBSCRIBED' } } });
      expect((await iterator?.next())?.done).toBe(true);
    });

    it('refuses a revoked token', async () => {
      const { result } = await subscribe(`subscription { streamAccess { type } }`, 'Bearer revoked');

      expect(result?.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('an operation that is not a subscription', () => {
    it('is refused with BAD_REQUEST', async () => {
      const { result } = await subscribe(`query { __typename }`);

      expect(result?.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    });
  });
});
