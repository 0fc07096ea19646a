import { accountVersionKey, IP_BLOCKS_VERSION_KEY, statusVersionKey, type EntityVersions } from './versions.js';

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

  async changed(change: Change): Promise<void> {
    if (!this.versions) return;
    const keys = new Set<string>();
    for (const id of change.statuses ?? []) if (id !== null && id !== undefined) keys.add(statusVersionKey(id));
    for (const id of change.accounts ?? []) if (id !== null && id !== undefined) keys.add(accountVersionKey(id));
    if (change.ipBlocks) keys.add(IP_BLOCKS_VERSION_KEY);
    if (keys.size === 0) return;
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
