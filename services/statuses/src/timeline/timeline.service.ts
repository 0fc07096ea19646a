import { hashtagQuery } from '@social/content';
import { parseId } from '@social/db';
import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { StatusConnection } from '../page/connection.type.js';
import { STATUS_PAGE, pageRequest, type PageRequest } from '../page/page.js';
import type { PageArgs, StatusPage } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import type { AccountFilter, PublicFilter, TimelineData } from './timeline.data.js';

/** The signed-in viewer, whose blocks and mutes a public timeline leaves out; null when anonymous. */
const viewerOf = (ctx: StatusesContext): bigint | null => (ctx.principal.accountId ? BigInt(ctx.principal.accountId) : null);

/** The filter with `tagged` in its lookup form; null for a hashtag no status can carry (nothing is tagged with it). */
function lookupFilter(filter: AccountFilter): AccountFilter | null {
  if (!filter.tagged) return { ...filter, tagged: null };
  const tagged = hashtagQuery(filter.tagged);
  return tagged === null ? null : { ...filter, tagged };
}

/** Timelines: which statuses, in which order, for whom (visibility is decided in the data queries). */
export class TimelineService {
  constructor(
    private readonly data: TimelineData,
    private readonly statuses: StatusService,
  ) {}

  async home(args: PageArgs, ctx: StatusesContext): Promise<StatusPage> {
    return this.page(await this.data.home(BigInt(ctx.principal.accountId as string), pageRequest(args, STATUS_PAGE)), ctx);
  }

  async public(filter: PublicFilter, args: PageArgs, ctx: StatusesContext): Promise<StatusPage> {
    return this.page(await this.data.public(filter, viewerOf(ctx), pageRequest(args, STATUS_PAGE)), ctx);
  }

  /** An unknown hashtag is an empty timeline, as in Mastodon. */
  async tag(hashtag: string, filter: PublicFilter, args: PageArgs, ctx: StatusesContext): Promise<StatusPage> {
    const name = hashtagQuery(hashtag);
    if (name === null) return this.page([], ctx);
    return this.page(await this.data.tag(name, filter, viewerOf(ctx), pageRequest(args, STATUS_PAGE)), ctx);
  }

  /** NOT_FOUND for an account that does not exist. */
  async account(accountId: string, filter: AccountFilter, args: PageArgs, ctx: StatusesContext): Promise<StatusPage> {
    const id = parseId(accountId);
    if (!id || (await ctx.usernames.load(accountId)) === null) throw AppError.notFound();
    const viewer = ctx.principal.accountId ? BigInt(ctx.principal.accountId) : null;
    const lookup = lookupFilter(filter);
    return this.page(lookup ? await this.data.account(id, viewer, lookup, pageRequest(args, STATUS_PAGE)) : [], ctx);
  }

  /** The home timeline as a connection: the same rows as home(), Relay's arguments and cursors. */
  async homeConnection(args: ConnectionRequest, ctx: StatusesContext): Promise<StatusConnection> {
    const viewer = BigInt(ctx.principal.accountId as string);
    return this.connection((page) => this.data.home(viewer, page), args, ctx);
  }

  /** An account's statuses the caller may see, boosts and replies included unless filtered out, as a connection: the rows of account(). */
  async accountConnection(accountId: string, filter: AccountFilter, args: ConnectionRequest, ctx: StatusesContext): Promise<StatusConnection> {
    const viewer = ctx.principal.accountId ? BigInt(ctx.principal.accountId) : null;
    const lookup = lookupFilter(filter);
    return this.connection(async (page) => (lookup ? this.data.account(BigInt(accountId), viewer, lookup, page) : []), args, ctx);
  }

  /** The public timeline as a connection: the rows of public(). */
  publicConnection(filter: PublicFilter, args: ConnectionRequest, ctx: StatusesContext): Promise<StatusConnection> {
    return this.connection((page) => this.data.public(filter, viewerOf(ctx), page), args, ctx);
  }

  /** A hashtag's timeline as a connection: the rows of tag(), for a name already in lookup form. */
  tagConnection(name: string, filter: PublicFilter, args: ConnectionRequest, ctx: StatusesContext): Promise<StatusConnection> {
    return this.connection((page) => this.data.tag(name, filter, viewerOf(ctx), page), args, ctx);
  }

  private connection(rows: (page: PageRequest) => Promise<bigint[]>, args: ConnectionRequest, ctx: StatusesContext): Promise<StatusConnection> {
    return connection(args, { rows, cursorOf: (id) => id, nodesOf: (ids) => this.statuses.nodesOf(ids, ctx) });
  }

  private async page(ids: bigint[], ctx: StatusesContext): Promise<StatusPage> {
    return this.statuses.toPage(await this.statuses.loadInOrder(ids, ctx), ids, ctx);
  }
}
