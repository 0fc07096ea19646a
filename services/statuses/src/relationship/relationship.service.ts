import { AppError } from '@social/errors';
import { parseId } from '@social/db';
import type { StatusesContext } from '../context.js';
import type { FollowListRow, FollowRecord, RelationshipData } from './relationship.data.js';
import type { FollowAccountInput, FollowPage, FollowPageInput, Relationship } from './relationship.type.js';

/** Accounts lists: default 40, at most 80 (Mastodon's DEFAULT_ACCOUNTS_LIMIT and limit_param). */
export const ACCOUNTS_LIMIT = { default: 40, max: 80 } as const;

export function accountsLimit(limit: number | null | undefined): number {
  if (limit === null || limit === undefined) return ACCOUNTS_LIMIT.default;
  return Math.min(Math.abs(Math.trunc(limit)), ACCOUNTS_LIMIT.max);
}

/**
 * Follow, unfollow, relationships and follow lists (Mastodon's FollowService,
 * UnfollowService, AccountRelationshipsPresenter and follower/following
 * controllers). Accounts cannot be locked yet, so a follow never waits for
 * approval; blocks and mutes do not exist yet.
 */
export class RelationshipService {
  constructor(private readonly data: RelationshipData) {}

  /**
   * Following again changes only the options given. An unknown or suspended
   * account, or oneself, is Record not found (FollowService's RecordNotFound).
   */
  async follow(targetId: string, input: FollowAccountInput | null, ctx: StatusesContext): Promise<Relationship> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const target = await this.existingAccount(targetId);
    if (target === viewerId) throw AppError.notFound();
    await this.data.follow(viewerId, target, { reblogs: input?.reblogs ?? null, notify: input?.notify ?? null });
    return (await this.relationshipsFor(viewerId, [target]))[0] as Relationship;
  }

  /** Answers the relationship also when there was no follow. */
  async unfollow(targetId: string, ctx: StatusesContext): Promise<Relationship> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const target = await this.existingAccount(targetId);
    if (target !== viewerId) await this.data.unfollow(viewerId, target);
    return (await this.relationshipsFor(viewerId, [target]))[0] as Relationship;
  }

  /** In the order asked, once each; unknown and suspended accounts are left out. */
  async relationships(ids: readonly string[], ctx: StatusesContext): Promise<Relationship[]> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const wanted = [...new Set(ids.map(parseId).filter((id): id is bigint => id !== null))];
    const existing = await this.data.existingAccounts(wanted);
    return this.relationshipsFor(viewerId, wanted.filter((id) => existing.has(id)));
  }

  async list(side: 'followers' | 'following', accountId: string, page: FollowPageInput | null, ctx: StatusesContext): Promise<FollowPage> {
    const account = await this.existingAccount(accountId);
    const limit = accountsLimit(page?.limit);
    const rows = await this.data.list(side, account, { maxId: cursor(page?.maxId), sinceId: cursor(page?.sinceId), limit });
    return {
      accounts: await Promise.all(rows.map(async (row) => ({ id: row.accountId.toString(), ...(await ctx.accountStats.load(row.accountId.toString())) }))),
      // Mastodon links the next page only after a full one, and the previous one after any non-empty one.
      nextMaxId: rows.length > 0 && rows.length === limit ? lastCursor(rows) : null,
      prevSinceId: rows.length > 0 ? (rows[0] as FollowListRow).followId.toString() : null,
    };
  }

  private async existingAccount(id: string): Promise<bigint> {
    const parsed = parseId(id);
    if (parsed === null || !(await this.data.existingAccounts([parsed])).has(parsed)) throw AppError.notFound();
    return parsed;
  }

  private async relationshipsFor(viewerId: bigint, ids: bigint[]): Promise<Relationship[]> {
    if (ids.length === 0) return [];
    const { following, followedBy } = await this.data.between(viewerId, ids);
    const follows = new Map(following.map((follow) => [follow.targetAccountId, follow]));
    return ids.map((id) => toRelationship(id, follows.get(id) ?? null, followedBy.has(id)));
  }
}

function cursor(value: string | null | undefined): bigint | null {
  return value ? parseId(value) : null;
}

function lastCursor(rows: FollowListRow[]): string {
  return (rows[rows.length - 1] as FollowListRow).followId.toString();
}

function toRelationship(id: bigint, follow: FollowRecord | null, followedBy: boolean): Relationship {
  return {
    id: id.toString(),
    following: follow !== null,
    showingReblogs: follow?.showReblogs ?? false,
    notifying: follow?.notify ?? false,
    languages: null,
    followedBy,
    blocking: false,
    blockedBy: false,
    muting: false,
    mutingNotifications: false,
    requested: false,
    requestedBy: false,
    domainBlocking: false,
    endorsed: false,
    note: '',
  };
}
