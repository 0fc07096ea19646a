import { LRUCache } from 'lru-cache';
import { accountVersionKey, IP_BLOCKS_VERSION_KEY, statusVersionKey, type EntityVersions } from '@social/cache';

/** The rate-limit check of an anonymous API request, as the gateway would make it (per address, docs/api/rate-limits.md#buckets). */
export interface AnonymousRateLimit {
  consume(clientIp: string): Promise<{ allowed: boolean; report: unknown }>;
  /** Gives back what consume took, when the request goes on to the gateway (which counts it there). */
  refund(clientIp: string): Promise<void>;
}

export interface StatusReadCacheOptions {
  /** Statuses kept per process. */
  maxEntries: number;
  /** Longest an answer is served without a refill: the bound on staleness if a bump was lost (the store unreachable by a writer). */
  maxAgeMs: number;
}

interface Entry {
  /** Version keys of what the answer is built from. They never change for a status (author, boosted status, mentions are fixed). */
  deps: string[];
  /** The answer and the tokens it was built under; null until a read whose tokens were known before it filled it. */
  filled: { body: Buffer; tokens: string[]; expiresAt: number } | null;
}

/** What a lookup found; a miss carries the tokens read before the read-through, to fill the entry with. */
export type Lookup =
  | { kind: 'hit'; body: Buffer; rateLimit: unknown }
  | { kind: 'limited'; rateLimit: unknown }
  | { kind: 'miss'; deps: string[] | null; tokens: string[] | null; admission?: { clientIp: string; token: string } };

/** Client addresses whose admission (not refused by an IP block) each process remembers. */
const ADMITTED_ADDRESSES = 10_000;

const CACHEABLE_VISIBILITY = new Set(['public', 'unlisted']);
const MISS_UNKNOWN: Lookup = { kind: 'miss', deps: null, tokens: null };

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}

type StatusJson = Record<string, unknown> & {
  id: string;
  visibility: string;
  account: { id: string };
  mentions: Array<{ id: string }>;
  reblog: StatusJson | null;
  poll: { expired: boolean; expires_at: string | null } | null;
};

/** Every version key a status answer is built from: itself, its author, what it boosts, the accounts it mentions. */
function dependenciesOf(status: StatusJson): string[] {
  const keys = [statusVersionKey(status.id), accountVersionKey(status.account.id)];
  for (const mention of status.mentions) keys.push(accountVersionKey(mention.id));
  if (status.reblog) keys.push(...dependenciesOf(status.reblog));
  return [...new Set(keys)];
}

/** A poll's `expired` turns by the clock, with no write: the answer is good until then. */
function pollDeadline(status: StatusJson): number {
  const deadlines = [status, status.reblog].map((s) =>
    s?.poll && !s.poll.expired && s.poll.expires_at ? Date.parse(s.poll.expires_at) : Number.POSITIVE_INFINITY,
  );
  return Math.min(...deadlines);
}

/**
 * Anonymous `GET /api/v1/statuses/:id` answers, kept as their JSON bytes and
 * served without the federation while every entity they were built from is
 * unchanged: one round trip (version tokens, pipelined with the rate-limit
 * check) instead of the gateway, three subgraphs and five SQL statements.
 *
 * Correct under writes from any process: writers retire the tokens of what
 * they changed after commit and before answering (CacheInvalidation). A fill
 * uses tokens read *before* its read-through, so a write racing with the fill
 * leaves a token mismatch, never a stale entry. The first read of a status
 * only learns its dependencies; the second fills; later ones hit.
 *
 * A hit also needs the client's address to be known as not refused by an IP
 * block (docs/api/moderation.md#ip-blocks), which only the gateway decides:
 * an address is admitted when a read-through from it was answered, under the
 * IP blocks' version token read before that read-through, and stays admitted
 * while that token is unchanged (identity retires it with every change of a
 * block). A new block so sends every address through the gateway once more.
 */
export class StatusReadCache {
  private readonly entries: LRUCache<string, Entry>;

  constructor(
    private readonly versions: EntityVersions,
    private readonly rateLimit: AnonymousRateLimit | null,
    private readonly options: StatusReadCacheOptions,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.entries = new LRUCache({ max: options.maxEntries });
  }

  /** Address -> the IP blocks' token under which the gateway last answered a read-through from it. */
  private readonly admitted = new LRUCache<string, string>({ max: ADMITTED_ADDRESSES });

  /**
   * Looks the status up. `revalidate` (the client sent Cache-Control:
   * no-cache) never hits, but still prepares a fill.
   */
  async lookup(statusId: string, clientIp: string, revalidate = false): Promise<Lookup> {
    const entry = this.entries.get(statusId);
    if (!entry) return MISS_UNKNOWN;
    const mayHit = entry.filled !== null && !revalidate && Date.now() < entry.filled.expiresAt;
    const [tokens, limit] = await Promise.allSettled([
      this.versions.read([...entry.deps, IP_BLOCKS_VERSION_KEY]),
      mayHit && this.rateLimit ? this.rateLimit.consume(clientIp) : Promise.resolve(null),
    ]);
    if (tokens.status === 'rejected') {
      // The store is unreachable: a bump may be lost meanwhile, so nothing held so far is trusted again.
      this.onError(tokens.reason);
      this.entries.clear();
    }
    if (limit.status === 'rejected') this.onError(limit.reason);
    const counted = limit.status === 'fulfilled' ? limit.value : null;
    const read = tokens.status === 'fulfilled' ? { deps: tokens.value.slice(0, -1), ipBlocks: tokens.value[tokens.value.length - 1] } : null;
    const admitted = read !== null && this.admitted.get(clientIp) === read.ipBlocks;
    if (read && admitted && mayHit && entry.filled && sameList(read.deps, entry.filled.tokens) && limit.status === 'fulfilled') {
      if (counted && !counted.allowed) return { kind: 'limited', rateLimit: counted.report };
      return { kind: 'hit', body: entry.filled.body, rateLimit: counted?.report ?? null };
    }
    // Read through: the gateway counts the request itself.
    if (counted && this.rateLimit) this.rateLimit.refund(clientIp).catch(this.onError);
    return read ? { kind: 'miss', deps: entry.deps, tokens: read.deps, admission: { clientIp, token: read.ipBlocks } } : MISS_UNKNOWN;
  }

  /** Keeps a read-through's answer: filled when the lookup's tokens cover exactly its dependencies, else only the dependencies. */
  store(statusId: string, lookup: Lookup, status: Record<string, unknown>, body: Buffer): void {
    const json = status as StatusJson;
    // The gateway answered this address: it is not refused under the IP blocks read before the read-through.
    if (lookup.kind === 'miss' && lookup.admission) this.admitted.set(lookup.admission.clientIp, lookup.admission.token);
    if (!CACHEABLE_VISIBILITY.has(json.visibility)) {
      this.entries.delete(statusId);
      return;
    }
    const deps = dependenciesOf(json);
    const tokens = lookup.kind === 'miss' && lookup.deps && lookup.tokens && sameList(lookup.deps, deps) ? lookup.tokens : null;
    const expiresAt = Math.min(Date.now() + this.options.maxAgeMs, pollDeadline(json));
    this.entries.set(statusId, { deps, filled: tokens ? { body, tokens, expiresAt } : null });
  }

  /** A read-through failed (gone, hidden, or an error): nothing is kept for it. */
  forget(statusId: string): void {
    this.entries.delete(statusId);
  }
}
