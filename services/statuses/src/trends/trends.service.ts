import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import type { Status, StatusTag } from '../status/status.type.js';
import type { RankPage, TrendsData } from './trends.data.js';
import type { TrendArgs, TrendingLink } from './trends.type.js';

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
export class TrendsService {
  constructor(
    private readonly data: TrendsData,
    private readonly statuses: StatusService,
  ) {}

  async tags(args: TrendArgs): Promise<StatusTag[]> {
    const rows = await this.data.tags(rankPage(args, TAG_PAGE));
    return rows.map((row) => this.statuses.tagOf(row.name));
  }

  /** As the caller sees them: a signed-in viewer's blocks and mutes are left out. */
  async statusList(args: TrendArgs, ctx: StatusesContext): Promise<Status[]> {
    const viewer = ctx.principal.accountId ? BigInt(ctx.principal.accountId) : null;
    const ids = await this.data.statuses(rankPage(args, STATUS_PAGE), viewer);
    return (await this.statuses.nodesOf(ids, ctx)).filter((status): status is Status => status !== null);
  }

  async links(args: TrendArgs): Promise<TrendingLink[]> {
    const rows = await this.data.links(rankPage(args, LINK_PAGE), HISTORY_DAYS);
    return rows.map(({ card: { imageUrl, ...card }, days }) => ({
      card: { ...card, image: imageUrl },
      history: days.map((day) => ({ day: new Date(day.day * 1000), uses: day.uses, accounts: day.accounts })),
    }));
  }
}
