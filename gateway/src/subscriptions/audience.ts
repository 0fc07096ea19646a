import { LRUCache } from 'lru-cache';
import type { StatusCreated } from './events.js';

/** Asks the statuses subgraph which of these accounts may have the status in their home feed. */
export type AudienceQuery = (statusId: string, accountIds: string[]) => Promise<string[]>;

interface Answer {
  asked: Set<string>;
  audience: Set<string> | null;
}

/** How long an answer is kept: every user stream of the process asks about the same status at about the same moment. */
const KEEP_MS = 10_000;
/** Answers kept at most: far more statuses than a process sees in KEEP_MS. */
const MAX_ANSWERS = 10_000;

/**
 * The home audience of a new status among the users with a live user stream
 * in this process, asked once per status instead of once per stream: users
 * who do not follow the author are ruled out without a query each.
 */
export class HomeAudience {
  private readonly viewers = new Map<string, number>();
  /** Purged on time, not only when read again: each answer holds the set of every viewer asked about. */
  private readonly answers: LRUCache<string, Promise<Answer>>;

  constructor(
    private readonly query: AudienceQuery,
    options: { now?: () => number } = {},
  ) {
    this.answers = new LRUCache({ max: MAX_ANSWERS, ttl: KEEP_MS, ttlAutopurge: true, ...(options.now ? { perf: { now: options.now }, ttlResolution: 0 } : {}) });
  }

  /** A user stream opened; the returned function closes it. */
  register(accountId: string): () => void {
    this.viewers.set(accountId, (this.viewers.get(accountId) ?? 0) + 1);
    return () => {
      const left = (this.viewers.get(accountId) ?? 1) - 1;
      if (left > 0) this.viewers.set(accountId, left);
      else this.viewers.delete(accountId);
    };
  }

  /** false: not in the audience; true: may be (the feed rules decide); null: not known (asked before this viewer came). */
  async includes(event: StatusCreated, viewer: string): Promise<boolean | null> {
    let answer = this.answers.get(event.statusId);
    if (!answer) {
      const asked = new Set(this.viewers.keys());
      answer = this.query(event.statusId, [...asked]).then(
        (audience) => ({ asked, audience: new Set(audience) }),
        () => ({ asked, audience: null }),
      );
      this.answers.set(event.statusId, answer);
    }
    const { asked, audience } = await answer;
    return audience && asked.has(viewer) ? audience.has(viewer) : null;
  }
}
