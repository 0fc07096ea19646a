import type { CacheInvalidation } from '@social/cache';
import { AppError } from '@social/errors';
import { viewerAccountId, type StatusesContext } from '../context.js';
import type { StatusEvents } from '../events.js';
import { ACCOUNT_PAGE, STATUS_PAGE, cursors, pageRequest } from '../page/page.js';
import type { AccountPage, PageArgs, StatusPage } from '../page/page.type.js';
import type { StatusRecord } from '../status/status.data.js';
import type { StatusService } from '../status/status.service.js';
import type { NotificationRecorder } from '../notification/notification.recorder.js';
import type { FavouriteData } from './favourite.data.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { AccountConnection, StatusConnection } from '../page/connection.type.js';
import { accountRows, statusRows } from '../page/connection-sources.js';

/**
 * Favourites (Mastodon's FavouriteService and favourites controllers). An
 * action on a boost acts on the boosted status; the answer is the status
 * asked for, with fresh counts.
 */
export class FavouriteService {
  constructor(
    private readonly data: FavouriteData,
    private readonly statuses: StatusService,
    private readonly events: StatusEvents,
    private readonly notifications: NotificationRecorder,
    private readonly invalidation: CacheInvalidation,
  ) {}

  /** Idempotent: favouriting twice keeps one favourite and the count. */
  async favourite(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    const status = await this.statuses.view(id, ctx);
    const target = await this.statuses.original(status, ctx);
    const viewer = ctx.principal.accountId as string;
    const { found, createdId } = await this.data.favourite(BigInt(viewer), target.id);
    if (!found) throw AppError.notFound();
    if (createdId !== null) await this.invalidation.countersChanged({ statuses: [target.id] });
    const fresh = await this.statuses.reload(target.id, ctx);
    if (createdId !== null) {
      await this.notifications.favourited(createdId, fresh, BigInt(viewer));
      this.events.emit({ type: 'status.favourited', statusId: fresh.id.toString(), accountId: viewer, statusAccountId: fresh.accountId.toString() });
    }
    return status === target ? fresh : status;
  }

  /** 200 also when it was not favourited, as long as the status is visible. Its notification goes with it (foreign key). */
  async unfavourite(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    const status = await this.statuses.view(id, ctx);
    const target = await this.statuses.original(status, ctx);
    if (await this.data.unfavourite(BigInt(ctx.principal.accountId as string), target.id)) await this.invalidation.countersChanged({ statuses: [target.id] });
    const fresh = await this.statuses.reload(target.id, ctx);
    return status === target ? fresh : status;
  }

  /** Accounts that favourited a visible status; the cursors are favourite ids. */
  async favouritedBy(id: string, args: PageArgs, ctx: StatusesContext): Promise<AccountPage> {
    const status = await this.statuses.view(id, ctx);
    const page = pageRequest(args, ACCOUNT_PAGE);
    const rows = page.limit > 0 ? await this.data.favouritedBy(status.id, page, viewerAccountId(ctx)) : [];
    const items = await Promise.all(rows.map(async (row) => ({ id: row.accountId.toString(), ...(await ctx.accountStats.load(row.accountId.toString())) })));
    return { items, ...cursors(rows.map((row) => row.id)) };
  }

  /** The caller's favourites, newest favourite first; the cursors are favourite ids. */
  async favourites(args: PageArgs, ctx: StatusesContext): Promise<StatusPage> {
    const page = pageRequest(args, STATUS_PAGE);
    const rows = page.limit > 0 ? await this.data.favouritesOf(BigInt(ctx.principal.accountId as string), page) : [];
    const records = await this.statuses.loadInOrder(rows.map((row) => row.statusId), ctx);
    return this.statuses.toPage(records, rows.map((row) => row.id), ctx);
  }

  /** The caller's favourited statuses as a connection: the rows of favourites(), the cursors those of the favourites. */
  favouriteConnection(args: ConnectionRequest, ctx: StatusesContext): Promise<StatusConnection> {
    const viewer = BigInt(ctx.principal.accountId as string);
    return connection(args, statusRows((page) => this.data.favouritesOf(viewer, page), this.statuses, ctx));
  }

  /** Accounts that favourited a visible status, as a connection (the rows of favouritedBy()). */
  async favouritedByConnection(id: string, args: ConnectionRequest, ctx: StatusesContext): Promise<AccountConnection> {
    const status = await this.statuses.view(id, ctx);
    return connection(args, accountRows((page) => this.data.favouritedBy(status.id, page, viewerAccountId(ctx)), (row) => row.id, ctx));
  }
}
