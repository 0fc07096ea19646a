import type { Experimental_DidResolveQueryPlanCallback, GraphQLDataSource } from '@apollo/gateway';
import { ErrorCode, isUnavailableError, Messages, RETRY_AFTER_SECONDS } from '@social/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { CommittedWrite, GatewayContext } from '../context.js';
import { observeSubgraphFetch } from '../datasources/observed.js';
import type { SubgraphHealth } from './subgraph-health.js';

type QueryPlan = Parameters<Experimental_DidResolveQueryPlanCallback>[0]['queryPlan'];
type PlanNode = NonNullable<QueryPlan['node']>;
type Response = Awaited<ReturnType<GraphQLDataSource['process']>>;

/** The subgraph whose token lookups give every request its principal. */
const PRINCIPAL_SUBGRAPH = 'identity';

/**
 * Apollo Server answers an error with this extension with its HTTP status and
 * headers (and strips the extension): a GraphQL client gets 503 with
 * Retry-After too, not a 200 or a 500.
 */
function httpUnavailable() {
  return { status: 503, headers: new Map([['retry-after', String(RETRY_AFTER_SECONDS)]]) };
}

/** UNAVAILABLE for a subgraph that cannot be reached; with what a write had already committed, if it had. */
function subgraphUnavailable(subgraph: string, committed: CommittedWrite | null = null): GraphQLError {
  return new GraphQLError(Messages.unavailable, {
    extensions: { code: ErrorCode.UNAVAILABLE, serviceName: subgraph, ...(committed ? { committed } : {}), http: httpUnavailable() },
  });
}

/**
 * A failure that says the subgraph process is not there (refused, reset,
 * timed out, a name that does not resolve) or that the balancer in front of
 * it has no live replica (502, 503, 504), as opposed to an answer.
 */
function isUnreachable(error: unknown): boolean {
  if (isUnavailableError(error)) return true;
  const status = (error as { extensions?: { response?: { status?: unknown } } } | null)?.extensions?.response?.status;
  return status === 502 || status === 503 || status === 504;
}

/** The root value of a mutation's first fetch: committed, since a subgraph answers a mutation once its transaction is. */
function committedOf(data: Response['data']): CommittedWrite | null {
  for (const value of Object.values(data ?? {})) {
    if (value === null || value === undefined) continue;
    return typeof value === 'object' ? committedIn(value as Record<string, unknown>) : { __typename: null, id: null };
  }
  return null;
}

function entityOf(value: Record<string, unknown>): CommittedWrite {
  return { __typename: typeof value.__typename === 'string' ? value.__typename : null, id: typeof value.id === 'string' ? value.id : null };
}

/**
 * What a mutation's answer names (docs/graphql.md#mutations): the entity its
 * payload holds (the status a publish made), else the id a delete answers; a
 * payload with errors committed nothing. A bare entity names itself.
 */
function committedIn(value: Record<string, unknown>): CommittedWrite | null {
  if (!Array.isArray(value.errors)) return entityOf(value);
  if (value.errors.length > 0) return null;
  const fields = Object.entries(value).filter(([name, field]) => name !== 'errors' && field !== null && field !== undefined);
  const entity = fields.find(([, field]) => typeof field === 'object' && !Array.isArray(field));
  if (entity) return entityOf(entity[1] as Record<string, unknown>);
  const id = fields.find(([name, field]) => name.endsWith('Id') && typeof field === 'string');
  return { __typename: null, id: id ? (id[1] as string) : null };
}

/** UNAVAILABLE errors as the gateway answers them: a 503 with Retry-After, naming what the request had committed. */
function markUnavailable(errors: readonly GraphQLFormattedError[], committed: CommittedWrite | null): GraphQLFormattedError[] {
  return errors.map((error) =>
    error.extensions?.code === ErrorCode.UNAVAILABLE ? { ...error, extensions: { ...error.extensions, ...(committed ? { committed } : {}), http: httpUnavailable() } } : error,
  );
}

/**
 * One subgraph's fetches as the query plan makes them: timed and traced; a
 * connection-level failure marks the subgraph down and becomes UNAVAILABLE
 * instead of an error Apollo would answer as a 500; the first fetch of a
 * mutation records what it committed, so that a later fetch of the same
 * plan failing (the answer cannot be built) says so.
 */
export function guardedSubgraph(name: string, dataSource: GraphQLDataSource, health: SubgraphHealth | null): GraphQLDataSource {
  return {
    async process(options) {
      const context = options.context as Partial<GatewayContext>;
      let response: Response;
      try {
        response = await observeSubgraphFetch(name, () => dataSource.process(options));
      } catch (error) {
        if (!isUnreachable(error)) throw error;
        health?.markDown(name, error);
        return { errors: [subgraphUnavailable(name, context.committed ?? null).toJSON()] };
      }
      if (health && !health.allUp) health.markUp(name);
      if (context.committed === null && options.request.query?.startsWith('mutation')) context.committed = committedOf(response.data);
      if (!response.errors) return response;
      return { ...response, errors: markUnavailable(response.errors, context.committed ?? null) };
    },
  };
}

/** Every subgraph a plan may fetch from (both branches of a condition), kept per plan: plans are cached and reused. */
const subgraphsByPlan = new WeakMap<QueryPlan, readonly string[]>();

function subgraphsOf(plan: QueryPlan): readonly string[] {
  let names = subgraphsByPlan.get(plan);
  if (!names) {
    const found = new Set<string>();
    const visit = (node: PlanNode | undefined): void => {
      if (!node) return;
      switch (node.kind) {
        case 'Fetch':
          found.add(node.serviceName);
          return;
        case 'Sequence':
        case 'Parallel':
          node.nodes.forEach(visit);
          return;
        case 'Flatten':
          visit(node.node);
          return;
        case 'Condition':
          visit(node.ifClause);
          visit(node.elseClause);
          return;
        case 'Defer':
          visit(node.primary.node);
          for (const deferred of node.deferred) visit(deferred.node);
          return;
        case 'Subscription':
          visit(node.primary);
          visit(node.rest);
          return;
      }
    };
    visit(plan.node);
    names = [...found];
    subgraphsByPlan.set(plan, names);
  }
  return names;
}

/**
 * Runs after planning, before any fetch: an operation whose plan needs a
 * subgraph known down answers 503 at once. For a mutation that means nothing
 * is committed that could not be answered; for a read, no waiting for a
 * stalled subgraph's timeout. While all are up this is one boolean read.
 */
export function refuseWhenSubgraphDown(health: SubgraphHealth): Experimental_DidResolveQueryPlanCallback {
  return ({ queryPlan }) => {
    if (health.allUp) return;
    const down = health.firstDown(subgraphsOf(queryPlan));
    if (down) throw subgraphUnavailable(down);
  };
}

/**
 * A token is looked up through identity: while identity is known down a
 * request with one fails at once, instead of waiting for the lookup. (The
 * tokenless principal is kept by the resolver, so anonymous requests go on
 * to the plan, which is refused if it needs identity.)
 */
export function refuseTokenWithoutIdentity(token: string | null, health: SubgraphHealth | null): void {
  if (token !== null && health && !health.allUp && health.isDown(PRINCIPAL_SUBGRAPH)) throw subgraphUnavailable(PRINCIPAL_SUBGRAPH);
}

/**
 * What a failed token lookup throws: UNAVAILABLE (marking identity down)
 * when identity cannot be reached, or a database behind it is down; any
 * other error as it is. So a request without a principal is a 503, never a 500.
 */
export function principalFailure(error: unknown, health: SubgraphHealth | null): unknown {
  if (!isUnreachable(error)) return error;
  health?.markDown(PRINCIPAL_SUBGRAPH, error);
  return subgraphUnavailable(PRINCIPAL_SUBGRAPH);
}
