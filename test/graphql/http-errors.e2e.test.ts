// Issue #15: GraphQL over HTTP answers every mistake of the client as a 4xx JSON GraphQL error, never a
// 500 or an HTML page, and no stack leaves the process: several operations without operationName, a
// subscription sent over HTTP, a body that is not JSON, and a NUL character in an argument (which
// PostgreSQL refuses as text) on HTTP and over graphql-ws. On the multi target the gateway is its own
// process (E2E_GRAPHQL_URL points at it); elsewhere /graphql is served by the one process.
import type { TestUser } from '@social/testkit';
import { JSON_CONTENT_TYPE } from '../support/expectations';
import { collect, graphqlUrl, subscriptionClient } from '../support/graphql';
import { rig } from '../support/server';

const NUL_REFUSED = 'Parameters must not contain NUL characters';
/** Lines of a JavaScript stack trace, or an HTML page. */
const LEAK = /\bat .+:\d+:\d+|<html|<pre>|node_modules|SyntaxError/i;

interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
  body: unknown;
}

async function post(body: string | Buffer, headers: Record<string, string> = {}, url = graphqlUrl): Promise<RawAnswer> {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return answer(response);
}

async function answer(response: Response): Promise<RawAnswer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, body };
}

/** A GraphQL error answer: this status, JSON, one error with this code (and message), nothing leaked. */
function expectGraphqlError(response: RawAnswer, status: number, message: string | RegExp): void {
  expect({ status: response.status, contentType: response.contentType }).toEqual({ status, contentType: expect.stringMatching(JSON_CONTENT_TYPE) });
  expect(response.body).toMatchObject({ errors: [{ message: typeof message === 'string' ? message : expect.stringMatching(message), extensions: { code: 'BAD_REQUEST' } }] });
  expect((response.body as { errors: unknown[] }).errors).toHaveLength(1);
  expect(response.text).not.toMatch(LEAK);
}

let user: TestUser;

beforeAll(async () => {
  user = await rig.newUser('gqlhttp');
});

describe('POST /graphql', () => {
  describe('with two operations and no operationName', () => {
    it('answers 400 BAD_REQUEST asking for the operation name', async () => {
      const response = await post(JSON.stringify({ query: 'query A { instance { title } } query B { instance { domain } }' }));

      expectGraphqlError(response, 400, 'Must provide operation name if query contains multiple operations');
    });
  });

  describe('with an operationName the document does not define', () => {
    it('answers 400 BAD_REQUEST naming it', async () => {
      const response = await post(JSON.stringify({ query: 'query A { instance { title } } query B { instance { domain } }', operationName: 'C' }));

      expectGraphqlError(response, 400, 'Unknown operation named "C"');
    });
  });

  describe('with two operations and the operationName of one', () => {
    it('runs that one', async () => {
      const response = await post(JSON.stringify({ query: 'query A { instance { title } } query B { instance { domain } }', operationName: 'B' }));

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ data: { instance: { domain: expect.any(String) } } });
    });
  });

  describe('with a subscription', () => {
    it('answers 400 BAD_REQUEST pointing to graphql-ws', async () => {
      const response = await post(JSON.stringify({ query: 'subscription { public { type } }' }));

      expectGraphqlError(response, 400, /graphql-ws/);
    });
  });

  describe.each([
    ['JSON cut short', '{"query": "{ instance { title } }'],
    ['JSON null', 'null'],
    ['not JSON at all', 'query { instance { title } }'],
  ])('with a body that is %s', (_shape, body) => {
    it('answers 400 BAD_REQUEST as JSON, without a stack or an HTML page', async () => {
      expectGraphqlError(await post(body), 400, 'The request body is not valid JSON');
    });
  });

  describe('with a JSON body over 1 MiB', () => {
    it('answers 413 BAD_REQUEST as JSON', async () => {
      const response = await post(JSON.stringify({ query: `{ instance { title } } # ${'x'.repeat(1024 * 1024)}` }));

      expectGraphqlError(response, 413, 'Request body is too large');
    });
  });

  describe('with a JSON body in an unknown charset', () => {
    it('answers 415 BAD_REQUEST as JSON', async () => {
      const response = await post('{"query":"{ instance { title } }"}', { 'content-type': 'application/json; charset=klingon' });

      expectGraphqlError(response, 415, /charset/);
    });
  });

  describe('with a NUL character in an argument', () => {
    it.each([
      ['a hashtag variable', 'query T($tag: String!) { tagTimeline(hashtag: $tag) { items { id } } }', { tag: 'a\u0000b' }],
      ['an id variable', 'query S($id: ID!) { status(id: $id) { id } }', { id: '1\u0000' }],
      ['a hashtag literal', 'query { tagTimeline(hashtag: "a\\u0000b") { items { id } } }', {}],
      ['an id literal', 'query { status(id: "\\u0000") { id } }', {}],
      ['a nested input variable', 'mutation P($input: PublishStatusInput!) { publishStatus(input: $input) { status { id } } }', { input: { status: 'hi', spoilerText: 'cw\u0000' } }],
    ])('in %s: answers 400 BAD_REQUEST before running it', async (_where, query, variables) => {
      const response = await post(JSON.stringify({ query, variables }), { authorization: `Bearer ${user.token}` });

      expectGraphqlError(response, 400, NUL_REFUSED);
      expect((await rig.verifyCredentials(user.token)).statuses_count).toBe(0);
    });
  });
});

describe('GET /graphql', () => {
  describe('with a subscription', () => {
    it('answers 405 as JSON', async () => {
      const url = `${graphqlUrl}?query=${encodeURIComponent('subscription { public { type } }')}`;
      const response = await answer(await fetch(url, { headers: { 'apollo-require-preflight': 'true' } }));

      expect({ status: response.status, contentType: response.contentType }).toEqual({ status: 405, contentType: expect.stringMatching(JSON_CONTENT_TYPE) });
      expect(response.body).toMatchObject({ errors: [{ extensions: { code: 'BAD_REQUEST' } }] });
    });
  });
});

describe('a path beside /graphql that nothing serves', () => {
  it('answers 404 as JSON', async () => {
    const response = await answer(await fetch(new URL('/no-such-path', graphqlUrl)));

    expect({ status: response.status, contentType: response.contentType, body: response.body }).toEqual({
      status: 404,
      contentType: expect.stringMatching(JSON_CONTENT_TYPE),
      body: { error: 'Not Found' },
    });
  });
});

describe('a subscription over graphql-ws with a NUL character in its tag', () => {
  it('is refused with BAD_REQUEST', async () => {
    const client = subscriptionClient(user.token);
    const stream = collect(client, 'subscription S($tag: String!) { hashtag(tag: $tag) { type } }', { tag: 'a\u0000' });
    try {
      await expect(stream.waitFor(1, 10_000)).rejects.toThrow(/BAD_REQUEST/);
      expect(JSON.stringify(stream.errors)).toContain(NUL_REFUSED);
    } finally {
      stream.dispose();
      await client.dispose();
    }
  });
});
