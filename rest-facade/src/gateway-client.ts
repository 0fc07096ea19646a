import type { GraphQLFormattedError } from 'graphql';
import { Pool } from 'undici';
import { injectTraceHeaders } from '@social/telemetry';

/**
 * One GraphQL operation a route runs: its name and its whole document (fragments included).
 * `Result` and `Variables` are the types codegen generated for it (rest-facade/src/gql/operations.ts);
 * they exist for the compiler only.
 */
export interface Operation<Result = unknown, Variables = Record<string, unknown>> {
  readonly name: string;
  readonly document: string;
  /** SHA-256 of the document, hex: its automatic persisted query id. */
  readonly hash: string;
  /**
   * Never set: carries the generated result and variables types. A method, so its parameters compare both
   * ways: an operation from an inline string (unknown result) still goes where a caller names the type.
   */
  __types?(result: Result, variables: Variables): void;
}

export interface CallerInfo {
  /** The Authorization header to forward ("Bearer <token>"), if any. */
  authorization?: string;
  requestId: string;
  /** The client's address (X-Forwarded-For only from trusted proxies), for per-IP limits. */
  clientIp: string;
}

export interface GatewayResult {
  data?: Record<string, unknown> | null;
  errors?: readonly GraphQLFormattedError[];
  extensions?: Record<string, unknown>;
}

/** How the facade reaches the gateway: in the same process, or over HTTP. */
export interface GatewayClient {
  execute(operation: Operation, variables: Record<string, unknown>, caller: CallerInfo): Promise<GatewayResult>;
  close(): Promise<void>;
}

/** Over HTTP, on a keep-alive connection pool. */
export class HttpGatewayClient implements GatewayClient {
  private readonly pool: Pool;
  private readonly path: string;

  constructor(gatewayUrl: string) {
    const url = new URL(gatewayUrl);
    this.pool = new Pool(url.origin, { connections: 64, keepAliveTimeout: 60_000 });
    this.path = url.pathname === '/' ? '/graphql' : url.pathname;
  }

  async execute(operation: Operation, variables: Record<string, unknown>, caller: CallerInfo): Promise<GatewayResult> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-request-id': caller.requestId,
      'x-forwarded-for': caller.clientIp,
    };
    if (caller.authorization) headers.authorization = caller.authorization;
    injectTraceHeaders(headers);
    // Automatic persisted queries: the hash alone, and the document only when
    // this gateway process has not seen it yet (its cache is its own).
    const persistedQuery = { version: 1, sha256Hash: operation.hash };
    const byHash = await this.post(headers, { operationName: operation.name, variables, extensions: { persistedQuery } });
    if (!byHash.errors?.some((error) => error.extensions?.code === 'PERSISTED_QUERY_NOT_FOUND')) return byHash;
    return this.post(headers, { query: operation.document, operationName: operation.name, variables, extensions: { persistedQuery } });
  }

  private async post(headers: Record<string, string>, body: Record<string, unknown>): Promise<GatewayResult> {
    const response = await this.pool.request({ method: 'POST', path: this.path, headers, body: JSON.stringify(body) });
    return (await response.body.json()) as GatewayResult;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
