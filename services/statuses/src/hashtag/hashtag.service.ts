import DataLoader from 'dataloader';
import { hashtagQuery, isHashtagName } from '@social/content';
import { parseId } from '@social/db';
import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import { pageRequest, type PageRequest } from '../page/page.js';
import type { StatusService } from '../status/status.service.js';
import type { StatusTag } from '../status/status.type.js';
import { emptyHistory, FEATURED_TAG_LIMIT, type FeaturedTagRow, type HashtagData, type TagDayRow, type TagFollowRow, type TagRow, type TagViewerFlags } from './hashtag.data.js';
import type { FeaturedTag, HashtagConnection, HashtagDay } from './hashtag.type.js';

/** Mastodon's followed_tags page: 100 by default, at most 200. */
const FOLLOWED_TAG_PAGE = { default: 100, max: 200 } as const;
/** Days of history a hashtag shows (Mastodon's Tag history). */
const HISTORY_DAYS = 7;

/** The per-request loaders of hashtags by lookup name, and of the viewer's follows and features by tag id. */
interface Loaders {
  rows: DataLoader<string, TagRow | null>;
  /** Histories of stored hashtags, by tag id: one statement for all the hashtags a response shows. */
  histories: DataLoader<bigint, HashtagDay[]>;
  /** The signed-in user's follow and feature of each, in one statement for both; null without a user. */
  viewerFlags: DataLoader<bigint, TagViewerFlags> | null;
}

/**
 * Hashtags as users follow and feature them (docs/api/hashtags.md). A
 * hashtag is the schema's StatusTag, by lookup name; what is stored about it
 * is read per request in batches, whoever asks (Status.tags, hashtag(name),
 * the followed list).
 */
export class HashtagService {
  private readonly loaders = new WeakMap<StatusesContext, Loaders>();

  constructor(
    private readonly data: HashtagData,
    private readonly statuses: StatusService,
    private readonly publicUrl: string,
  ) {}

  /**
   * The lookup name of a hashtag asked for by name. A name no hashtag can
   * have is Record not found (a hashtag addressed by name), or invalid when
   * the name is what is being written (featuring).
   */
  private lookupName(name: string, refusal: 'notFound' | 'invalid' = 'notFound'): { name: string; displayName: string } {
    const written = name.trim().replace(/^#/, '');
    const lookup = hashtagQuery(written);
    if (lookup === null || !isHashtagName(written)) {
      throw refusal === 'notFound' ? AppError.notFound() : AppError.validation([written === '' ? "Name can't be blank" : 'Name is invalid'], undefined, ['input', 'name']);
    }
    return { name: lookup, displayName: written };
  }

  /** The stored hashtag, null when no status carried it and nobody follows or features it. */
  row(tag: StatusTag, ctx: StatusesContext): Promise<TagRow | null> {
    return this.loadersOf(ctx).rows.load(tag.name);
  }

  async displayName(tag: StatusTag, ctx: StatusesContext): Promise<string> {
    return (await this.row(tag, ctx))?.displayName ?? tag.name;
  }

  async history(tag: StatusTag, ctx: StatusesContext): Promise<HashtagDay[]> {
    const row = await this.row(tag, ctx);
    // A hashtag never stored was never used: its days are read as those of no hashtag.
    return row === null ? daysOf(emptyHistory(HISTORY_DAYS, new Date())) : this.loadersOf(ctx).histories.load(row.id);
  }

  /** Whether the signed-in user follows it; null without one. */
  following(tag: StatusTag, ctx: StatusesContext): Promise<boolean | null> {
    return this.flag(tag, ctx, 'following');
  }

  /** Whether the signed-in user features it on their profile; null without one. */
  featuring(tag: StatusTag, ctx: StatusesContext): Promise<boolean | null> {
    return this.flag(tag, ctx, 'featuring');
  }

  async follow(name: string, ctx: StatusesContext): Promise<StatusTag> {
    const tag = await this.ensure(name, ctx);
    await this.data.follow(viewerOf(ctx), tag.id);
    return this.fresh(tag, ctx);
  }

  /** Answers the hashtag also when it was not followed. */
  async unfollow(name: string, ctx: StatusesContext): Promise<StatusTag> {
    const lookup = this.lookupName(name);
    const [tag] = await this.data.byNames([lookup.name]);
    if (tag) await this.data.unfollow(viewerOf(ctx), tag.id);
    return this.fresh(tag ?? null, ctx, lookup.name);
  }

  /** The user's followed hashtags as a REST page; cursors are follow ids. */
  async followedPage(args: { maxId?: string | null; sinceId?: string | null; minId?: string | null; limit?: number | null }, ctx: StatusesContext) {
    const rows = await this.data.follows(viewerOf(ctx), pageRequest(args, FOLLOWED_TAG_PAGE));
    return {
      items: this.known(rows, ctx),
      nextMaxId: rows.length > 0 ? rows[rows.length - 1].followId.toString() : null,
      prevMinId: rows.length > 0 ? rows[0].followId.toString() : null,
    };
  }

  /** The user's followed hashtags, newest follow first, as a connection. */
  followedConnection(args: ConnectionRequest, ctx: StatusesContext): Promise<HashtagConnection> {
    const viewer = viewerOf(ctx);
    return connection(args, {
      rows: (page: PageRequest) => this.data.follows(viewer, page),
      cursorOf: (row: TagFollowRow) => row.followId,
      nodesOf: async (rows: TagFollowRow[]) => this.known(rows, ctx),
    });
  }

  /** Features the hashtag (idempotent): INVALID past the limit. */
  async feature(name: string, ctx: StatusesContext): Promise<{ hashtag: StatusTag; featuredTag: FeaturedTag }> {
    const viewer = viewerOf(ctx);
    const tag = await this.ensure(name, ctx, 'invalid');
    const id = await this.data.feature(viewer, tag.id);
    if (id === null) throw AppError.validation(['You have already featured the maximum number of hashtags'], undefined, ['input', 'name']);
    const featured = await this.data.featuredById(viewer, id);
    if (!featured) throw AppError.notFound();
    return { hashtag: this.fresh(tag, ctx), featuredTag: await this.featuredTagOf(featured, ctx) };
  }

  /** Answers the hashtag also when it was not featured. */
  async unfeature(name: string, ctx: StatusesContext): Promise<StatusTag> {
    const lookup = this.lookupName(name);
    const [tag] = await this.data.byNames([lookup.name]);
    if (tag) await this.data.unfeatureTag(viewerOf(ctx), tag.id);
    return this.fresh(tag ?? null, ctx, lookup.name);
  }

  /** Removes one of the user's featured tags by its id; Record not found for anyone else's. */
  async removeFeatured(featuredTagId: string, ctx: StatusesContext): Promise<void> {
    const id = parseId(featuredTagId);
    if (id === null || !(await this.data.unfeatureById(viewerOf(ctx), id))) throw AppError.notFound();
  }

  /** An account's featured tags, oldest first; Record not found for an unknown account. */
  async featuredOf(accountId: string, ctx: StatusesContext): Promise<FeaturedTag[]> {
    const id = parseId(accountId);
    if (id === null || (await ctx.usernames.load(accountId)) === null) throw AppError.notFound();
    const rows = await this.data.featuredOf(id);
    return Promise.all(rows.map((row) => this.featuredTagOf(row, ctx)));
  }

  /** The user's most used recent hashtags not featured yet (up to 10). */
  async suggestions(ctx: StatusesContext): Promise<StatusTag[]> {
    return this.known(await this.data.suggestions(viewerOf(ctx), FEATURED_TAG_LIMIT), ctx);
  }

  private async featuredTagOf(row: FeaturedTagRow, ctx: StatusesContext): Promise<FeaturedTag> {
    const username = (await ctx.usernames.load(row.accountId.toString())) ?? '';
    return {
      id: row.featuredId.toString(),
      name: row.displayName,
      url: `${this.publicUrl}/@${username}/tagged/${encodeURIComponent(row.name)}`,
      statusesCount: row.statusesCount,
      lastStatusAt: row.lastStatusAt,
      hashtag: this.statuses.tagOf(row.name),
    };
  }

  private async ensure(name: string, ctx: StatusesContext, refusal: 'notFound' | 'invalid' = 'notFound'): Promise<TagRow> {
    const lookup = this.lookupName(name, refusal);
    const tag = await this.data.ensure(lookup.name, lookup.displayName);
    this.loadersOf(ctx).rows.prime(tag.name, tag);
    return tag;
  }

  /** The hashtag after a write: its flags read again. */
  private fresh(tag: TagRow | null, ctx: StatusesContext, name = tag?.name ?? ''): StatusTag {
    const loaders = this.loadersOf(ctx);
    if (tag) {
      loaders.viewerFlags?.clear(tag.id);
    }
    return this.statuses.tagOf(name);
  }

  /** Hashtags whose rows were just read (a search, a page of follows): their rows are not read again for this request. */
  known(rows: TagRow[], ctx: StatusesContext): StatusTag[] {
    const loaders = this.loadersOf(ctx);
    for (const row of rows) loaders.rows.prime(row.name, { id: row.id, name: row.name, displayName: row.displayName });
    return rows.map((row) => this.statuses.tagOf(row.name));
  }

  private async flag(tag: StatusTag, ctx: StatusesContext, which: 'following' | 'featuring'): Promise<boolean | null> {
    const loader = this.loadersOf(ctx).viewerFlags;
    if (loader === null) return null;
    const row = await this.row(tag, ctx);
    return row === null ? false : (await loader.load(row.id))[which];
  }

  private loadersOf(ctx: StatusesContext): Loaders {
    let loaders = this.loaders.get(ctx);
    if (!loaders) {
      const rows = new DataLoader(async (names: readonly string[]) => {
        const found = new Map((await this.data.byNames(names)).map((row) => [row.name, row]));
        return names.map((name) => found.get(name) ?? null);
      });
      const viewer = ctx.principal.kind === 'user' && ctx.principal.accountId ? BigInt(ctx.principal.accountId) : null;
      const viewerFlags =
        viewer === null
          ? null
          : new DataLoader(async (ids: readonly bigint[]) => {
              const found = await this.data.viewerFlags(viewer, ids);
              return ids.map((id) => found.get(id) ?? NO_FLAGS);
            }, { cacheKeyFn: (id) => id.toString() });
      const histories = new DataLoader(async (ids: readonly bigint[]) => {
        const found = await this.data.histories(ids, HISTORY_DAYS, new Date());
        return ids.map((id) => daysOf(found.get(id) ?? []));
      }, { cacheKeyFn: (id) => id.toString() });
      loaders = { rows, histories, viewerFlags };
      this.loaders.set(ctx, loaders);
    }
    return loaders;
  }
}

const NO_FLAGS: TagViewerFlags = { following: false, featuring: false };

function daysOf(rows: TagDayRow[]): HashtagDay[] {
  return rows.map((day) => ({ day: new Date(day.day * 1000), uses: day.uses, accounts: day.accounts }));
}

function viewerOf(ctx: StatusesContext): bigint {
  return BigInt(ctx.principal.accountId as string);
}
