import type { CacheInvalidation } from '@social/cache';
import { AppError } from '@social/errors';
import type { JobQueue } from '@social/jobs';
import type { StatusesContext } from '../context.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { AccountConnection } from '../page/connection.type.js';
import { accountRows } from '../page/connection-sources.js';
import { ACCOUNT_PAGE, cursors, pageRequest } from '../page/page.js';
import type { AccountPage, PageArgs } from '../page/page.type.js';
import type { RelationshipService } from '../relationship/relationship.service.js';
import type { Relationship } from '../relationship/relationship.type.js';
import { enqueueMuteExpiry } from './mute-expiry.job.js';
import type { SafetyData } from './safety.data.js';

/** Longest mute duration taken, in seconds (a year and a bit more than Mastodon's menus offer); past it is 422. */
const MAX_MUTE_SECONDS = 400 * 24 * 3600;

export interface MuteOptions {
  notifications: boolean | null;
  duration: number | null;
}

/**
 * Blocks and mutes (Mastodon's BlockService, UnblockService, MuteService,
 * UnmuteService and the blocks/mutes lists; docs/api/safety.md). Each
 * answers the relationship after the change; blocking or muting oneself
 * changes nothing, as in Mastodon.
 */
export class SafetyService {
  constructor(
    private readonly data: SafetyData,
    private readonly relationships: RelationshipService,
    private readonly jobs: JobQueue,
    /** A block removes follows: both accounts' counters show in cached answers. */
    private readonly invalidation: CacheInvalidation,
  ) {}

  async block(accountId: string, ctx: StatusesContext): Promise<Relationship> {
    const [viewer, target] = await this.pair(accountId, ctx);
    if (viewer !== target && (await this.data.block(viewer, target))) await this.invalidation.changed({ accounts: [viewer, target] });
    return this.relationship(accountId, ctx);
  }

  async unblock(accountId: string, ctx: StatusesContext): Promise<Relationship> {
    const [viewer, target] = await this.pair(accountId, ctx);
    await this.data.unblock(viewer, target);
    return this.relationship(accountId, ctx);
  }

  /** Muting again replaces the options (notifications default true, duration default forever). */
  async mute(accountId: string, options: MuteOptions, ctx: StatusesContext): Promise<Relationship> {
    const duration = options.duration ?? 0;
    if (!Number.isInteger(duration) || duration < 0 || duration > MAX_MUTE_SECONDS) {
      throw AppError.unprocessable(`Validation failed: Duration must be a whole number of seconds from 0 to ${MAX_MUTE_SECONDS}`, ['input', 'duration']);
    }
    const [viewer, target] = await this.pair(accountId, ctx);
    if (viewer !== target) {
      const expiresAt = duration > 0 ? new Date(Date.now() + duration * 1000) : null;
      const muteId = await this.data.mute(viewer, target, options.notifications ?? true, expiresAt);
      if (expiresAt) await enqueueMuteExpiry(this.jobs, muteId, expiresAt);
    }
    return this.relationship(accountId, ctx);
  }

  async unmute(accountId: string, ctx: StatusesContext): Promise<Relationship> {
    const [viewer, target] = await this.pair(accountId, ctx);
    await this.data.unmute(viewer, target);
    return this.relationship(accountId, ctx);
  }

  /** The viewer's blocks or (live) mutes, newest first; cursors are the rows' ids. */
  async list(kind: 'blocks' | 'mutes', args: PageArgs, ctx: StatusesContext): Promise<AccountPage> {
    const rows = await this.data.list(kind, viewerOf(ctx), pageRequest(args, ACCOUNT_PAGE));
    return {
      items: await Promise.all(rows.map(async (row) => ({ id: row.accountId.toString(), ...(await ctx.accountStats.load(row.accountId.toString())) }))),
      ...cursors(rows.map((row) => row.rowId)),
    };
  }

  /** The rows of list() as a connection. */
  listConnection(kind: 'blocks' | 'mutes', args: ConnectionRequest, ctx: StatusesContext): Promise<AccountConnection> {
    const viewer = viewerOf(ctx);
    return connection(args, accountRows((page) => this.data.list(kind, viewer, page), (row) => row.rowId, ctx));
  }

  /** The viewer and an existing account; Record not found for an unknown or suspended one. */
  private async pair(accountId: string, ctx: StatusesContext): Promise<[bigint, bigint]> {
    const [relationship] = await this.relationships.relationships([accountId], ctx);
    if (!relationship) throw AppError.notFound();
    return [viewerOf(ctx), BigInt(relationship.id)];
  }

  private async relationship(accountId: string, ctx: StatusesContext): Promise<Relationship> {
    const [relationship] = await this.relationships.relationships([accountId], ctx);
    if (!relationship) throw AppError.notFound();
    return relationship;
  }
}

const viewerOf = (ctx: StatusesContext): bigint => BigInt(ctx.principal.accountId as string);
