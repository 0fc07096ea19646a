import { hashtagQuery } from '@social/content';
import { parseId } from '@social/db';
import { AppError } from '@social/errors';
import { isSearchUrl, type SearchRequest } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import type { Status, StatusTag } from '../status/status.type.js';
import { canView } from '../status/visibility.js';
import type { HashtagService } from '../hashtag/hashtag.service.js';
import type { SearchData } from './search.data.js';

/** A status's URL or URI on this server: `/@user/<id>` or `/users/user/statuses/<id>`. */
const STATUS_PATH = /^\/(?:@[^/]+|users\/[^/]+\/statuses)\/(\d{1,19})\/?$/;

/**
 * The statuses and hashtags of a search (docs/api/search.md); identity
 * answers its accounts. Statuses need a user; a URL finds only what it names
 * on this server, and only with `resolve`.
 */
export class SearchService {
  private readonly host: string;

  constructor(
    private readonly data: SearchData,
    private readonly statusService: StatusService,
    private readonly hashtagService: HashtagService,
    publicUrl: string,
  ) {
    this.host = new URL(publicUrl).host.toLowerCase();
  }

  async statuses(request: SearchRequest, ctx: StatusesContext): Promise<Status[]> {
    const viewer = ctx.principal.accountId;
    if (!viewer || !request.q || request.limit < 1 || (request.type !== null && request.type !== 'statuses')) return [];
    if (isSearchUrl(request.q)) return request.resolve && request.offset === 0 ? this.byUrl(request.q, ctx) : [];
    const accountId = request.accountId === null ? null : parseId(request.accountId);
    if (request.accountId !== null && accountId === null) throw AppError.notFound();
    const ids = await this.data.statuses({
      words: request.q,
      viewerId: BigInt(viewer),
      accountId,
      maxId: request.maxId === null ? null : parseId(request.maxId),
      minId: request.minId === null ? null : parseId(request.minId),
      limit: request.limit,
      offset: request.offset,
    });
    const records = await this.statusService.loadInOrder(ids, ctx);
    const visible = await Promise.all(records.map((record) => canView(record, ctx.principal, ctx)));
    return Promise.all(records.filter((_, i) => visible[i]).map((record) => this.statusService.toStatus(record, ctx)));
  }

  async hashtags(request: SearchRequest, ctx: StatusesContext): Promise<StatusTag[]> {
    if (!request.q || request.limit < 1 || isSearchUrl(request.q)) return [];
    if (request.type === null ? request.q.includes('@') : request.type !== 'hashtags') return [];
    const prefix = hashtagQuery(request.q);
    if (!prefix) return [];
    // The rows come with the search: the answer's hashtags need no second read of them.
    return this.hashtagService.known(await this.data.hashtags(prefix, request.limit, request.offset, request.excludeUnreviewed), ctx);
  }

  private async byUrl(q: string, ctx: StatusesContext): Promise<Status[]> {
    let url: URL;
    try {
      url = new URL(q);
    } catch {
      return [];
    }
    const id = url.host.toLowerCase() === this.host ? STATUS_PATH.exec(url.pathname)?.[1] : undefined;
    const record = id ? await ctx.statuses.load(id) : null;
    if (!record || record.reblogOfId || !(await canView(record, ctx.principal, ctx))) return [];
    return [await this.statusService.toStatus(record, ctx)];
  }
}
