import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { PageArgs, StatusPage } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import type { BookmarkService } from './bookmark.service.js';

@Resolver()
export class BookmarkResolver {
  constructor(
    private readonly service: BookmarkService,
    private readonly statuses: StatusService,
  ) {}

  @Mutation(() => Status, { description: 'Bookmarks a visible status (a boost: the boosted status). Idempotent; bookmarks are private.' })
  @Access({ scopes: acceptedScopes('write:bookmarks'), user: true })
  async bookmarkStatus(@Arg('id', () => ID, { description: 'The status.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Status> {
    return this.statuses.toStatus(await this.service.bookmark(id, ctx), ctx);
  }

  @Mutation(() => Status, { description: 'Removes the caller\'s bookmark; NOT_FOUND when the status was not bookmarked.' })
  @Access({ scopes: acceptedScopes('write:bookmarks'), user: true })
  async unbookmarkStatus(@Arg('id', () => ID, { description: 'The status.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Status> {
    return this.statuses.toStatus(await this.service.unbookmark(id, ctx), ctx);
  }

  @Query(() => StatusPage, { description: 'The caller\'s bookmarked statuses, newest bookmark first; cursors are bookmark ids.', deprecationReason: 'Use me.bookmarks (a connection).' })
  @Access({ scopes: acceptedScopes('read:bookmarks'), user: true })
  async bookmarks(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<StatusPage> {
    return this.service.bookmarks(page, ctx);
  }
}
