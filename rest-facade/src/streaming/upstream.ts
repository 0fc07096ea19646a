import type { GraphQLFormattedError } from 'graphql';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import type { Operation } from '../gateway-client.js';

export interface UpstreamResult {
  data?: Record<string, unknown> | null;
  errors?: readonly GraphQLFormattedError[];
}

/** Where one upstream subscription's results go. */
export interface UpstreamSink {
  next(result: UpstreamResult): void;
  /** The subscription failed (also after it started: a revoked token). */
  error(errors: readonly GraphQLFormattedError[]): void;
  /** The gateway ended it. */
  complete(): void;
}

export interface UpstreamCaller {
  /** "Bearer <token>", if any. */
  authorization?: string;
  requestId: string;
}

/** How the facade subscribes to the gateway: in the same process, or over graphql-ws. */
export interface StreamingUpstream {
  /** Starts a subscription; the returned function ends it. */
  subscribe(operation: Operation, variables: Record<string, unknown>, caller: UpstreamCaller, sink: UpstreamSink): () => void;
  close(): Promise<void>;
}

/** The gateway's WebSocket URL from its HTTP GraphQL URL (same path). */
export function webSocketUrl(gatewayUrl: string): string {
  const url = new URL(gatewayUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  if (url.pathname === '/') url.pathname = '/graphql';
  return url.toString();
}

/**
 * One graphql-ws connection to the gateway carries every subscription of
 * this process, each with its own caller's token in `extensions`. It
 * reconnects forever; graphql-ws then subscribes every live subscription
 * again, and each begins anew with SUBSCRIBED.
 */
export class GraphqlWsUpstream implements StreamingUpstream {
  private readonly client: Client;

  constructor(url: string, onConnectionError: (error: unknown) => void = () => {}) {
    this.client = createClient({
      url,
      webSocketImpl: WebSocket,
      lazy: true,
      // Keeps the connection a while after the last subscription ends: streams come and go.
      lazyCloseTimeout: 30_000,
      keepAlive: 10_000,
      retryAttempts: Number.MAX_SAFE_INTEGER,
      shouldRetry: () => true,
      retryWait: async (retries) => new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** retries, 5_000))),
      on: { error: onConnectionError },
    });
  }

  subscribe(operation: Operation, variables: Record<string, unknown>, caller: UpstreamCaller, sink: UpstreamSink): () => void {
    return this.client.subscribe(
      {
        query: operation.document,
        operationName: operation.name,
        variables,
        extensions: { authorization: caller.authorization, requestId: caller.requestId },
      },
      {
        next: (result) => sink.next(result as UpstreamResult),
        error: (error) => sink.error(formattedErrors(error)),
        complete: () => sink.complete(),
      },
    );
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

/** graphql-ws reports GraphQL errors as an array, and transport failures as an Error or a CloseEvent. */
function formattedErrors(error: unknown): readonly GraphQLFormattedError[] {
  if (Array.isArray(error)) return error as GraphQLFormattedError[];
  const message = error instanceof Error ? error.message : 'The connection to the gateway closed';
  return [{ message, extensions: { code: 'UNAVAILABLE' } }];
}
