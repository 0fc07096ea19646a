import { GraphQLError, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, GraphQLUnionType, parse } from 'graphql';
import { AppError, ErrorCode } from '@social/errors';
import { SubgraphExecutor, type ErrorReporter } from './executor.js';

// parse, wrapped so that a test can count how often the executor parses.
jest.mock('graphql', () => {
  const actual = jest.requireActual<typeof import('graphql')>('graphql');
  return { ...actual, parse: jest.fn(actual.parse) };
});

const parseCalls = parse as jest.MockedFunction<typeof parse>;

class Uncaught extends Error {}

const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      hello: { type: GraphQLString, args: { name: { type: GraphQLString } }, resolve: (_, args: { name?: string }) => `hello ${args.name ?? 'world'}` },
      other: { type: GraphQLString, resolve: () => 'other' },
      missing: {
        type: GraphQLString,
        resolve: () => {
          throw AppError.notFound();
        },
      },
      conflicting: {
        type: GraphQLString,
        resolve: () => {
          throw new AppError(ErrorCode.BAD_USER_INPUT, 'Validation failed: Text can\'t be blank', {
            cause: new Error('db constraint statuses_text_check'),
            details: { text: [{ error: 'ERR_BLANK', description: "can't be blank" }] },
          });
        },
      },
      coded: {
        type: GraphQLString,
        resolve: () => {
          throw new GraphQLError('Too many requests', { extensions: { code: 'RATE_LIMITED' } });
        },
      },
      crash: {
        type: GraphQLString,
        resolve: () => {
          throw new Uncaught('connection to 10.0.0.5:5432 refused');
        },
      },
    },
  }),
});

function setup() {
  const reporter = { error: jest.fn<void, Parameters<ErrorReporter['error']>>() };
  const executor = new SubgraphExecutor(schema, reporter);
  parseCalls.mockClear();
  return { executor, reporter };
}

const context = {};

// type-graphql's unions resolve their type asynchronously, which graphql-jit does not await.
const Post = new GraphQLObjectType({ name: 'Post', fields: { text: { type: GraphQLString } } });
const Scheduled = new GraphQLObjectType({ name: 'Scheduled', fields: { at: { type: GraphQLString } } });
const unionSchema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      result: {
        type: new GraphQLUnionType({ name: 'Result', types: [Post, Scheduled], resolveType: async (value: object) => ('at' in value ? 'Scheduled' : 'Post') }),
        args: { later: { type: GraphQLString } },
        resolve: (_, args: { later?: string }) => (args.later ? { at: args.later } : { text: 'now' }),
      },
      entity: {
        type: new GraphQLUnionType({ name: 'Entity', types: [Post, Scheduled], resolveType: (value: { __typename: string }) => value.__typename }),
        resolve: () => ({ __typename: 'Scheduled', at: 'soon' }),
      },
      required: { type: new GraphQLNonNull(GraphQLString), resolve: () => null },
    },
  }),
});

describe('SubgraphExecutor', () => {
  describe('when the same query runs twice', () => {
    it('parses it only once', async () => {
      const { executor } = setup();
      await executor.execute({ query: '{ hello }' }, context);
      await executor.execute({ query: '{ hello }' }, context);
      expect(parseCalls).toHaveBeenCalledTimes(1);
    });

    it('answers both runs with fresh results for their variables', async () => {
      const { executor } = setup();
      const query = 'query Hello($name: String) { hello(name: $name) }';
      const first = await executor.execute({ query, variables: { name: 'alice' } }, context);
      const second = await executor.execute({ query, variables: { name: 'bob' } }, context);
      expect([first, second]).toEqual([{ data: { hello: 'hello alice' } }, { data: { hello: 'hello bob' } }]);
      expect(parseCalls).toHaveBeenCalledTimes(1);
    });
  });

  describe('when a different query runs', () => {
    it('parses each distinct query text', async () => {
      const { executor } = setup();
      await executor.execute({ query: '{ hello }' }, context);
      await executor.execute({ query: '{ other }' }, context);
      await executor.execute({ query: '{ hello }' }, context);
      expect(parseCalls).toHaveBeenCalledTimes(2);
    });
  });

  describe('when more than 1000 distinct queries have run', () => {
    it('forgets the oldest and parses it again', async () => {
      const { executor } = setup();
      for (let i = 0; i <= 1000; i += 1) await executor.execute({ query: `query Q${i} { hello }` }, context);
      expect(parseCalls).toHaveBeenCalledTimes(1001);
      await executor.execute({ query: 'query Q1000 { hello }' }, context);
      expect(parseCalls).toHaveBeenCalledTimes(1001);
      await executor.execute({ query: 'query Q0 { hello }' }, context);
      expect(parseCalls).toHaveBeenCalledTimes(1002);
    });

    it('keeps a query still in use, however long ago it was first parsed', async () => {
      const { executor } = setup();
      await executor.execute({ query: 'query Hot { hello }' }, context);
      for (let i = 0; i < 1000; i += 1) {
        if (i % 100 === 0) await executor.execute({ query: 'query Hot { hello }' }, context);
        await executor.execute({ query: `query Q${i} { hello }` }, context);
      }
      parseCalls.mockClear();
      await executor.execute({ query: 'query Hot { hello }' }, context);
      expect(parseCalls).not.toHaveBeenCalled();
    });
  });

  describe('when a resolver throws an AppError', () => {
    it('keeps its message and extensions.code', async () => {
      const { executor, reporter } = setup();
      const result = await executor.execute({ query: '{ missing }' }, context);
      expect(result.data).toEqual({ missing: null });
      expect(result.errors).toHaveLength(1);
      expect(result.errors?.[0]?.message).toBe('Record not found');
      expect(result.errors?.[0]?.extensions).toEqual({ code: 'NOT_FOUND' });
      expect(result.errors?.[0]?.path).toEqual(['missing']);
      expect(reporter.error).not.toHaveBeenCalled();
    });

    it('keeps its details but reports its internal cause without sending it', async () => {
      const { executor, reporter } = setup();
      const result = await executor.execute({ query: '{ conflicting }' }, context);
      const formatted = SubgraphExecutor.format(result);
      expect(formatted.errors).toEqual([
        {
          message: "Validation failed: Text can't be blank",
          path: ['conflicting'],
          extensions: { code: 'BAD_USER_INPUT', details: { text: [{ error: 'ERR_BLANK', description: "can't be blank" }] } },
        },
      ]);
      expect(JSON.stringify(formatted)).not.toContain('statuses_text_check');
      expect(reporter.error).toHaveBeenCalledWith(
        { err: new Error('db constraint statuses_text_check'), requestId: undefined },
        "Validation failed: Text can't be blank",
      );
    });
  });

  describe('when a resolver throws a GraphQLError with a code', () => {
    it('passes it through unreported', async () => {
      const { executor, reporter } = setup();
      const result = await executor.execute({ query: '{ coded }' }, context);
      expect(result.errors?.[0]?.message).toBe('Too many requests');
      expect(result.errors?.[0]?.extensions).toEqual({ code: 'RATE_LIMITED' });
      expect(reporter.error).not.toHaveBeenCalled();
    });
  });

  describe('when a resolver throws an unexpected Error', () => {
    it('answers "Internal server error" with code INTERNAL_SERVER_ERROR', async () => {
      const { executor } = setup();
      const result = await executor.execute({ query: '{ crash }' }, context);
      expect(SubgraphExecutor.format(result)).toEqual({
        data: { crash: null },
        errors: [{ message: 'Internal server error', path: ['crash'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
      });
    });

    it("reports the original error with its path and the request's id to the reporter", async () => {
      const { executor, reporter } = setup();
      await executor.execute({ query: '{ crash }' }, { requestId: 'req-7' });
      expect(reporter.error).toHaveBeenCalledTimes(1);
      const [details, message] = reporter.error.mock.calls[0] ?? [];
      expect(message).toBe('resolver failed');
      expect(details?.err).toBeInstanceOf(Uncaught);
      expect((details?.err as Error).message).toBe('connection to 10.0.0.5:5432 refused');
      expect(details?.path).toEqual(['crash']);
      expect(details?.requestId).toBe('req-7');
    });

    it('keeps the fields that resolved', async () => {
      const { executor } = setup();
      const result = await executor.execute({ query: '{ hello crash }' }, context);
      expect(result.data).toEqual({ hello: 'hello world', crash: null });
    });
  });

  describe('when the query has a syntax error', () => {
    it('answers GRAPHQL_PARSE_FAILED without data', async () => {
      const { executor } = setup();
      const result = await executor.execute({ query: '{ hello ' }, context);
      expect(result.data).toBeUndefined();
      expect(result.errors).toHaveLength(1);
      expect(result.errors?.[0]?.message).toMatch(/^Syntax Error/);
      expect(result.errors?.[0]?.extensions).toEqual({ code: 'GRAPHQL_PARSE_FAILED' });
    });

    it('remembers the failure instead of parsing it again', async () => {
      const { executor } = setup();
      const first = await executor.execute({ query: '{ hello ' }, context);
      const second = await executor.execute({ query: '{ hello ' }, context);
      expect(second).toEqual(first);
      expect(parseCalls).toHaveBeenCalledTimes(1);
    });
  });

  describe('when the query does not validate against the schema', () => {
    it('answers GRAPHQL_VALIDATION_FAILED', async () => {
      const { executor } = setup();
      const result = await executor.execute({ query: '{ nope }' }, context);
      expect(result.data).toBeUndefined();
      expect(result.errors?.map((e) => [e.message, e.extensions?.code])).toEqual([
        ['Cannot query field "nope" on type "Query".', 'GRAPHQL_VALIDATION_FAILED'],
      ]);
    });
  });

  describe('when the request names one of several operations', () => {
    it('runs that operation', async () => {
      const { executor } = setup();
      const result = await executor.execute(
        { query: 'query A { hello } query B { other }', operationName: 'B', variables: null },
        context,
      );
      expect(result).toEqual({ data: { other: 'other' } });
    });
  });

  describe('when the query selects a union whose type is resolved asynchronously', () => {
    it('resolves each member, as graphql-js does', async () => {
      const executor = new SubgraphExecutor(unionSchema, { error: jest.fn() });
      const query = 'query R($later: String) { result(later: $later) { __typename ... on Post { text } ... on Scheduled { at } } }';
      expect(await executor.execute({ query }, context)).toEqual({ data: { result: { __typename: 'Post', text: 'now' } } });
      expect(await executor.execute({ query, variables: { later: 'tomorrow' } }, context)).toEqual({ data: { result: { __typename: 'Scheduled', at: 'tomorrow' } } });
    });
  });

  describe('when the query selects a union whose type is resolved at once (as _Entity is)', () => {
    it('resolves its member', async () => {
      const executor = new SubgraphExecutor(unionSchema, { error: jest.fn() });
      const query = '{ entity { __typename ... on Scheduled { at } } }';
      expect(await executor.execute({ query }, context)).toEqual({ data: { entity: { __typename: 'Scheduled', at: 'soon' } } });
      expect(await executor.execute({ query }, context)).toEqual({ data: { entity: { __typename: 'Scheduled', at: 'soon' } } });
    });
  });

  describe('when a non-null field resolves to null', () => {
    it('answers the error and null data, as graphql-js does', async () => {
      const executor = new SubgraphExecutor(unionSchema, { error: jest.fn() });
      const result = await executor.execute({ query: '{ required }' }, context);
      expect(result.data).toBeNull();
      expect(result.errors?.map((e) => [e.message, e.path])).toEqual([['Cannot return null for non-nullable field Query.required.', ['required']]]);
    });
  });
});
