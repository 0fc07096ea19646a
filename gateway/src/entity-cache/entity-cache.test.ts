import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';
import { CacheInvalidation, createMemoryVersions } from '@social/cache';
import { EntityCache } from './entity-cache.js';
import { cacheableFetch } from './fetch-shape.js';

const ACCOUNTS = 'query($representations:[_Any!]!){_entities(representations:$representations){...on Account{username fields{name value}}}}';
const WITH_SOURCE = 'query($representations:[_Any!]!){_entities(representations:$representations){...on Account{username source{note}}}}';
const STATUS_WITH_FLAGS = 'query($representations:[_Any!]!){_entities(representations:$representations){...on Status{content favourited}}}';
const STATUS_WITH_ACCOUNT_ID = 'query($representations:[_Any!]!){_entities(representations:$representations){...on Status{content account{id}}}}';
const STATUS_WITH_ACCOUNT_NAME = 'query($representations:[_Any!]!){_entities(representations:$representations){...on Status{content account{username}}}}';

/** A subgraph of accounts in memory: what it answers, and the representations each call asked for. */
function accountsSubgraph(names: Map<string, string>) {
  const calls: string[][] = [];
  const dataSource: GraphQLDataSource = {
    async process(options) {
      const representations = options.request.variables?.representations as Array<{ id: string }>;
      calls.push(representations.map((r) => r.id));
      if (representations.some((r) => r.id === 'boom')) return { data: { _entities: representations.map(() => null) }, errors: [{ message: 'boom' }] };
      return { data: { _entities: representations.map((r) => (names.has(r.id) ? { username: names.get(r.id), fields: [{ name: 'a', value: 'b' }] } : null)) } };
    },
  };
  return { dataSource, calls };
}

const fetchOf = (query: string, ids: string[], typename = 'Account') =>
  ({ request: { query, variables: { representations: ids.map((id) => ({ __typename: typename, id })) } }, context: {} }) as unknown as GraphQLDataSourceProcessOptions;

describe('cacheableFetch', () => {
  it('takes _entities fetches of viewer-independent fields, and references kept as ids', () => {
    expect(cacheableFetch(ACCOUNTS)?.typename).toBe('Account');
    expect(cacheableFetch(STATUS_WITH_ACCOUNT_ID)?.typename).toBe('Status');
  });

  it('refuses viewer fields, another entity\'s fields, root fetches and unknown fields', () => {
    expect(cacheableFetch(WITH_SOURCE)).toBeNull();
    expect(cacheableFetch(STATUS_WITH_FLAGS)).toBeNull();
    expect(cacheableFetch(STATUS_WITH_ACCOUNT_NAME)).toBeNull();
    expect(cacheableFetch('query($id:ID!){status(id:$id){content}}')).toBeNull();
    expect(cacheableFetch('query($representations:[_Any!]!){_entities(representations:$representations){...on Account{secretInternal}}}')).toBeNull();
    expect(cacheableFetch('query($representations:[_Any!]!,$x:Boolean!){_entities(representations:$representations){...on Account{username @include(if:$x)}}}')).toBeNull();
  });
});

describe('EntityCache', () => {
  it('answers a repeated fetch from memory, asks only for what it lacks, and reads through after a bump', async () => {
    const versions = createMemoryVersions();
    const names = new Map([['1', 'alice'], ['2', 'bob']]);
    const { dataSource, calls } = accountsSubgraph(names);
    const cached = new EntityCache(versions, { maxEntries: 100, maxAgeMs: 60_000 }).wrap('identity', dataSource);

    const first = await cached.process(fetchOf(ACCOUNTS, ['1']));
    expect(first.data).toEqual({ _entities: [{ username: 'alice', fields: [{ name: 'a', value: 'b' }] }] });
    const second = await cached.process(fetchOf(ACCOUNTS, ['2', '1', '404']));
    expect(second.data).toEqual({ _entities: [{ username: 'bob', fields: [{ name: 'a', value: 'b' }] }, { username: 'alice', fields: [{ name: 'a', value: 'b' }] }, null] });
    expect(calls).toEqual([['1'], ['2', '404']]);

    names.set('1', 'alice2');
    await new CacheInvalidation(versions).changed({ accounts: ['1'] });
    const third = await cached.process(fetchOf(ACCOUNTS, ['1', '2']));
    expect((third.data as { _entities: Array<{ username: string }> })._entities.map((a) => a.username)).toEqual(['alice2', 'bob']);
    expect(calls[2]).toEqual(['1']);
  });

  it("keeps what identity and media render across the statuses service's counter writes, and retires it with any other change", async () => {
    const versions = createMemoryVersions();
    const invalidation = new CacheInvalidation(versions);
    const cache = new EntityCache(versions, { maxEntries: 100, maxAgeMs: 60_000 });
    const identity = accountsSubgraph(new Map([['1', 'alice']]));
    const profiles = cache.wrap('identity', identity.dataSource);
    const mediaCalls: string[][] = [];
    const attachments = cache.wrap('media', {
      process: async (options) => {
        const representations = options.request.variables?.representations as Array<{ id: string }>;
        mediaCalls.push(representations.map((r) => r.id));
        return { data: { _entities: representations.map(() => ({ mediaAttachments: [] })) } };
      },
    });
    const MEDIA = 'query($representations:[_Any!]!){_entities(representations:$representations){...on Status{mediaAttachments{id}}}}';
    const readBoth = async () => {
      await profiles.process(fetchOf(ACCOUNTS, ['1']));
      await attachments.process(fetchOf(MEDIA, ['9'], 'Status'));
    };

    await readBoth();
    await invalidation.countersChanged({ statuses: ['9'], accounts: ['1'] });
    await readBoth();
    expect(identity.calls).toEqual([['1']]);
    expect(mediaCalls).toEqual([['9']]);

    await invalidation.changed({ statuses: ['9'], accounts: ['1'] });
    await readBoth();
    expect(identity.calls).toEqual([['1'], ['1']]);
    expect(mediaCalls).toEqual([['9'], ['9']]);
  });

  it('gives every answer its own copy, nested values included, which the gateway may write into', async () => {
    const { dataSource } = accountsSubgraph(new Map([['1', 'alice']]));
    const cached = new EntityCache(createMemoryVersions(), { maxEntries: 100, maxAgeMs: 60_000 }).wrap('identity', dataSource);
    const a = (await cached.process(fetchOf(ACCOUNTS, ['1']))).data as { _entities: Array<Record<string, unknown>> };
    (a._entities[0]).__typename = 'Account';
    const b = (await cached.process(fetchOf(ACCOUNTS, ['1']))).data as { _entities: Array<Record<string, unknown>> };
    expect(b._entities[0]).not.toHaveProperty('__typename');
    ((b._entities[0]?.fields as Array<{ name: string }>)[0]).name = 'x';
    const c = (await cached.process(fetchOf(ACCOUNTS, ['1']))).data as { _entities: Array<Record<string, unknown>> };
    expect(c._entities[0]?.fields).toEqual([{ name: 'a', value: 'b' }]);
  });

  it('does not cache fetches with viewer fields, and lets the subgraph answer a failing fetch whole', async () => {
    const { dataSource, calls } = accountsSubgraph(new Map([['1', 'alice']]));
    const cached = new EntityCache(createMemoryVersions(), { maxEntries: 100, maxAgeMs: 60_000 }).wrap('identity', dataSource);
    await cached.process(fetchOf(WITH_SOURCE, ['1']));
    await cached.process(fetchOf(WITH_SOURCE, ['1']));
    expect(calls).toEqual([['1'], ['1']]);
    await cached.process(fetchOf(ACCOUNTS, ['1']));
    const failing = await cached.process(fetchOf(ACCOUNTS, ['1', 'boom']));
    expect(failing.errors).toEqual([{ message: 'boom' }]);
    // The smaller request (boom alone) failed: the whole fetch went to the subgraph as asked.
    expect(calls.slice(2)).toEqual([['1'], ['boom'], ['1', 'boom']]);
  });

  it('never caches an entity type in a subgraph that decides per caller whether it exists', async () => {
    const calls: number[] = [];
    const statuses: GraphQLDataSource = {
      process: async (options) => {
        calls.push(1);
        const representations = options.request.variables?.representations as unknown[];
        return { data: { _entities: representations.map(() => ({ content: 'x', account: { id: '1' } })) } };
      },
    };
    const cache = new EntityCache(createMemoryVersions(), { maxEntries: 100, maxAgeMs: 60_000 });
    for (const subgraph of ['statuses', 'statuses', 'media', 'media']) await cache.wrap(subgraph, statuses).process(fetchOf(STATUS_WITH_ACCOUNT_ID, ['9'], 'Status'));
    // Statuses asked each time; media once.
    expect(calls).toHaveLength(3);
  });

  it('reads through when the version store fails', async () => {
    const { dataSource, calls } = accountsSubgraph(new Map([['1', 'alice']]));
    const errors: unknown[] = [];
    const broken = { kind: 'memory' as const, read: () => Promise.reject(new Error('down')), bump: async () => {}, close: async () => {} };
    const cached = new EntityCache(broken, { maxEntries: 100, maxAgeMs: 60_000, onError: (e) => errors.push(e) }).wrap('identity', dataSource);
    await cached.process(fetchOf(ACCOUNTS, ['1']));
    await cached.process(fetchOf(ACCOUNTS, ['1']));
    expect(calls).toEqual([['1'], ['1']]);
    expect(errors).toHaveLength(2);
  });
});
