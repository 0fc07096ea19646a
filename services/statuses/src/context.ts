import DataLoader from 'dataloader';
import type { BaseContext, Principal } from '@social/federation';
import type { AccountState, AccountStatsData, AccountStatsRecord } from './account/account-stats.data.js';
import type { RelationshipData } from './relationship/relationship.data.js';
import type { SafetyData, SafetyView } from './block/safety.data.js';
import type { StatusData, StatusRecord } from './status/status.data.js';
import type { StatusFlags, ViewerFlagsData } from './viewer/viewer-flags.data.js';
import type { CardRecord } from './card/card.data.js';

export interface StatusesData {
  statuses: StatusData;
  accountStats: AccountStatsData;
  relationships: RelationshipData;
  viewerFlags: ViewerFlagsData;
  safety: SafetyData;
}

/** The signed-in viewer's flags, keyed by status id (muted: the status's conversation's). */
export interface ViewerFlagLoaders {
  readonly favourited: DataLoader<string, boolean>;
  readonly reblogged: DataLoader<string, boolean>;
  readonly bookmarked: DataLoader<string, boolean>;
  readonly pinned: DataLoader<string, boolean>;
  readonly muted: DataLoader<string, boolean>;
}

export interface StatusesContext extends BaseContext {
  readonly statuses: DataLoader<string, StatusRecord | null>;
  readonly accountStats: DataLoader<string, AccountStatsRecord>;
  readonly usernames: DataLoader<string, string | null>;
  /** Keyed by account id: what moderators did to it (suspended, limited, sensitized). A status read brings its author's. */
  readonly accountStates: DataLoader<string, AccountState>;
  /** Keyed "viewerId:authorId". */
  readonly follows: DataLoader<string, boolean>;
  /** Keyed by author id: whether the author blocks the signed-in viewer (false when anonymous). Batched per request. */
  readonly blocksViewer: DataLoader<string, boolean>;
  /** Keyed by account id: when the signed-in viewer's mute of it lapses (null: not muted, or until unmuted). Batched per request. */
  readonly muteExpiry: DataLoader<string, Date | null>;
  /** The signed-in viewer's blocks both ways and live mutes, read once per request when first asked (empty when anonymous). */
  readonly safety: () => Promise<SafetyView>;
  /** Null without a signed-in user: the flags are then absent, not false. */
  readonly viewer: ViewerFlagLoaders | null;
  /** Statuses read in this request that have no poll, so Status.poll need not ask (a status never gains one later). */
  readonly statusesWithoutPoll: Set<string>;
  /**
   * Statuses this request published, and whether each has a poll: their
   * answer needs no read for what cannot exist yet (no card before its job
   * runs, no poll unless made with them).
   */
  readonly published: Map<string, { hasPoll: boolean }>;
  /**
   * Statuses a mutation reads again after its write (StatusService.reload):
   * their read's viewer flags and author counters are as fresh as the answer
   * needs, so they are kept as a query's are instead of read once more.
   */
  readonly reloaded: Set<string>;
  /** The preview cards of the statuses read in this request (null: none), so Status.card need not ask. */
  readonly cards: Map<string, CardRecord | null>;
}

/** The loaders, and `prime` for flags a status read answered with the status. */
function viewerFlagLoaders(data: ViewerFlagsData, accountId: string): ViewerFlagLoaders & { prime(id: string, flags: StatusFlags, replace: boolean): void } {
  const viewer = BigInt(accountId);
  // The flags are read together: the loaders below, dispatched in the same tick, land in one batch (one statement).
  const flags = new DataLoader((ids: readonly string[]) => data.statusFlags(viewer, ids));
  const flag = (name: keyof StatusFlags) =>
    new DataLoader(async (ids: readonly string[]) => (await flags.loadMany(ids)).map((found) => (found instanceof Error ? found : found[name])));
  return {
    favourited: flag('favourited'),
    reblogged: flag('reblogged'),
    bookmarked: flag('bookmarked'),
    pinned: flag('pinned'),
    muted: flag('muted'),
    prime: (id, found, replace) => void (replace ? flags.clear(id) : flags).prime(id, found),
  };
}

/** Per-request context: fresh loaders so batching and caching never cross requests. */
export function createStatusesContext(data: StatusesData, principal: Principal, requestId: string): StatusesContext {
  const accountStats = new DataLoader((ids: readonly string[]) => data.accountStats.findByIds(ids));
  const usernames = new DataLoader((ids: readonly string[]) => data.accountStats.usernames(ids));
  const accountStates = new DataLoader((ids: readonly string[]) => data.accountStats.states(ids));
  const statusesWithoutPoll = new Set<string>();
  const cards = new Map<string, CardRecord | null>();
  const blocksViewer = new DataLoader(async (authors: readonly string[]) =>
    principal.accountId ? data.safety.blockingViewer(BigInt(principal.accountId), authors) : authors.map(() => false),
  );
  // A status comes with its author's username and counters, its mentions' usernames, whether its author blocks
  // the viewer and the viewer's flags: rendering it, and the visibility rule, ask nothing more. Counters read before a write of this request
  // would be stale after it, so then they are not kept; no write of the viewer's changes whether an author blocks them.
  const viewer = principal.kind === 'user' && principal.accountId ? viewerFlagLoaders(data.viewerFlags, principal.accountId) : null;
  const statuses = new DataLoader(async (ids: readonly string[]) => {
    const reads = await data.statuses.findForRead(ids, principal.accountId);
    for (const read of reads) {
      if (!read) continue;
      const authorId = read.record.accountId.toString();
      usernames.prime(authorId, read.author.username);
      accountStates.prime(authorId, read.author.state);
      blocksViewer.prime(authorId, read.blocksViewer);
      // The flags as of the read: a write of this request (a favourite) changes them, so a mutation keeps only
      // those of a read made after its write (a reload), replacing whatever an earlier read left.
      const statusId = read.record.id.toString();
      const afterWrite = context.mutated === true && context.reloaded.has(statusId);
      if (!context.mutated || afterWrite) viewer?.prime(statusId, read.viewerFlags, afterWrite);
      if (!context.mutated) accountStats.prime(authorId, read.author.stats);
      else if (afterWrite) accountStats.clear(authorId).prime(authorId, read.author.stats);
      for (const [id, username] of read.mentionUsernames) usernames.prime(id, username);
      if (!read.hasPoll) statusesWithoutPoll.add(statusId);
      cards.set(statusId, read.card);
    }
    return reads.map((read) => read?.record ?? null);
  });
  let safety: Promise<SafetyView> | null = null;
  const context: StatusesContext = {
    principal,
    requestId,
    statuses,
    accountStats,
    usernames,
    accountStates,
    follows: new DataLoader((pairs) => data.relationships.follows(pairs)),
    blocksViewer,
    muteExpiry: new DataLoader(async (ids: readonly string[]) => {
      if (!principal.accountId) return ids.map(() => null);
      const expiries = await data.safety.muteExpiries(BigInt(principal.accountId), ids.map(BigInt));
      return ids.map((id) => expiries.get(BigInt(id)) ?? null);
    }),
    safety: () =>
      (safety ??= principal.accountId ? data.safety.view(BigInt(principal.accountId)) : Promise.resolve({ blocking: new Set(), blockedBy: new Set(), muting: new Set() })),
    viewer,
    statusesWithoutPoll,
    published: new Map(),
    reloaded: new Set(),
    cards,
  };
  return context;
}

/** The signed-in account asking, or null for an anonymous request or an app token. */
export function viewerAccountId(ctx: StatusesContext): bigint | null {
  return ctx.principal.accountId ? BigInt(ctx.principal.accountId) : null;
}
