import { randomUUID } from 'node:crypto';
import {
  getOperationAST,
  GraphQLError,
  OperationTypeNode,
  parse,
  specifiedRules,
  subscribe,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { LRUCache } from 'lru-cache';
import { ErrorCode } from '@social/errors';
import type { Principal } from '@social/federation';
import { refuseNul } from '../safety.js';
import { responseKeyResolver } from './schema.js';
import type { SubscriptionContext } from './streams.js';

export interface SubscriptionRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** Who subscribes: the Authorization header value ("Bearer ..."), if any. */
export interface SubscriptionCaller {
  authorization?: string | null;
  requestId?: string;
  clientIp?: string;
}

const MAX_CACHED_DOCUMENTS = 256;

/**
 * Turns a subscription request into execution arguments: parse and validate
 * (cached per query text: clients send the same few documents), resolve the
 * token once into the principal, refuse anything but a subscription.
 */
export class SubscriptionExecutor {
  private readonly documents = new LRUCache<string, DocumentNode | readonly GraphQLError[]>({ max: MAX_CACHED_DOCUMENTS });

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly resolvePrincipal: (authorization: string | null) => Promise<Principal>,
    /** Added to graphql's own rules: the gateway's operation limits. */
    private readonly validationRules: readonly ValidationRule[] = [],
  ) {}

  async prepare(request: SubscriptionRequest, caller: SubscriptionCaller): Promise<ExecutionArgs | readonly GraphQLError[]> {
    const document = this.document(request.query);
    if (!('kind' in document)) return document;
    const operation = getOperationAST(document, request.operationName ?? undefined);
    if (!operation) return [new GraphQLError('Unable to identify operation', { extensions: { code: ErrorCode.BAD_REQUEST } })];
    if (operation.operation !== OperationTypeNode.SUBSCRIPTION) {
      return [new GraphQLError('Only subscriptions are served over WebSocket; send queries and mutations to POST /graphql', { extensions: { code: ErrorCode.BAD_REQUEST } })];
    }
    const nul = refuseNul(document, request.variables);
    if (nul) return [nul];
    let principal: Principal;
    try {
      principal = await this.resolvePrincipal(caller.authorization ?? null);
    } catch {
      return [new GraphQLError('There was a temporary problem serving your request, please try again', { extensions: { code: ErrorCode.UNAVAILABLE } })];
    }
    const tokenGiven = /^Bearer\s+\S+/i.test(caller.authorization ?? '');
    const contextValue: SubscriptionContext = { principal, tokenGiven, requestId: caller.requestId ?? randomUUID(), clientIp: caller.clientIp ?? '' };
    return {
      schema: this.schema,
      document,
      operationName: request.operationName ?? undefined,
      variableValues: request.variables ?? undefined,
      contextValue,
      fieldResolver: responseKeyResolver,
    };
  }

  /** For a caller in the same process (the all role): the event stream, or the result that ended it at once. */
  async subscribe(request: SubscriptionRequest, caller: SubscriptionCaller): Promise<AsyncIterable<ExecutionResult> | ExecutionResult> {
    const args = await this.prepare(request, caller);
    if (Array.isArray(args)) return { errors: args };
    return subscribe(args as ExecutionArgs);
  }

  private document(query: string): DocumentNode | readonly GraphQLError[] {
    let entry = this.documents.get(query);
    if (!entry) {
      try {
        const document = parse(query);
        const errors = validate(this.schema, document, [...specifiedRules, ...this.validationRules]);
        entry = errors.length > 0 ? errors : document;
      } catch (error) {
        entry = [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
      }
      this.documents.set(query, entry);
    }
    return entry;
  }
}
