import { randomUUID } from 'node:crypto';
import { ApolloGateway, type GraphQLDataSource } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import type { Principal } from '@social/federation';
import type { GraphQLSchema, ValidationRule } from 'graphql';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { createGatewayContext, type GatewayContext } from './context.js';
import { captureExecutor, type DocumentExecutor } from './subscriptions/gateway-executor.js';
import { subgraphCaller, type SubgraphCall } from './subscriptions/subgraph-call.js';
import { rateLimitPlugin, type RateLimiter } from './rate-limit/index.js';
import { guardedSubgraph, principalFailure, refuseWhenSubgraphDown, refuseTokenWithoutIdentity } from './availability/guard.js';
import type { SubgraphHealth } from './availability/subgraph-health.js';
import { cacheOperationsPerDocument } from './operation-cache.js';
import { compileResultShaping } from './result-shaping.js';
import type { EntityCache } from './entity-cache/index.js';
import { operationMetricsPlugin } from './operation-metrics.js';
import { operationLimitRules, requestShapePlugin, type OperationLimits } from './safety.js';
import { stringLimitPlugin } from './string-limit.js';
import type { TrustedDocuments } from './trusted-documents/index.js';
import type { IpAccess } from './ip-access.js';
import { AppError, ErrorCode } from '@social/errors';

export interface GatewayOptions {
  supergraphSdl: string;
  /** A data source per subgraph name: in-process or remote. */
  dataSources: Record<string, GraphQLDataSource>;
  /** Bearer token -> principal, through identity. */
  resolvePrincipal(token: string | null): Promise<Principal>;
  /** Schema introspection and the Sandbox landing page at GET /graphql (development tools, off in production). */
  introspection: boolean;
  operationLimits: OperationLimits;
  rateLimiter: RateLimiter;
  /** What the gateway knows of remote subgraph processes (split deployment); none in one process. */
  health?: SubgraphHealth;
  /** Rendered entities kept across requests (docs/data-access.md#the-entity-cache); none: every fetch goes to its subgraph. */
  entityCache?: EntityCache;
  /** Registered documents and the mode (docs/graphql.md#trusted-documents); none: any operation runs and only APQ knows hashes. */
  trustedDocuments?: TrustedDocuments;
  /** The IP blocks applied to each request's client address (docs/api/moderation.md#ip-blocks); none: no address is refused. */
  ipAccess?: IpAccess;
}

export interface Gateway {
  server: ApolloServer<GatewayContext>;
  /** Resolves the token once for the whole request; subgraphs only ever see the principal. */
  createContext(authorization: string | undefined, requestId: string | undefined, clientIp: string): Promise<GatewayContext>;
  /** The Authorization header value's principal (streaming resolves it once per subscription). */
  resolveAuthorization(authorization: string | null): Promise<Principal>;
  /** The federated API schema, once started. */
  apiSchema(): GraphQLSchema;
  /** Runs a parsed operation through the query plan, outside Apollo Server's request pipeline (streaming's event resolution). */
  executeDocument: DocumentExecutor;
  /** Calls one subgraph directly, for its @inaccessible fields the gateway itself uses (streaming's audience). */
  callSubgraph: SubgraphCall;
  /** The operation limits as validation rules, for the subscription endpoint too. */
  validationRules: ValidationRule[];
  /** Which documents run (docs/graphql.md#trusted-documents): the HTTP router and the graphql-ws endpoint apply it. */
  trustedDocuments?: TrustedDocuments;
  stop(): Promise<void>;
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function bearerToken(authorization: string | undefined): string | null {
  return authorization ? (BEARER.exec(authorization)?.[1] ?? null) : null;
}

/** A no_access IP block's refusal of every request: 403, as Mastodon's Rack::Attack blocklist answers. */
function ipRefused(): AppError {
  const error = new AppError(ErrorCode.FORBIDDEN, 'Forbidden');
  Object.assign(error.extensions, { http: { status: 403, headers: new Map<string, string>() } });
  return error;
}

export async function createGateway(options: GatewayOptions): Promise<Gateway> {
  cacheOperationsPerDocument();
  compileResultShaping();
  const ipAccess = options.ipAccess;
  const health = options.health ?? null;
  const gateway = new ApolloGateway({
    supergraphSdl: options.supergraphSdl,
    buildService: ({ name }) => {
      const dataSource = options.dataSources[name];
      if (!dataSource) throw new Error(`No data source for subgraph ${name}`);
      return guardedSubgraph(name, options.entityCache ? options.entityCache.wrap(name, dataSource) : dataSource, health);
    },
    experimental_didResolveQueryPlan: health ? refuseWhenSubgraphDown(health) : undefined,
  });
  // Streaming's lookups; createContext spells the same out so that a request gains no promise, only a boolean read.
  const resolvePrincipal = async (token: string | null): Promise<Principal> => {
    refuseTokenWithoutIdentity(token, health);
    try {
      return await options.resolvePrincipal(token);
    } catch (error) {
      throw principalFailure(error, health);
    }
  };
  const captured = captureExecutor(gateway);
  const validationRules = operationLimitRules(options.operationLimits);
  const server = new ApolloServer<GatewayContext>({
    gateway: captured.gateway,
    introspection: options.introspection,
    includeStacktraceInErrorResponses: false,
    validationRules,
    // The process drains and stops itself (server/src/main.ts); Apollo must not race it.
    stopOnTerminationSignals: false,
    plugins: [
      requestShapePlugin(),
      rateLimitPlugin(options.rateLimiter),
      stringLimitPlugin(),
      operationMetricsPlugin(),
      options.introspection ? ApolloServerPluginLandingPageLocalDefault({ embed: true, footer: false }) : ApolloServerPluginLandingPageDisabled(),
    ],
  });
  await server.start();
  return {
    server,
    createContext: async (authorization, requestId, clientIp) => {
      const token = bearerToken(authorization);
      refuseTokenWithoutIdentity(token, health);
      let principal: Principal;
      let block: string | null | undefined;
      try {
        principal = await options.resolvePrincipal(token);
        block = ipAccess?.matchKnown(clientIp);
        if (block === undefined && ipAccess) block = await ipAccess.match(clientIp);
      } catch (error) {
        throw principalFailure(error, health);
      }
      if (block === 'no_access') throw ipRefused();
      // A sign-up severity travels with the principal: identity's sign-up decides with it (docs/api/moderation.md#ip-blocks).
      if (block === 'sign_up_block' || block === 'sign_up_requires_approval') principal = { ...principal, ipBlock: block };
      return createGatewayContext(principal, requestId ?? randomUUID(), clientIp);
    },
    resolveAuthorization: (authorization) => resolvePrincipal(bearerToken(authorization ?? undefined)),
    apiSchema: captured.schema,
    executeDocument: captured.execute,
    callSubgraph: subgraphCaller(options.dataSources),
    validationRules,
    trustedDocuments: options.trustedDocuments,
    stop: async () => {
      health?.close();
      await server.stop();
    },
  };
}
