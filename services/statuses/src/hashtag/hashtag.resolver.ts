import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access, OptionalAccess, acceptedScopes, deletedPayload, payload } from '@social/federation';
import { Account } from '../account/account.type.js';
import type { StatusesContext } from '../context.js';
import { ConnectionArgs } from '../page/connection.type.js';
import { PageArgs } from '../page/page.type.js';
import { StatusTag } from '../status/status.type.js';
import { Viewer } from '../viewer/viewer.type.js';
import type { HashtagService } from './hashtag.service.js';
import {
  FeaturedTag,
  FeatureHashtagInput,
  FeatureHashtagPayload,
  FollowHashtagInput,
  FollowHashtagPayload,
  HashtagConnection,
  HashtagDay,
  HashtagPage,
  RemoveFeaturedTagInput,
  RemoveFeaturedTagPayload,
  UnfeatureHashtagInput,
  UnfeatureHashtagPayload,
  UnfollowHashtagInput,
  UnfollowHashtagPayload,
} from './hashtag.type.js';

/** Following hashtags takes Mastodon's follow scopes (the legacy `follow` too). */
const FOLLOW_READ = { scopes: ['follow', ...acceptedScopes('read:follows')], user: true };
const FOLLOW_WRITE = { scopes: ['follow', ...acceptedScopes('write:follows')], user: true };
const ACCOUNTS_READ = { scopes: acceptedScopes('read:accounts'), user: true };
const ACCOUNTS_WRITE = { scopes: acceptedScopes('write:accounts'), user: true };

/** What is stored about a hashtag, and the signed-in user's follow and feature of it (docs/api/hashtags.md). */
@Resolver(() => StatusTag)
export class HashtagResolver {
  constructor(private readonly service: HashtagService) {}

  @FieldResolver(() => ID, { nullable: true, description: 'The stored hashtag\'s id; null for one no status carried and nobody follows or features.' })
  async id(@Root() tag: StatusTag, @Ctx() ctx: StatusesContext): Promise<string | null> {
    return (await this.service.row(tag, ctx))?.id.toString() ?? null;
  }

  @FieldResolver(() => String, { description: 'The hashtag as first written (its case kept), without #; `name` for one never used.' })
  displayName(@Root() tag: StatusTag, @Ctx() ctx: StatusesContext): Promise<string> {
    return this.service.displayName(tag, ctx);
  }

  @FieldResolver(() => [HashtagDay], { description: 'Its use on each of the last 7 days, today (UTC) first: public statuses and their authors.' })
  history(@Root() tag: StatusTag, @Ctx() ctx: StatusesContext): Promise<HashtagDay[]> {
    return this.service.history(tag, ctx);
  }

  @FieldResolver(() => Boolean, { nullable: true, description: 'Whether the signed-in user follows it; null without a user token.' })
  following(@Root() tag: StatusTag, @Ctx() ctx: StatusesContext): Promise<boolean | null> {
    return this.service.following(tag, ctx);
  }

  @FieldResolver(() => Boolean, { nullable: true, description: 'Whether the signed-in user features it on their profile; null without a user token.' })
  featuring(@Root() tag: StatusTag, @Ctx() ctx: StatusesContext): Promise<boolean | null> {
    return this.service.featuring(tag, ctx);
  }

  @Query(() => HashtagPage, {
    description: 'The hashtags the user follows, newest follow first; cursors are follow ids, limit default 100, at most 200 (GET /api/v1/followed_tags). `me.followedHashtags` is the connection.',
  })
  @Access(FOLLOW_READ)
  followedHashtagPage(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<HashtagPage> {
    return this.service.followedPage(page, ctx);
  }

  @Query(() => [StatusTag], { description: 'The hashtags the user follows, newest follow first: the first 100.', deprecationReason: 'Use me.followedHashtags (a connection).' })
  @Access(FOLLOW_READ)
  async followedTags(@Ctx() ctx: StatusesContext): Promise<StatusTag[]> {
    return (await this.service.followedPage({}, ctx)).items;
  }

  @Query(() => [FeaturedTag], { description: "An account's featured hashtags, oldest first (GET /api/v1/accounts/:id/featured_tags); `Account.featuredTags` answers the same nested. Public." })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  accountFeaturedTags(@Arg('accountId', () => ID, { description: 'The account.' }) accountId: string, @Ctx() ctx: StatusesContext): Promise<FeaturedTag[]> {
    return this.service.featuredOf(accountId, ctx);
  }

  @Query(() => [FeaturedTag], { description: "The user's featured hashtags, oldest first (GET /api/v1/featured_tags); `me.featuredTags` answers the same nested." })
  @Access(ACCOUNTS_READ)
  featuredTags(@Ctx() ctx: StatusesContext): Promise<FeaturedTag[]> {
    return this.service.featuredOf(ctx.principal.accountId as string, ctx);
  }

  @Query(() => [StatusTag], { description: 'The hashtags the user used most in recent statuses and does not feature yet, up to 10 (GET /api/v1/featured_tags/suggestions); `me.featuredTagSuggestions` answers the same nested.' })
  @Access(ACCOUNTS_READ)
  featuredTagSuggestions(@Ctx() ctx: StatusesContext): Promise<StatusTag[]> {
    return this.service.suggestions(ctx);
  }

  @Mutation(() => FollowHashtagPayload, { description: "Follows a hashtag: its public statuses join the user's home timeline (POST /api/v1/tags/:name/follow); idempotent." })
  @Access(FOLLOW_WRITE)
  followHashtag(@Arg('input', () => FollowHashtagInput, { description: 'The hashtag.' }) input: FollowHashtagInput, @Ctx() ctx: StatusesContext): Promise<FollowHashtagPayload> {
    return payload(async () => ({ hashtag: await this.service.follow(input.name, ctx) }), { hashtag: null });
  }

  @Mutation(() => UnfollowHashtagPayload, { description: 'Stops following a hashtag (POST /api/v1/tags/:name/unfollow); succeeds also when it was not followed.' })
  @Access(FOLLOW_WRITE)
  unfollowHashtag(@Arg('input', () => UnfollowHashtagInput, { description: 'The hashtag.' }) input: UnfollowHashtagInput, @Ctx() ctx: StatusesContext): Promise<UnfollowHashtagPayload> {
    return payload(async () => ({ hashtag: await this.service.unfollow(input.name, ctx) }), { hashtag: null });
  }

  @Mutation(() => FeatureHashtagPayload, {
    description: "Features a hashtag on the user's profile (POST /api/v1/featured_tags, POST /api/v1/tags/:name/feature); idempotent; INVALID past 10.",
  })
  @Access(ACCOUNTS_WRITE)
  featureHashtag(@Arg('input', () => FeatureHashtagInput, { description: 'The hashtag.' }) input: FeatureHashtagInput, @Ctx() ctx: StatusesContext): Promise<FeatureHashtagPayload> {
    return payload(() => this.service.feature(input.name, ctx), { hashtag: null, featuredTag: null });
  }

  @Mutation(() => UnfeatureHashtagPayload, { description: 'Stops featuring a hashtag (POST /api/v1/tags/:name/unfeature); succeeds also when it was not featured.' })
  @Access(ACCOUNTS_WRITE)
  unfeatureHashtag(@Arg('input', () => UnfeatureHashtagInput, { description: 'The hashtag.' }) input: UnfeatureHashtagInput, @Ctx() ctx: StatusesContext): Promise<UnfeatureHashtagPayload> {
    return payload(async () => ({ hashtag: await this.service.unfeature(input.name, ctx) }), { hashtag: null });
  }

  @Mutation(() => RemoveFeaturedTagPayload, { description: "Removes one of the user's featured tags by its id (DELETE /api/v1/featured_tags/:id); NOT_FOUND for another's." })
  @Access(ACCOUNTS_WRITE)
  removeFeaturedTag(@Arg('input', () => RemoveFeaturedTagInput, { description: 'The featured tag.' }) input: RemoveFeaturedTagInput, @Ctx() ctx: StatusesContext): Promise<RemoveFeaturedTagPayload> {
    return deletedPayload('deletedFeaturedTagId', input.featuredTagId, () => this.service.removeFeatured(input.featuredTagId, ctx));
  }
}

/** The user's followed and featured hashtags under `me`. */
@Resolver(() => Viewer)
export class ViewerHashtagsResolver {
  constructor(private readonly service: HashtagService) {}

  @FieldResolver(() => HashtagConnection, { description: 'The hashtags the user follows, newest follow first, as a connection. Scope read:follows (or follow).' })
  @Access(FOLLOW_READ)
  followedHashtags(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<HashtagConnection> {
    return this.service.followedConnection(args, ctx);
  }

  @FieldResolver(() => [FeaturedTag], { description: "The hashtags featured on the user's profile, oldest first (at most 10: a plain list). Scope read:accounts." })
  @Access(ACCOUNTS_READ)
  featuredTags(@Root() viewer: Viewer, @Ctx() ctx: StatusesContext): Promise<FeaturedTag[]> {
    return this.service.featuredOf(viewer.accountId, ctx);
  }

  @FieldResolver(() => [StatusTag], { description: 'The hashtags the user used most in recent statuses and does not feature yet, up to 10 (GET /api/v1/featured_tags/suggestions). Scope read:accounts.' })
  @Access(ACCOUNTS_READ)
  featuredTagSuggestions(@Ctx() ctx: StatusesContext): Promise<StatusTag[]> {
    return this.service.suggestions(ctx);
  }
}

/** An account's featured hashtags (docs/api/hashtags.md#featured-tags). */
@Resolver(() => Account)
export class AccountFeaturedTagsResolver {
  constructor(private readonly service: HashtagService) {}

  @FieldResolver(() => [FeaturedTag], { description: 'Hashtags it features on its profile, oldest first, with its public uses of each. Public.' })
  @OptionalAccess(...acceptedScopes('read:accounts'))
  featuredTags(@Root() account: Account, @Ctx() ctx: StatusesContext): Promise<FeaturedTag[]> {
    return this.service.featuredOf(account.id, ctx);
  }
}
