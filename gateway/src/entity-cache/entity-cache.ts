import { createHash } from 'node:crypto';
import type { GraphQLDataSource, GraphQLDataSourceProcessOptions } from '@apollo/gateway';

type GatewayGraphQLResponse = Awaited<ReturnType<GraphQLDataSource['process']>>;
import type { EntityVersions } from '@social/cache';
import { LRUCache } from 'lru-cache';
import { cacheableFetch, type CacheableFetch } from './fetch-shape.js';
import { VersionReads } from './version-reads.js';

export interface EntityCacheOptions {
  /** Rendered entities kept by this process (each one subgraph's fields of one entity for one fetch shape). */
  maxEntries: number;
  /** Longest an entry is served (bounds staleness should a writer's bump be lost). */
  maxAgeMs: number;
  /** Called when the version store cannot be read; the fetch then goes to the subgraph. */
  onError?: (error: unknown) => void;
}

interface Entry {
  /** The version token the value was read under ('' for immutable types). */
  version: string;
  value: unknown;
}

/** One subgraph's fetch shapes, analysed once per query string (the plans' queries are few). */
const SHAPES_PER_SUBGRAPH = 2_000;

/**
 * A copy of a subgraph's JSON answer. The gateway writes into the entities it
 * receives, nested ones included (__typename, rewrites, and the fields later
 * fetches add to nested entities, such as a media attachment's nodeId), so
 * every answer gets its own copy of a cached value.
 */
function copy<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copy) as T;
  const out: Record<string, unknown> = {};
  for (const key in value) out[key] = copy((value as Record<string, unknown>)[key]);
  return out as T;
}

/** What is kept is frozen: a write into it (a bug) throws instead of reaching another request. */
function freeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) freeze(inner);
    Object.freeze(value);
  }
  return value;
}

interface Shape {
  fetch: CacheableFetch;
  /** The key this subgraph's answers of the type are checked against; null: immutable. */
  versionKey: ((id: string) => string) | null;
  /** Of the query text: keys stay short. */
  digest: string;
}

interface Representation {
  __typename?: unknown;
  id?: unknown;
}

/**
 * The gateway's cache of rendered entities (docs/data-access.md#the-entity-cache):
 * the answers of subgraph `_entities` fetches whose every field is the same
 * for every caller (./policy.ts), kept per (subgraph, fetch shape,
 * representation) and served only while the entity's version token is the
 * one they were read under. The services retire an entity's token after each
 * write commits and before they answer, so a read that follows a write's
 * answer, in any process, reads through.
 */
export class EntityCache {
  private readonly entries: LRUCache<string, Entry>;
  private readonly reads: VersionReads;
  private readonly shapes = new Map<string, Map<string, Shape | null>>();

  constructor(
    versions: EntityVersions,
    private readonly options: EntityCacheOptions,
  ) {
    this.entries = new LRUCache<string, Entry>({ max: options.maxEntries, ttl: options.maxAgeMs });
    this.reads = new VersionReads(versions);
  }

  /** The data source with the cache in front of it. */
  wrap(subgraph: string, dataSource: GraphQLDataSource): GraphQLDataSource {
    return { process: (options) => this.process(subgraph, dataSource, options) };
  }

  private shape(subgraph: string, query: string) {
    let shapes = this.shapes.get(subgraph);
    if (!shapes) this.shapes.set(subgraph, (shapes = new Map<string, Shape | null>()));
    let shape = shapes.get(query);
    if (shape === undefined) {
      const found = cacheableFetch(query);
      const fetch = found && !found.policy.visiblePerViewerIn.includes(subgraph) ? found : null;
      const versionKey = fetch ? (fetch.policy.versionKeyIn?.[subgraph] ?? fetch.policy.versionKey) : null;
      shape = fetch ? { fetch, versionKey, digest: createHash('sha1').update(query).digest('base64url') } : null;
      if (shapes.size >= SHAPES_PER_SUBGRAPH) shapes.clear();
      shapes.set(query, shape);
    }
    return shape;
  }

  private async process(subgraph: string, inner: GraphQLDataSource, options: GraphQLDataSourceProcessOptions): Promise<GatewayGraphQLResponse> {
    const { query, variables } = options.request;
    const shape = query ? this.shape(subgraph, query) : null;
    const representations = variables?.representations as Representation[] | undefined;
    if (!shape || !Array.isArray(representations) || representations.length === 0) return inner.process(options);
    const { fetch, versionKey, digest } = shape;
    const keys: string[] = [];
    const ids: string[] = [];
    for (const representation of representations) {
      if (representation?.__typename !== fetch.typename || typeof representation.id !== 'string') return inner.process(options);
      ids.push(representation.id);
      keys.push(`${subgraph}|${digest}|${JSON.stringify(representation)}`);
    }
    let versions: string[];
    try {
      versions = versionKey ? await this.reads.read(ids.map(versionKey)) : ids.map(() => '');
    } catch (error) {
      this.options.onError?.(error);
      return inner.process(options);
    }
    const results: unknown[] = new Array(representations.length);
    const missing: number[] = [];
    for (let i = 0; i < keys.length; i++) {
      const entry = this.entries.get(keys[i]);
      if (entry && entry.version === versions[i]) results[i] = copy(entry.value);
      else missing.push(i);
    }
    if (missing.length > 0) {
      const answer = await inner.process({ ...options, request: { ...options.request, variables: { ...variables, representations: missing.map((i) => representations[i]) } } });
      const entities = (answer.data as { _entities?: unknown[] } | null | undefined)?._entities;
      // Errors name positions of the smaller request: let the subgraph answer the whole fetch as asked.
      if (answer.errors?.length || !Array.isArray(entities) || entities.length !== missing.length) {
        return missing.length === representations.length ? answer : inner.process(options);
      }
      missing.forEach((index, position) => {
        const value = entities[position];
        results[index] = value;
        if (value !== null && typeof value === 'object') this.entries.set(keys[index], { version: versions[index], value: freeze(copy(value)) });
      });
    }
    return { data: { _entities: results } };
  }
}
