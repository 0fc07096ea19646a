import DataLoader from 'dataloader';
import type { CacheInvalidation } from '@social/cache';
import { AppError } from '@social/errors';
import { codePointCount } from '@social/content';
import { parseId } from '@social/db';
import type { StatusesContext } from '../context.js';
import type { NotificationRecorder } from '../notification/notification.recorder.js';
import type { FollowRecord, RelationshipData } from './relationship.data.js';
import { ACCOUNT_PAGE, cursors, pageRequest } from '../page/page.js';
import type { AccountPage, PageArgs } from '../page/page.type.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { AccountConnection } from '../page/connection.type.js';
import { accountRows } from '../page/connection-sources.js';
import type { FamiliarFollowers, FollowAccountInput, Relationship } from './relationship.type.js';
import type { SafetyData, SafetyFlags } from '../block/safety.data.js';

/** The longest private note, in code points (docs/limits.md). */
const NOTE_LIMIT = 2000;

/**
 * Follow, unfollow, relationships and follow lists (Mastodon's FollowService,
 * UnfollowService, AccountRelationshipsPresenter and follower/following
 * controllers). Accounts cannot be locked yet, so a follow never waits for
 * approval. A block either way refuses a follow (docs/api/safety.md#blocks).
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
    const followId = await this.data.follow(viewerId, target, { reblogs: input?.reblogs ?? null, notify: input?.notify ?? null });
    if (followId !== null) {
      await this.invalidation.changed({ accounts: [viewerId, target] });
      await this.notifications.followed(followId, viewerId, target);
    }
    return (await this.relationshipsFor(viewerId, [target]))[0];
  }

  /** Answers the relationship also when there was no follow. The follow notification goes with the follow (foreign key). */
  async unfollow(targetId: string, ctx: StatusesContext): Promise<Relationship> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    const target = await this.existingAccount(targetId);
    if (target !== viewerId && (await this.data.unfollow(viewerId, target))) await this.invalidation.changed({ accounts: [viewerId, target] });
    return (await this.relationshipsFor(viewerId, [target]))[0];
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

  /** In the order asked, once each; unknown and suspended accounts are left out. */
  async relationships(ids: readonly string[], ctx: StatusesContext): Promise<Relationship[]> {
    const viewerId = BigInt(ctx.principal.accountId as string);
    return this.relationshipsFor(viewerId, await this.existingOf(ids));
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
        const found = new Map((await this.relationshipsFor(viewerId, await this.existingOf(ids))).map((relationship) => [relationship.id, relationship]));
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

  private async relationshipsFor(viewerId: bigint, ids: bigint[]): Promise<Relationship[]> {
    if (ids.length === 0) return [];
    const [{ following, followedBy }, safety, notes, endorsed] = await Promise.all([
      this.data.between(viewerId, ids),
      this.safety.flags(viewerId, ids),
      this.data.notesOn(viewerId, ids),
      this.data.endorsedOf(viewerId, ids),
    ]);
    const follows = new Map(following.map((follow) => [follow.targetAccountId, follow]));
    return ids.map((id) => ({ ...toRelationship(id, follows.get(id) ?? null, followedBy.has(id), safety.get(id) ?? null), note: notes.get(id) ?? '', endorsed: endorsed.has(id) }));
  }
}

function toRelationship(id: bigint, follow: FollowRecord | null, followedBy: boolean, safety: SafetyFlags | null): Relationship {
  return {
    id: id.toString(),
    following: follow !== null,
    showingReblogs: follow?.showReblogs ?? false,
    notifying: follow?.notify ?? false,
    languages: null,
    followedBy,
    blocking: safety?.blocking ?? false,
    blockedBy: safety?.blockedBy ?? false,
    muting: safety?.muting ?? false,
    mutingNotifications: safety?.mutingNotifications ?? false,
    mutingExpiresAt: safety?.muteExpiresAt ?? null,
    requested: false,
    requestedBy: false,
    domainBlocking: false,
    endorsed: false,
    note: '',
  };
}
