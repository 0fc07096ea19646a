import { LRUCache } from 'lru-cache';
import type { StatusCreated, StatusUpdated } from './events.js';

/** A viewer whose home feed holds a status, with its flags of it (see the statuses subgraph's StreamHomeMember). */
export interface HomeMember {
  accountId: string;
  /** The viewer wrote the status or what it boosts: rendered for that viewer alone, not from the shared rendering. */
  personal: boolean;
  favourited: boolean;
  reblogged: boolean;
  bookmarked: boolean;
  muted: boolean;
  reblogMuted: boolean | null;
  /** The viewer has a filter in force: `filtered` is theirs alone, so the status is rendered for them on their own (absent from an older subgraph: treated as true). */
  hasFilters?: boolean;
}

/** Asks the statuses subgraph which of these accounts have the status in their home feed. */
export type AudienceQuery = (statusId: string, accountIds: string[]) => Promise<HomeMember[]>;

interface Answer {
  asked: Set<string>;
  audience: Map<string, HomeMember> | null;
}

/** How long an answer is kept: every user stream of the process asks about the same status at about the same moment. */
const KEEP_MS = 10_000;
/** Answers kept at most: far more statuses than a process sees in KEEP_MS. */
const MAX_ANSWERS = 10_000;

/**
 * The home audience of a new status among the users with a live user stream
 * in this process, asked once per status instead of once per stream. The
 * answer is exact (the home timeline's rule) and carries each member's
 * flags, so the status can be rendered once and shared.
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

  /** false: not in the audience; a member: in it; null: not known (asked before this viewer came, or the question failed). */
  async member(event: StatusCreated | StatusUpdated, viewer: string): Promise<HomeMember | false | null> {
    let answer = this.answers.get(event.statusId);
    if (!answer) {
      const asked = new Set(this.viewers.keys());
      answer = this.query(event.statusId, [...asked]).then(
        (members) => ({ asked, audience: new Map(members.map((member) => [member.accountId, member])) }),
        () => ({ asked, audience: null }),
      );
      this.answers.set(event.statusId, answer);
    }
    const { asked, audience } = await answer;
    return audience && asked.has(viewer) ? (audience.get(viewer) ?? false) : null;
  }
}
