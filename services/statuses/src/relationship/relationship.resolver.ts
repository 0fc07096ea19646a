import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { FollowAccountInput, FollowPage, FollowPageInput, Relationship } from './relationship.type.js';
import type { RelationshipService } from './relationship.service.js';

/** The legacy follow scope still covers following and unfollowing (mastodon.md 4.2). */
const FOLLOW_SCOPES = ['follow', ...acceptedScopes('write:follows')];

@Resolver(() => Relationship)
export class RelationshipResolver {
  constructor(private readonly service: RelationshipService) {}

  @Mutation(() => Relationship, { description: 'Follows an account, or changes the options of a follow.' })
  @Access({ scopes: FOLLOW_SCOPES, user: true })
  followAccount(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => FollowAccountInput, { nullable: true }) input: FollowAccountInput | null,
    @Ctx() ctx: StatusesContext,
  ): Promise<Relationship> {
    return this.service.follow(id, input, ctx);
  }

  @Mutation(() => Relationship, { description: 'Unfollows an account; idempotent.' })
  @Access({ scopes: FOLLOW_SCOPES, user: true })
  unfollowAccount(@Arg('id', () => ID) id: string, @Ctx() ctx: StatusesContext): Promise<Relationship> {
    return this.service.unfollow(id, ctx);
  }

  @Query(() => [Relationship], { description: 'The viewer\'s relationships with these accounts, in the order asked.' })
  @Access({ scopes: acceptedScopes('read:follows'), user: true })
  relationships(@Arg('ids', () => [ID]) ids: string[], @Ctx() ctx: StatusesContext): Promise<Relationship[]> {
    return this.service.relationships(ids, ctx);
  }

  @Query(() => FollowPage, { description: 'Accounts following the account, newest follow first. Needs a token (any client).' })
  @Access({ scopes: acceptedScopes('read:accounts') })
  accountFollowers(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('page', () => FollowPageInput, { nullable: true }) page: FollowPageInput | null,
    @Ctx() ctx: StatusesContext,
  ): Promise<FollowPage> {
    return this.service.list('followers', accountId, page, ctx);
  }

  @Query(() => FollowPage, { description: 'Accounts the account follows, newest follow first. Needs a token (any client).' })
  @Access({ scopes: acceptedScopes('read:accounts') })
  accountFollowing(
    @Arg('accountId', () => ID) accountId: string,
    @Arg('page', () => FollowPageInput, { nullable: true }) page: FollowPageInput | null,
    @Ctx() ctx: StatusesContext,
  ): Promise<FollowPage> {
    return this.service.list('following', accountId, page, ctx);
  }
}
