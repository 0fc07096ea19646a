import { hashtagQuery } from '@social/content';
import { parseId } from '@social/db';
import { AppError, orNullIfNotFound } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { ListService } from '../list/list.service.js';
import type { StatusRecord } from '../status/status.data.js';
import type { StatusService } from '../status/status.service.js';
import type { TimelineData } from '../timeline/timeline.data.js';
import type { FeedData } from './feed.data.js';
import { Feed, type StreamHomeMember } from './feed.type.js';

export interface FeedQuery {
  feed: Feed;
  local: boolean;
  onlyMedia: boolean;
  tag: string | null;
  listId: string | null;
}

/**
 * Whether one status belongs in a feed, decided by the very queries that
 * page the timelines, narrowed to that status's id: a streamed status and a
 * reloaded timeline can never disagree.
 */
export class FeedService {
  constructor(
    private readonly timelines: TimelineData,
    private readonly lists: ListService,
    private readonly statuses: StatusService,
    private readonly data: FeedData,
  ) {}

  /**
   * Of these accounts, those whose home feed holds the status (the home
   * timeline's rule, decided for all of them in one query), with the flags
   * streaming lays over one shared rendering of it.
   */
  async homeMembers(statusId: string, accountIds: readonly string[]): Promise<StreamHomeMember[]> {
    const id = parseId(statusId);
    if (id === null) return [];
    const viewers = [...new Set(accountIds.map(parseId).filter((viewer): viewer is bigint => viewer !== null))];
    const rows = await this.data.homeMembers(id, viewers);
    return rows.map((row) => ({ ...row, accountId: row.accountId.toString() }));
  }

  /** The status if it belongs in the feed for the caller, else null. */
  async status(id: string, query: FeedQuery, ctx: StatusesContext): Promise<StatusRecord | null> {
    const statusId = parseId(id);
    if (statusId === null || !(await this.includes(statusId, query, ctx))) return null;
    return orNullIfNotFound(this.statuses.view(id, ctx));
  }

  private async includes(statusId: bigint, query: FeedQuery, ctx: StatusesContext): Promise<boolean> {
    const only = { maxId: statusId + 1n, sinceId: statusId - 1n, minId: null, limit: 1 };
    const publicFilter = { local: query.local, remote: false, onlyMedia: query.onlyMedia };
    const viewer = ctx.principal.accountId ? BigInt(ctx.principal.accountId) : null;
    switch (query.feed) {
      case Feed.HOME:
        return (await this.timelines.home(BigInt(ctx.principal.accountId as string), only)).length > 0;
      case Feed.PUBLIC:
        return (await this.timelines.public(publicFilter, viewer, only)).length > 0;
      case Feed.HASHTAG: {
        if (!query.tag) throw AppError.badRequest('Missing tag name parameter');
        const tag = hashtagQuery(query.tag);
        return tag !== null && (await this.timelines.tag(tag, publicFilter, viewer, only)).length > 0;
      }
      case Feed.LIST:
        if (!query.listId) throw AppError.badRequest('Missing list name parameter');
        return this.lists.includes(query.listId, statusId, ctx);
      case Feed.DIRECT: {
        const record = await ctx.statuses.load(statusId.toString());
        const viewer = ctx.principal.accountId;
        return (
          record !== null &&
          record.visibility === 'direct' &&
          (record.accountId.toString() === viewer || record.mentions.some((mention) => mention.accountId.toString() === viewer))
        );
      }
    }
  }
}
