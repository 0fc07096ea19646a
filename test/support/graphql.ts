// The gateway's GraphQL API, called directly as an internal frontend does:
// POST /graphql with a Bearer token, subscriptions over graphql-ws.
import { e2eGraphqlUrl } from '@social/testkit';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';

export const graphqlUrl = e2eGraphqlUrl();

export interface GraphqlError {
  message: string;
  extensions?: { code?: string; [key: string]: unknown };
  path?: Array<string | number>;
}

/** An answer's data as the tests read it: by path, with its shape checked by expect(). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- read by path without a type per operation
export type GraphqlData = Record<string, any>;

export interface GraphqlResponse<T = GraphqlData> {
  status: number;
  headers: Headers;
  data: T | null | undefined;
  errors: GraphqlError[] | undefined;
  extensions: Record<string, unknown> | undefined;
}

/** One operation over HTTP; `token` as a Bearer token. */
export async function gql<T = GraphqlData>(query: string, variables: Record<string, unknown> = {}, token?: string, url = graphqlUrl): Promise<GraphqlResponse<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data?: T | null; errors?: GraphqlError[]; extensions?: Record<string, unknown> };
  return { status: response.status, headers: response.headers, data: body.data, errors: body.errors, extensions: body.extensions };
}

/** The data of an operation that must succeed. */
export async function gqlData<T = GraphqlData>(query: string, variables: Record<string, unknown> = {}, token?: string): Promise<T> {
  const response = await gql<T>(query, variables, token);
  if (response.errors?.length || !response.data) throw new Error(`GraphQL errors: ${JSON.stringify(response.errors)}`);
  return response.data;
}

/** The error codes of an operation that must fail. */
export function codesOf(response: GraphqlResponse): Array<string | undefined> {
  return (response.errors ?? []).map((error) => error.extensions?.code);
}

/** A graphql-ws client on the gateway's endpoint, authenticated in connection_init. */
export function subscriptionClient(token?: string): Client {
  return createClient({
    url: graphqlUrl.replace(/^http/, 'ws'),
    webSocketImpl: WebSocket,
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
    retryAttempts: 0,
    lazy: true,
  });
}

/** Collects a subscription's events until `count` arrived (or the deadline passed). */
export function collect<T = GraphqlData>(client: Client, query: string, variables: Record<string, unknown> = {}) {
  const events: T[] = [];
  const errors: unknown[] = [];
  let wake: () => void = () => undefined;
  const dispose = client.subscribe<T>(
    { query, variables },
    {
      next: (value) => {
        if (value.errors) errors.push(...value.errors);
        if (value.data) events.push(value.data as T);
        wake();
      },
      error: (error) => {
        errors.push(error);
        wake();
      },
      complete: () => wake(),
    },
  );
  return {
    events,
    errors,
    dispose,
    async waitFor(count: number, timeoutMs = 20_000): Promise<T[]> {
      const deadline = Date.now() + timeoutMs;
      while (events.length < count && errors.length === 0 && Date.now() < deadline) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 200);
        });
      }
      if (errors.length > 0) throw new Error(`subscription failed: ${JSON.stringify(errors)}`);
      if (events.length < count) throw new Error(`only ${events.length} of ${count} events within ${timeoutMs} ms`);
      return events;
    },
  };
}
