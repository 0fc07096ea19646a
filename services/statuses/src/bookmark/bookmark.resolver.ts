import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { PageArgs, StatusPage } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import { statusActionTypes, statusPayload, type StatusPayload } from '../status/status-action.payload.js';
import type { BookmarkService } from './bookmark.service.js';

const BookmarkStatus = statusActionTypes('BookmarkStatus', 'The status (a boost: the boosted status).', 'The status, bookmarked');
const UnbookmarkStatus = statusActionTypes('UnbookmarkStatus', 'The status.', 'The status, not bookmarked');

@Resolver()
export class BookmarkResolver {
  constructor(
    private readonly service: BookmarkService,
    private readonly statuses: StatusService,
  ) {}

  @Mutation(() => BookmarkStatus.Payload, { description: 'Bookmarks a visible status (a boost: the boosted status). Idempotent; bookmarks are private.' })
  @Access({ scopes: acceptedScopes('write:bookmarks'), user: true })
  bookmarkStatus(@Arg('input', () => BookmarkStatus.Input, { description: 'The status.' }) input: InstanceType<typeof BookmarkStatus.Input>, @Ctx() ctx: StatusesContext): Promise<StatusPayload> {
    return statusPayload(() => this.service.bookmark(input.statusId, ctx), this.statuses, ctx);
  }

  @Mutation(() => UnbookmarkStatus.Payload, { description: 'Removes the caller\'s bookmark; NOT_FOUND when the status was not bookmarked.' })
  @Access({ scopes: acceptedScopes('write:bookmarks'), user: true })
  unbookmarkStatus(@Arg('input', () => UnbookmarkStatus.Input, { description: 'The status.' }) input: InstanceType<typeof UnbookmarkStatus.Input>, @Ctx() ctx: StatusesContext): Promise<StatusPayload> {
    return statusPayload(() => this.service.unbookmark(input.statusId, ctx), this.statuses, ctx);
  }

  @Query(() => StatusPage, { description: 'The caller\'s bookmarked statuses, newest bookmark first; cursors are bookmark ids.', deprecationReason: 'Use me.bookmarks (a connection).' })
  @Access({ scopes: acceptedScopes('read:bookmarks'), user: true })
  async bookmarks(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<StatusPage> {
    return this.service.bookmarks(page, ctx);
  }
}
