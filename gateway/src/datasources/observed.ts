import { subgraphFetchDuration, SpanKind, withSpan } from '@social/telemetry';

/**
 * One call from the gateway to a subgraph, timed (subgraph_fetch_duration_seconds)
 * and traced as a client span whose context the call carries on.
 */
export async function observeSubgraphFetch<T extends { errors?: readonly unknown[] }>(subgraph: string, fetch: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint();
  let outcome = 'error';
  try {
    const result = await withSpan(`subgraph ${subgraph}`, { kind: SpanKind.CLIENT, attributes: { 'graphql.subgraph': subgraph } }, fetch);
    outcome = result.errors?.length ? 'graphql_error' : 'ok';
    return result;
  } finally {
    subgraphFetchDuration.observe({ subgraph, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
  }
}
