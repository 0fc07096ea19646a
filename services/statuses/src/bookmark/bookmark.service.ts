import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import { STATUS_PAGE, pageRequest } from '../page/page.js';
import type { PageArgs, StatusPage } from '../page/page.type.js';
import type { StatusRecord } from '../status/status.data.js';
import type { StatusService } from '../status/status.service.js';
import type { BookmarkData } from './bookmark.data.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { StatusConnection } from '../page/connection.type.js';
import { statusRows } from '../page/connection-sources.js';

/** Bookmarks (Mastodon's bookmarks controllers). A boost's bookmark goes to the boosted status. */
export class BookmarkService {
  constructor(
    private readonly data: BookmarkData,
    private readonly statuses: StatusService,
  ) {}

  /** Idempotent. */
  async bookmark(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    const status = await this.statuses.view(id, ctx);
    const target = await this.statuses.original(status, ctx);
    if (!(await this.data.bookmark(BigInt(ctx.principal.accountId as string), target.id))) throw AppError.notFound();
    return status;
  }

  /** NOT_FOUND when the status was not bookmarked (docs/api/statuses.md#interactions), as when it is missing or hidden. */
  async unbookmark(id: string, ctx: StatusesContext): Promise<StatusRecord> {
    const status = await this.statuses.view(id, ctx);
    const target = await this.statuses.original(status, ctx);
    if (!(await this.data.unbookmark(BigInt(ctx.principal.accountId as string), target.id))) throw AppError.notFound();
    return status;
  }

  /** The caller's bookmarked statuses, newest bookmark first; the cursors are bookmark ids. */
  async bookmarks(args: PageArgs, ctx: StatusesContext): Promise<StatusPage> {
    const page = pageRequest(args, STATUS_PAGE);
    const rows = page.limit > 0 ? await this.data.bookmarksOf(BigInt(ctx.principal.accountId as string), page) : [];
    const records = await this.statuses.loadInOrder(rows.map((row) => row.statusId), ctx);
    return this.statuses.toPage(records, rows.map((row) => row.id), ctx);
  }

  /** The caller's bookmarked statuses as a connection: the rows of bookmarks(), the cursors those of the bookmarks. */
  bookmarkConnection(args: ConnectionRequest, ctx: StatusesContext): Promise<StatusConnection> {
    const viewer = BigInt(ctx.principal.accountId as string);
    return connection(args, statusRows((page) => this.data.bookmarksOf(viewer, page), this.statuses, ctx));
  }
}
