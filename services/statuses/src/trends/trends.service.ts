import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import type { Status, StatusTag } from '../status/status.type.js';
import { AppError } from '@social/errors';
import { parseId } from '@social/db';
import type { RankPage, TrendingLinkRow, TrendReview, TrendReviewData, TrendsData } from './trends.data.js';
import type { TimelineData } from '../timeline/timeline.data.js';
import { STATUS_PAGE as TIMELINE_PAGE, pageRequest, type PageRequest } from '../page/page.js';
import type { PageArgs, StatusPage } from '../page/page.type.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { StatusConnection } from '../page/connection.type.js';
import type { AdminTrendingLink, AdminTrendingStatus, AdminTrendingTag, TrendArgs, TrendingLink } from './trends.type.js';

/** Page sizes of Mastodon's trends endpoints. */
const TAG_PAGE = { default: 10, max: 20 } as const;
const STATUS_PAGE = { default: 20, max: 40 } as const;
const LINK_PAGE = { default: 10, max: 20 } as const;
/** Days of history a trending link shows, as a hashtag's. */
const HISTORY_DAYS = 7;

/** The limit (default when absent, within 0..max) and the offset (at least 0). */
function rankPage(args: TrendArgs, size: { default: number; max: number }): RankPage {
  const limit = args.limit === null || args.limit === undefined ? size.default : Math.min(Math.max(args.limit, 0), size.max);
  return { limit, offset: Math.max(args.offset ?? 0, 0) };
}

/** Trending hashtags, statuses and links, computed on read from recent local activity (docs/api/trends.md). */
function linkOf({ card: { imageUrl, ...card }, days }: TrendingLinkRow): TrendingLink {
  return {
    card: { ...card, image: imageUrl },
    history: days.map((day) => ({ day: new Date(day.day * 1000), uses: day.uses, accounts: day.accounts })),
  };
}

function idOf(id: string): bigint {
  const parsed = parseId(id);
  if (parsed === null) throw AppError.notFound();
  return parsed;
}

/**
 * Trending hashtags, statuses and links, computed on read from recent local
 * activity (docs/api/trends.md), and their review by moderators
 * (docs/api/trends.md#review): the public lists leave out what a moderator
 * rejected, and, where reviews are required (trendable_by_default off), all
 * that no moderator approved; the moderators' lists show everything that scores.
 */
export class TrendsService {
  private readonly publicReview: TrendReview;

  constructor(
    private readonly data: TrendsData,
    private readonly statuses: StatusService,
    private readonly timelines: TimelineData,
    private readonly reviews: TrendReviewData,
    trendableByDefault = true,
  ) {
    this.publicReview = trendableByDefault ? 'open' : 'approved';
  }

  async tags(args: TrendArgs): Promise<StatusTag[]> {
    const rows = await this.data.tags(rankPage(args, TAG_PAGE), new Date(), this.publicReview);
    return rows.map((row) => this.statuses.tagOf(row.name));
  }

  /** As the caller sees them: a signed-in viewer's blocks and mutes are left out. */
  async statusList(args: TrendArgs, ctx: StatusesContext): Promise<Status[]> {
    const viewer = ctx.principal.accountId ? BigInt(ctx.principal.accountId) : null;
    const ids = await this.data.statuses(rankPage(args, STATUS_PAGE), viewer, new Date(), this.publicReview);
    return (await this.statuses.nodesOf(ids, ctx)).filter((status): status is Status => status !== null);
  }

  async links(args: TrendArgs): Promise<TrendingLink[]> {
    const rows = await this.data.links(rankPage(args, LINK_PAGE), HISTORY_DAYS, new Date(), this.publicReview);
    return rows.map(linkOf);
  }

  /**
   * The public statuses sharing a link that trends now (Mastodon's link
   * timeline, docs/api/timelines.md#link-timeline), newest first; NOT_FOUND
   * for a link that does not trend, or that the public list leaves out.
   */
  async linkTimeline(url: string, args: PageArgs, ctx: StatusesContext): Promise<StatusPage> {
    const rows = await this.linkRows(url, ctx);
    const ids = await rows(pageRequest(args, TIMELINE_PAGE));
    return this.statuses.toPage(await this.statuses.loadInOrder(ids, ctx), ids, ctx);
  }

  /** linkTimeline() as a connection: the same rows, Relay's arguments and cursors. */
  async linkConnection(url: string, args: ConnectionRequest, ctx: StatusesContext): Promise<StatusConnection> {
    const rows = await this.linkRows(url, ctx);
    return connection(args, { rows, cursorOf: (id) => id, nodesOf: (ids) => this.statuses.nodesOf(ids, ctx) });
  }

  private async linkRows(url: string, ctx: StatusesContext): Promise<(page: PageRequest) => Promise<bigint[]>> {
    const cardId = await this.data.trendingCardId(url, new Date(), this.publicReview);
    if (cardId === null) throw AppError.notFound();
    const viewer = ctx.principal.accountId ? BigInt(ctx.principal.accountId) : null;
    return (page) => this.timelines.link(cardId, viewer, page);
  }

  /** Whether an item may show publicly: approved, or not reviewed where no review is required. */
  private trendable(review: boolean | null): { trendable: boolean; requiresReview: boolean } {
    return { trendable: review ?? this.publicReview === 'open', requiresReview: review === null };
  }

  async adminTags(args: TrendArgs): Promise<AdminTrendingTag[]> {
    const rows = await this.data.tags(rankPage(args, TAG_PAGE), new Date(), 'all');
    return rows.map((row) => ({ id: row.id.toString(), tag: this.statuses.tagOf(row.name), ...this.trendable(row.trendable) }));
  }

  /** Every trending status, as the moderator sees it (their own blocks and mutes aside, as in the public list). */
  async adminStatuses(args: TrendArgs, ctx: StatusesContext): Promise<AdminTrendingStatus[]> {
    const viewer = ctx.principal.accountId ? BigInt(ctx.principal.accountId) : null;
    const ids = await this.data.statuses(rankPage(args, STATUS_PAGE), viewer, new Date(), 'all');
    return this.adminStatusesOf(ids, ctx);
  }

  async adminLinks(args: TrendArgs): Promise<AdminTrendingLink[]> {
    const rows = await this.data.links(rankPage(args, LINK_PAGE), HISTORY_DAYS, new Date(), 'all');
    return rows.map((row) => ({ id: row.id.toString(), link: linkOf(row), ...this.trendable(row.trendable) }));
  }

  async reviewTag(id: string, trendable: boolean, ctx: StatusesContext): Promise<AdminTrendingTag> {
    const tag = await this.reviews.reviewTag(idOf(id), { trendable, actorAccountId: BigInt(ctx.principal.accountId as string) });
    if (!tag) throw AppError.notFound();
    return { id: tag.id.toString(), tag: this.statuses.tagOf(tag.name), ...this.trendable(tag.trendable) };
  }

  async reviewStatus(id: string, trendable: boolean, ctx: StatusesContext): Promise<AdminTrendingStatus> {
    const statusId = idOf(id);
    if (!(await this.reviews.reviewStatus(statusId, { trendable, actorAccountId: BigInt(ctx.principal.accountId as string) }))) throw AppError.notFound();
    const [status] = await this.adminStatusesOf([statusId], ctx);
    if (!status) throw AppError.notFound();
    return status;
  }

  async reviewLink(id: string, trendable: boolean, ctx: StatusesContext): Promise<AdminTrendingLink> {
    const cardId = idOf(id);
    const reviews = this.reviews;
    if (!(await reviews.reviewLink(cardId, { trendable, actorAccountId: BigInt(ctx.principal.accountId as string) }))) throw AppError.notFound();
    const row = await reviews.link(cardId, HISTORY_DAYS);
    if (!row) throw AppError.notFound();
    return { id: row.id.toString(), link: linkOf(row), ...this.trendable(row.trendable) };
  }

  private async adminStatusesOf(ids: bigint[], ctx: StatusesContext): Promise<AdminTrendingStatus[]> {
    const [statuses, reviews] = await Promise.all([this.statuses.nodesOf(ids, ctx), this.reviews.statusReviews(ids)]);
    return statuses.flatMap((status, i) => (status ? [{ status, ...this.trendable(reviews.get(ids[i]) ?? null) }] : []));
  }
}
