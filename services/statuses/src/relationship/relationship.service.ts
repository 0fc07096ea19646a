import DataLoader from 'dataloader';
import type { CacheInvalidation } from '@social/cache';
import { AppError } from '@social/errors';
import { codePointCount } from '@social/content';
import { parseId } from '@social/db';
import type { StatusesContext } from '../context.js';
import type { NotificationRecorder } from '../notification/notification.recorder.js';
import type { RelationshipData, RelationshipRow } from './relationship.data.js';
import { ACCOUNT_PAGE, cursors, pageRequest } from '../page/page.js';
import type { AccountPage, PageArgs } from '../page/page.type.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { AccountConnection } from '../page/connection.type.js';
import { accountRows } from '../page/connection-sources.js';
import type { FamiliarFollowers, FollowAccountInput, Relationship } from './relationship.type.js';
import type { SafetyData } from '../block/safety.data.js';

/** The longest private note, in code points (docs/limits.md). */
const NOTE_LIMIT = 2000;

/**
 * Follow, unfollow, follow requests, relationships and follow lists
 * (Mastodon's FollowService, UnfollowService, AuthorizeFollowService,
 * RejectFollowService, RemoveFromFollowersService,
 * AccountRelationshipsPresenter and follower/following controllers). Following
 * a locked account asks it first (docs/api/follow-requests.md). A block either
 * way refuses a follow (docs/api/safety.md#blocks).
 */
export class RelationshipService {
  constructor(
    private readonly data: RelationshipData,
    private readonly notifications: NotificationRecorder,
    /** Both accounts' followers_count / following_count show in their cached statuses. */
    private readonly invalidation: CacheInvalidation,
    private readonly safety: SafetyData,
  ) {}

  /** Per request (keyed by its context, so batching never crosses requests), the loader of relationshipWith. */
  private readonly loaders = new WeakMap<StatusesContext, DataLoader<string, Relationship | null>>();

  /**
   * Following again changes only the options given. An unknown or suspended
   * account, or oneself, is Record not found (FollowService's RecordNotFound).
   */
  async follow(targetId: string, input: FollowAccountInput | null, ctx: StatusesContext): Promise<Relationship> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const target = await this.existingAccount(targetId);
    if (target === viewerId) throw AppError.notFound();
    if (await this.safety.blockedEitherWay(viewerId, target)) throw AppError.notAllowed();
    const outcome = await this.data.follow(viewerId, target, { reblogs: input?.reblogs ?? null, notify: input?.notify ?? null, languages: input?.languages ?? null });
    if (outcome.kind === 'followed') {
      await this.invalidation.countersChanged({ accounts: [viewerId, target] });
      await this.notifications.followed(outcome.followId, viewerId, target);
    } else if (outcome.kind === 'requested') {
      await this.notifications.followRequested(outcome.requestId, viewerId, target);
    }
    return (await this.relationshipsFor(viewerId, [target]))[0];
  }

  /** Answers the relationship also when there was no follow. The follow notification goes with the follow (foreign key). */
  async unfollow(targetId: string, ctx: StatusesContext): Promise<Relationship> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const target = await this.existingAccount(targetId);
    if (target !== viewerId && (await this.data.unfollow(viewerId, target))) await this.invalidation.countersChanged({ accounts: [viewerId, target] });
    return (await this.relationshipsFor(viewerId, [target]))[0];
  }

  /**
   * Accepts the account's pending request to follow the viewer: the follow
   * starts with the options asked, and the viewer gets its follow
   * notification (the request's notification goes with the request). 404
   * when there is no such request.
   */
  async authorizeRequest(requesterId: string, ctx: StatusesContext): Promise<Relationship> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const requester = await this.existingAccount(requesterId);
    const { found, followId } = await this.data.authorize(requester, viewerId);
    if (!found) throw AppError.notFound();
    if (followId !== null) await this.followStarted(followId, requester, viewerId);
    return (await this.relationshipsFor(viewerId, [requester]))[0];
  }

  /** Declines the account's pending request to follow the viewer; 404 when there is none. */
  async rejectRequest(requesterId: string, ctx: StatusesContext): Promise<Relationship> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const requester = await this.existingAccount(requesterId);
    if (!(await this.data.reject(requester, viewerId))) throw AppError.notFound();
    return (await this.relationshipsFor(viewerId, [requester]))[0];
  }

  /**
   * Accepts every pending request to the account, oldest first, unless it is
   * locked again by now: what unlocking an account does (docs/api/follow-requests.md#unlocking).
   */
  async acceptAllRequests(accountId: bigint): Promise<void> {
    if (await this.data.isLocked(accountId)) return;
    for (const requester of await this.data.requesters(accountId)) {
      const { followId } = await this.data.authorize(requester, accountId);
      if (followId !== null) await this.followStarted(followId, requester, accountId);
    }
  }

  /** Makes the account stop following the viewer (the viewer's follower count drops); idempotent. 404 for an unknown account. */
  async removeFromFollowers(followerId: string, ctx: StatusesContext): Promise<Relationship> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const follower = await this.existingAccount(followerId);
    if (follower !== viewerId && (await this.data.unfollow(follower, viewerId))) await this.invalidation.countersChanged({ accounts: [viewerId, follower] });
    return (await this.relationshipsFor(viewerId, [follower]))[0];
  }

  /** Who asks to follow the viewer, newest request first; cursors are request ids. */
  async requests(args: PageArgs, ctx: StatusesContext): Promise<AccountPage> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const rows = await this.data.requests(viewerId, pageRequest(args, ACCOUNT_PAGE));
    return {
      items: await Promise.all(rows.map(async (row) => ({ id: row.accountId.toString(), ...(await ctx.accountStats.load(row.accountId.toString())) }))),
      ...cursors(rows.map((row) => row.followId)),
    };
  }

  /** The rows of requests() as a connection. */
  requestConnection(args: ConnectionRequest, ctx: StatusesContext): Promise<AccountConnection> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    return connection(args, accountRows((page) => this.data.requests(viewerId, page), (row) => row.followId, ctx));
  }

  private async followStarted(followId: bigint, follower: bigint, followed: bigint): Promise<void> {
    await this.invalidation.countersChanged({ accounts: [follower, followed] });
    await this.notifications.followed(followId, follower, followed);
  }

  /**
   * Sets the viewer's private note on an account (oneself included, as
   * Mastodon allows); a blank comment removes it. At most 2000 characters
   * (docs/api/accounts.md#private-notes). Answers the relationship.
   */
  async setNote(targetId: string, comment: string | null, ctx: StatusesContext): Promise<Relationship> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const target = await this.existingAccount(targetId);
    const text = comment ?? '';
    if (text.trim() === '') {
      await this.data.clearNote(viewerId, target);
    } else {
      if (codePointCount(text, NOTE_LIMIT) > NOTE_LIMIT) throw AppError.validation([`Comment is too long (maximum is ${NOTE_LIMIT} characters)`], undefined, ['input', 'comment']);
      await this.data.setNote(viewerId, target, text);
    }
    return (await this.relationshipsFor(viewerId, [target]))[0];
  }

  /** In the order asked, once each; unknown and suspended accounts are left out (one statement). */
  async relationships(ids: readonly string[], ctx: StatusesContext): Promise<Relationship[]> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    return this.relationshipsFor(viewerId, parsedIds(ids));
  }

  /**
   * For each account asked about, once each and in the order asked, those of
   * its followers the viewer follows; unknown and suspended accounts are left out.
   */
  async familiarFollowers(ids: readonly string[], ctx: StatusesContext): Promise<FamiliarFollowers[]> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const wanted = await this.existingOf(ids);
    const familiar = await this.data.familiarFollowers(viewerId, wanted);
    return Promise.all(
      wanted.map(async (id) => ({
        id: id.toString(),
        accounts: await Promise.all((familiar.get(id) ?? []).map(async (follower) => ({ id: follower.toString(), ...(await ctx.accountStats.load(follower.toString())) }))),
      })),
    );
  }

  async list(side: 'followers' | 'following', accountId: string, args: PageArgs, ctx: StatusesContext): Promise<AccountPage> {
    const account = await this.existingAccount(accountId);
    const page = pageRequest(args, ACCOUNT_PAGE);
    const rows = page.limit > 0 ? await this.data.list(side, account, page) : [];
    return {
      items: await Promise.all(rows.map(async (row) => ({ id: row.accountId.toString(), ...(await ctx.accountStats.load(row.accountId.toString())) }))),
      ...cursors(rows.map((row) => row.followId)),
    };
  }

  /** An existing account's followers or follows as a connection: the rows of list(), the cursors those of the follows. */
  listConnection(side: 'followers' | 'following', accountId: string, args: ConnectionRequest, ctx: StatusesContext): Promise<AccountConnection> {
    return connection(args, accountRows((page) => this.data.list(side, BigInt(accountId), page), (row) => row.followId, ctx));
  }

  /**
   * The signed-in viewer's relationship with one account, batched: the
   * accounts asked in one tick (a page of them) are looked up together, by
   * the request's loader. Null for an unknown or suspended account.
   */
  relationshipWith(accountId: string, ctx: StatusesContext): Promise<Relationship | null> {
    let loader = this.loaders.get(ctx);
    if (!loader) {
      const viewerId = BigInt(ctx.principal.accountId as string);
      loader = new DataLoader(async (ids: readonly string[]) => {
        const found = new Map((await this.relationshipsFor(viewerId, parsedIds(ids))).map((relationship) => [relationship.id, relationship]));
        return ids.map((id) => found.get(id) ?? null);
      });
      this.loaders.set(ctx, loader);
    }
    return loader.load(accountId);
  }

  /** The ids that name existing, unsuspended accounts, once each, in the order given. */
  async existingOf(ids: readonly string[]): Promise<bigint[]> {
    const wanted = [...new Set(ids.map(parseId).filter((id): id is bigint => id !== null))];
    const existing = await this.data.existingAccounts(wanted);
    return wanted.filter((id) => existing.has(id));
  }

  private async existingAccount(id: string): Promise<bigint> {
    const parsed = parseId(id);
    if (parsed === null || !(await this.data.existingAccounts([parsed])).has(parsed)) throw AppError.notFound();
    return parsed;
  }

  /** One statement, whatever the number of accounts (docs/data-access.md). */
  private async relationshipsFor(viewerId: bigint, ids: bigint[]): Promise<Relationship[]> {
    if (ids.length === 0) return [];
    return (await this.data.relationships(viewerId, ids)).map(toRelationship);
  }
}

/** The well-formed ids, once each, in the order given. */
function parsedIds(ids: readonly string[]): bigint[] {
  return [...new Set(ids.map(parseId).filter((id): id is bigint => id !== null))];
}

/** Accounts here are all local: no domain of theirs can be blocked. */
function toRelationship(row: RelationshipRow): Relationship {
  return { ...row, domainBlocking: false };
}
