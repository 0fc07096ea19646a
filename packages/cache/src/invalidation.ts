import { accountProfileVersionKey, accountVersionKey, IP_BLOCKS_VERSION_KEY, statusMediaVersionKey, statusVersionKey, type EntityVersions } from './versions.js';

type Id = bigint | string | null | undefined;

/** What a write changed, as far as cached answers are concerned. */
export interface Change {
  /** Statuses whose row, counters, poll, card or media changed (or that were deleted). */
  statuses?: Iterable<Id>;
  /** Accounts whose profile or counters changed. */
  accounts?: Iterable<Id>;
  /** The IP blocks changed (docs/api/moderation.md#ip-blocks). */
  ipBlocks?: boolean;
}

function* present(ids: Iterable<Id> | undefined): Iterable<bigint | string> {
  for (const id of ids ?? []) if (id !== null && id !== undefined) yield id;
}

const RETRY_DELAYS_MS = [250, 1_000, 4_000, 15_000];

/**
 * Called by the services after a write committed and before they answer.
 * A failing store never fails the write (it is done): the bump is retried in
 * the background, and cached answers also expire on their own after a
 * bounded age.
 */
export class CacheInvalidation {
  constructor(
    private readonly versions: EntityVersions | null,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** Any change of these entities: every key of each is retired, its parts' included. */
  async changed(change: Change): Promise<void> {
    const keys = new Set<string>();
    for (const id of present(change.statuses)) keys.add(statusVersionKey(id)).add(statusMediaVersionKey(id));
    for (const id of present(change.accounts)) keys.add(accountVersionKey(id)).add(accountProfileVersionKey(id));
    if (change.ipBlocks) keys.add(IP_BLOCKS_VERSION_KEY);
    await this.retire(keys);
  }

  /**
   * A change of what only the statuses service renders of these entities:
   * counters (replies, boosts, favourites, statuses, follows), a poll's
   * tallies, a new status's own row. The entities' own keys are retired;
   * their parts other subgraphs render and cache (an account's profile from
   * identity, a status's attachments from media) stay. Only writes that touch
   * statuses' own tables and nothing of an existing status's attachments may
   * say this (docs/data-access.md#the-entity-cache).
   */
  async countersChanged(change: Pick<Change, 'statuses' | 'accounts'>): Promise<void> {
    const keys = new Set<string>();
    for (const id of present(change.statuses)) keys.add(statusVersionKey(id));
    for (const id of present(change.accounts)) keys.add(accountVersionKey(id));
    await this.retire(keys);
  }

  private async retire(keys: Set<string>): Promise<void> {
    if (!this.versions || keys.size === 0) return;
    const list = [...keys];
    try {
      await this.versions.bump(list);
    } catch (error) {
      this.onError(error);
      this.retry(list, 0);
    }
  }

  private retry(keys: string[], attempt: number): void {
    const delay = RETRY_DELAYS_MS[attempt];
    if (delay === undefined) return;
    setTimeout(() => {
      this.versions?.bump(keys).catch((error) => {
        this.onError(error);
        this.retry(keys, attempt + 1);
      });
    }, delay).unref();
  }
}

/** For code paths and tests with no read cache behind them. */
export const NO_INVALIDATION = new CacheInvalidation(null);
