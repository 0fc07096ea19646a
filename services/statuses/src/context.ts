import DataLoader from 'dataloader';
import type { BaseContext, Principal } from '@social/federation';
import type { AccountStatsData, AccountStatsRecord } from './account/account-stats.data.js';
import type { RelationshipData } from './relationship/relationship.data.js';
import type { StatusData, StatusRecord } from './status/status.data.js';
import type { ViewerFlagsData } from './viewer/viewer-flags.data.js';

export interface StatusesData {
  statuses: StatusData;
  accountStats: AccountStatsData;
  relationships: RelationshipData;
  viewerFlags: ViewerFlagsData;
}

/** The signed-in viewer's flags, keyed by status id (muted: by conversation id). */
export interface ViewerFlagLoaders {
  readonly favourited: DataLoader<string, boolean>;
  readonly reblogged: DataLoader<string, boolean>;
  readonly bookmarked: DataLoader<string, boolean>;
  readonly pinned: DataLoader<string, boolean>;
  readonly mutedConversations: DataLoader<string, boolean>;
}

export interface StatusesContext extends BaseContext {
  readonly statuses: DataLoader<string, StatusRecord | null>;
  readonly accountStats: DataLoader<string, AccountStatsRecord>;
  readonly usernames: DataLoader<string, string | null>;
  /** Keyed "viewerId:authorId". */
  readonly follows: DataLoader<string, boolean>;
  /** Null without a signed-in user: the flags are then absent, not false. */
  readonly viewer: ViewerFlagLoaders | null;
}

function viewerFlagLoaders(data: ViewerFlagsData, accountId: string): ViewerFlagLoaders {
  const viewer = BigInt(accountId);
  return {
    favourited: new DataLoader((ids) => data.favourited(viewer, ids)),
    reblogged: new DataLoader((ids) => data.reblogged(viewer, ids)),
    bookmarked: new DataLoader((ids) => data.bookmarked(viewer, ids)),
    pinned: new DataLoader((ids) => data.pinned(viewer, ids)),
    mutedConversations: new DataLoader((ids) => data.mutedConversations(viewer, ids)),
  };
}

/** Per-request context: fresh loaders so batching and caching never cross requests. */
export function createStatusesContext(data: StatusesData, principal: Principal, requestId: string): StatusesContext {
  return {
    principal,
    requestId,
    statuses: new DataLoader((ids) => data.statuses.findByIds(ids)),
    accountStats: new DataLoader((ids) => data.accountStats.findByIds(ids)),
    usernames: new DataLoader((ids) => data.accountStats.usernames(ids)),
    follows: new DataLoader((pairs) => data.relationships.follows(pairs)),
    viewer: principal.kind === 'user' && principal.accountId ? viewerFlagLoaders(data.viewerFlags, principal.accountId) : null,
  };
}
