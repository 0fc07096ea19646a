import type { CacheInvalidation } from '@social/cache';
import { parseId } from '@social/db';
import { AppError } from '@social/errors';
import { viewerAccountId, type StatusesContext } from '../context.js';
import { statusCreated, type StatusEvents } from '../events.js';
import { ACCOUNT_PAGE, cursors, pageRequest } from '../page/page.js';
import type { AccountPage, PageArgs } from '../page/page.type.js';
import type { StatusRecord } from '../status/status.data.js';
import type { StatusService } from '../status/status.service.js';
import { StatusVisibility } from '../status/status.type.js';
import type { NotificationRecorder } from '../notification/notification.recorder.js';
import type { ReblogData } from './reblog.data.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { AccountConnection } from '../page/connection.type.js';
import { accountRows } from '../page/connection-sources.js';

/** Boosts (Mastodon's ReblogService, StatusPolicy#reblog? and the reblogs controller). */
export class ReblogService {
  constructor(
    private readonly data: ReblogData,
    private readonly statuses: StatusService,
    private readonly events: StatusEvents,
    private readonly notifications: NotificationRecorder,
    private readonly invalidation: CacheInvalidation,
  ) {}

  /**
   * Boosts a visible status (a boost: the status it boosts) and returns the
   * boost. Idempotent: a second boost returns the first. Private statuses
   * only by their author, direct ones never (403); a private original keeps
   * its visibility; `direct` is refused as a boost's visibility (422).
   */
  async reblog(id: string, visibility: StatusVisibility | null, ctx: StatusesContext): Promise<StatusRecord> {
    const original = await this.statuses.original(await this.statuses.view(id, ctx), ctx);
    const viewer = ctx.principal.accountId as string;
    const ownPrivate = original.visibility === 'private' && original.accountId.toString() === viewer;
    if (original.visibility === 'direct' || (original.visibility === 'private' && !ownPrivate)) {
      throw AppError.notAllowed();
    }
    const hidden = original.visibility === 'private';
    if (!hidden && visibility === StatusVisibility.DIRECT) throw AppError.validation(['Visibility is reserved']);
    const result = await this.data.reblog({
      accountId: BigInt(viewer),
      originalId: original.id,
      visibility: hidden ? 'private' : (visibility ?? StatusVisibility.PUBLIC),
    });
    if (!result.found || !result.boostId) throw AppError.notFound();
    // The original's reblogs_count and the booster's statuses_count.
    if (result.created) await this.invalidation.countersChanged({ statuses: [original.id], accounts: [viewer] });
    // The original is re-read too: the boost's reblog field shows its new count.
    const [boost] = await Promise.all([this.statuses.reload(result.boostId, ctx), this.statuses.reload(original.id, ctx)]);
    if (result.created) {
      this.events.emit(statusCreated(boost));
      await this.notifications.reblogged(boost, original);
    }
    return boost;
  }

  /** Removes the caller's boost of the status and returns the status; 404 when there is no boost. */
  async unreblog(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    // The boost decides, not visibility: a boost can be undone even if the original became hidden.
    const original = parseId(id) ? await ctx.statuses.load(id) : null;
    const viewer = ctx.principal.accountId as string;
    const boostId = original ? await this.data.unreblog(BigInt(viewer), original.id) : null;
    if (!original || !boostId) throw AppError.notFound();
    await this.invalidation.countersChanged({ statuses: [original.id, boostId], accounts: [viewer] });
    this.events.emit({ type: 'status.deleted', statusId: boostId.toString(), accountId: viewer, reblogOfId: original.id.toString() });
    return this.statuses.reload(original.id, ctx);
  }

  /** Accounts that boosted a visible status publicly, newest first; the cursors are boost ids. */
  async rebloggedBy(id: string, args: PageArgs, ctx: StatusesContext): Promise<AccountPage> {
    const status = await this.statuses.view(id, ctx);
    const page = pageRequest(args, ACCOUNT_PAGE);
    const rows = page.limit > 0 ? await this.data.rebloggedBy(status.id, page, viewerAccountId(ctx)) : [];
    const items = await Promise.all(rows.map(async (row) => ({ id: row.accountId.toString(), ...(await ctx.accountStats.load(row.accountId.toString())) })));
    return { items, ...cursors(rows.map((row) => row.id)) };
  }

  /** Accounts that boosted a visible status publicly, as a connection (the rows of rebloggedBy()). */
  async rebloggedByConnection(id: string, args: ConnectionRequest, ctx: StatusesContext): Promise<AccountConnection> {
    const status = await this.statuses.view(id, ctx);
    return connection(args, accountRows((page) => this.data.rebloggedBy(status.id, page, viewerAccountId(ctx)), (row) => row.id, ctx));
  }
}
