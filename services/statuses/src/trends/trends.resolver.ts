import { Arg, Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { acceptedScopes, AdminAccess, OptionalAccess, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { Status, StatusTag } from '../status/status.type.js';
import { PageArgs, StatusPage } from '../page/page.type.js';
import { ConnectionArgs, StatusConnection } from '../page/connection.type.js';
import type { TrendsService } from './trends.service.js';
import {
  AdminTrendingLink, AdminTrendingStatus, AdminTrendingTag, ApproveTrendingLink, ApproveTrendingStatus, ApproveTrendingTag, RejectTrendingLink, RejectTrendingStatus,
  RejectTrendingTag, TrendArgs, TrendingLink,
} from './trends.type.js';

/** Mastodon's trends review takes admin:read / admin:write (no granular scope) and a role with manage_taxonomies. */
const REVIEW_READ = ['admin:read'];
const REVIEW_WRITE = ['admin:write'];

/** What is trending on this server (docs/api/trends.md): ranked lists paged by offset, as search's are. */
@Resolver()
export class TrendsResolver {
  constructor(private readonly service: TrendsService) {}

  @Query(() => [StatusTag], {
    description: 'Hashtags used lately by at least 2 accounts, highest score first (GET /api/v1/trends/tags); limit default 10, at most 20. Public.',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  trendingTags(@Args(() => TrendArgs) args: TrendArgs): Promise<StatusTag[]> {
    return this.service.tags(args);
  }

  @Query(() => [Status], {
    description:
      'Public statuses of the last 2 days favourited or boosted by at least 2 accounts, by discoverable authors, highest score first, ' +
      "the caller's blocks and mutes left out (GET /api/v1/trends/statuses); limit default 20, at most 40. Public.",
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  trendingStatuses(@Args(() => TrendArgs) args: TrendArgs, @Ctx() ctx: StatusesContext): Promise<Status[]> {
    return this.service.statusList(args, ctx);
  }

  @Query(() => [TrendingLink], {
    description: 'Links shared lately by at least 2 accounts, highest score first, with their history (GET /api/v1/trends/links); limit default 10, at most 20. Public.',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  trendingLinks(@Args(() => TrendArgs) args: TrendArgs): Promise<TrendingLink[]> {
    return this.service.links(args);
  }

  @Query(() => StatusConnection, {
    description:
      'Public statuses sharing a link that trends now, by discoverable authors, newest first, the caller\'s blocks and mutes left out ' +
      '(GET /api/v1/timelines/link); NOT_FOUND for a link that does not trend. Public.',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  linkStatuses(
    @Arg('url', () => String, { description: "The link, exactly as its preview card's `url`." }) url: string,
    @Args(() => ConnectionArgs) args: ConnectionArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<StatusConnection> {
    return this.service.linkConnection(url, args, ctx);
  }

  @Query(() => StatusPage, {
    description: 'The statuses of `linkStatuses` as a page (GET /api/v1/timelines/link); NOT_FOUND for a link that does not trend. Public.',
    deprecationReason: 'Use linkStatuses (a connection).',
  })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  linkTimeline(
    @Arg('url', () => String, { description: "The link, exactly as its preview card's `url`." }) url: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<StatusPage> {
    return this.service.linkTimeline(url, page, ctx);
  }

  @Query(() => [AdminTrendingTag], {
    description: 'Every hashtag that scores, reviewed or not, with its review (GET /api/v1/admin/trends/tags). Needs admin:read and manage_taxonomies.',
  })
  @AdminAccess(REVIEW_READ, 'manage_taxonomies')
  adminTrendingTags(@Args(() => TrendArgs) args: TrendArgs): Promise<AdminTrendingTag[]> {
    return this.service.adminTags(args);
  }

  @Query(() => [AdminTrendingStatus], {
    description: 'Every status that scores, reviewed or not, with its review (GET /api/v1/admin/trends/statuses). Needs admin:read and manage_taxonomies.',
  })
  @AdminAccess(REVIEW_READ, 'manage_taxonomies')
  adminTrendingStatuses(@Args(() => TrendArgs) args: TrendArgs, @Ctx() ctx: StatusesContext): Promise<AdminTrendingStatus[]> {
    return this.service.adminStatuses(args, ctx);
  }

  @Query(() => [AdminTrendingLink], {
    description: 'Every link that scores, reviewed or not, with its review (GET /api/v1/admin/trends/links). Needs admin:read and manage_taxonomies.',
  })
  @AdminAccess(REVIEW_READ, 'manage_taxonomies')
  adminTrendingLinks(@Args(() => TrendArgs) args: TrendArgs): Promise<AdminTrendingLink[]> {
    return this.service.adminLinks(args);
  }

  @Mutation(() => ApproveTrendingTag.Payload, { description: 'Lets a hashtag trend (POST /api/v1/admin/trends/tags/:id/approve). Logged in the audit log.' })
  @AdminAccess(REVIEW_WRITE, 'manage_taxonomies')
  approveTrendingTag(@Arg('input', () => ApproveTrendingTag.Input, { description: 'The hashtag.' }) input: { tagId: string }, @Ctx() ctx: StatusesContext) {
    return payload(async () => ({ trendingTag: await this.service.reviewTag(input.tagId, true, ctx) }), { trendingTag: null });
  }

  @Mutation(() => RejectTrendingTag.Payload, { description: 'Keeps a hashtag out of public trends (POST /api/v1/admin/trends/tags/:id/reject). Logged in the audit log.' })
  @AdminAccess(REVIEW_WRITE, 'manage_taxonomies')
  rejectTrendingTag(@Arg('input', () => RejectTrendingTag.Input, { description: 'The hashtag.' }) input: { tagId: string }, @Ctx() ctx: StatusesContext) {
    return payload(async () => ({ trendingTag: await this.service.reviewTag(input.tagId, false, ctx) }), { trendingTag: null });
  }

  @Mutation(() => ApproveTrendingStatus.Payload, { description: 'Lets a status trend (POST /api/v1/admin/trends/statuses/:id/approve). Logged in the audit log.' })
  @AdminAccess(REVIEW_WRITE, 'manage_taxonomies')
  approveTrendingStatus(@Arg('input', () => ApproveTrendingStatus.Input, { description: 'The status.' }) input: { statusId: string }, @Ctx() ctx: StatusesContext) {
    return payload(async () => ({ trendingStatus: await this.service.reviewStatus(input.statusId, true, ctx) }), { trendingStatus: null });
  }

  @Mutation(() => RejectTrendingStatus.Payload, { description: 'Keeps a status out of public trends (POST /api/v1/admin/trends/statuses/:id/reject). Logged in the audit log.' })
  @AdminAccess(REVIEW_WRITE, 'manage_taxonomies')
  rejectTrendingStatus(@Arg('input', () => RejectTrendingStatus.Input, { description: 'The status.' }) input: { statusId: string }, @Ctx() ctx: StatusesContext) {
    return payload(async () => ({ trendingStatus: await this.service.reviewStatus(input.statusId, false, ctx) }), { trendingStatus: null });
  }

  @Mutation(() => ApproveTrendingLink.Payload, { description: 'Lets a link trend (POST /api/v1/admin/trends/links/:id/approve, the id its preview card\'s). Logged in the audit log.' })
  @AdminAccess(REVIEW_WRITE, 'manage_taxonomies')
  approveTrendingLink(@Arg('input', () => ApproveTrendingLink.Input, { description: 'The link.' }) input: { linkId: string }, @Ctx() ctx: StatusesContext) {
    return payload(async () => ({ trendingLink: await this.service.reviewLink(input.linkId, true, ctx) }), { trendingLink: null });
  }

  @Mutation(() => RejectTrendingLink.Payload, { description: 'Keeps a link out of public trends (POST /api/v1/admin/trends/links/:id/reject). Logged in the audit log.' })
  @AdminAccess(REVIEW_WRITE, 'manage_taxonomies')
  rejectTrendingLink(@Arg('input', () => RejectTrendingLink.Input, { description: 'The link.' }) input: { linkId: string }, @Ctx() ctx: StatusesContext) {
    return payload(async () => ({ trendingLink: await this.service.reviewLink(input.linkId, false, ctx) }), { trendingLink: null });
  }
}
