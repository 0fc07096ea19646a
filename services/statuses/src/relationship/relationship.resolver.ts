import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { AccountPage, PageArgs } from '../page/page.type.js';
import { FamiliarFollowers, FollowAccountInput, Relationship, SetAccountNoteInput, SetAccountNotePayload } from './relationship.type.js';
import { FollowAccountPayload, UnfollowAccountInput, UnfollowAccountPayload } from './relationship.payload.js';
import type { RelationshipService } from './relationship.service.js';

/** The legacy follow scope still covers following and unfollowing (docs/api/oauth.md#scopes). */
const FOLLOW_SCOPES = ['follow', ...acceptedScopes('write:follows')];

@Resolver(() => Relationship)
export class RelationshipResolver {
  constructor(private readonly service: RelationshipService) {}

  @Mutation(() => FollowAccountPayload, { description: 'Follows an account, or changes the options of a follow.' })
  @Access({ scopes: FOLLOW_SCOPES, user: true })
  followAccount(@Arg('input', () => FollowAccountInput, { description: 'The account and the follow options.' }) input: FollowAccountInput, @Ctx() ctx: StatusesContext): Promise<FollowAccountPayload> {
    return payload(async () => ({ relationship: await this.service.follow(input.accountId, input, ctx) }), { relationship: null });
  }

  @Mutation(() => UnfollowAccountPayload, { description: 'Unfollows an account; idempotent.' })
  @Access({ scopes: FOLLOW_SCOPES, user: true })
  unfollowAccount(@Arg('input', () => UnfollowAccountInput, { description: 'The account.' }) input: UnfollowAccountInput, @Ctx() ctx: StatusesContext): Promise<UnfollowAccountPayload> {
    return payload(async () => ({ relationship: await this.service.unfollow(input.accountId, ctx) }), { relationship: null });
  }

  @Mutation(() => SetAccountNotePayload, { description: 'Sets or clears the viewer\'s private note on an account (POST /api/v1/accounts/:id/note).' })
  @Access({ scopes: acceptedScopes('write:accounts'), user: true })
  setAccountNote(@Arg('input', () => SetAccountNoteInput, { description: 'The account and the note.' }) input: SetAccountNoteInput, @Ctx() ctx: StatusesContext): Promise<SetAccountNotePayload> {
    return payload(async () => ({ relationship: await this.service.setNote(input.accountId, input.comment ?? null, ctx) }), { relationship: null });
  }

  @Query(() => [Relationship], { description: 'The viewer\'s relationships with these accounts, in the order asked.' })
  @Access({ scopes: acceptedScopes('read:follows'), user: true })
  relationships(@Arg('ids', () => [ID], { description: 'The accounts, as Mastodon\'s id[] (unknown ids are left out).' }) ids: string[], @Ctx() ctx: StatusesContext): Promise<Relationship[]> {
    return this.service.relationships(ids, ctx);
  }

  @Query(() => [FamiliarFollowers], { description: 'For each account, those of its followers the viewer follows; in the order asked, unknown accounts left out.' })
  @Access({ scopes: acceptedScopes('read:follows'), user: true })
  familiarFollowers(@Arg('ids', () => [ID], { description: 'The accounts, as Mastodon\'s id[].' }) ids: string[], @Ctx() ctx: StatusesContext): Promise<FamiliarFollowers[]> {
    return this.service.familiarFollowers(ids, ctx);
  }

  @Query(() => AccountPage, {
    description: 'Accounts following the account, newest follow first; cursors are follow ids. Needs a token (any client).',
    deprecationReason: 'Use Account.followers (a connection).',
  })
  @Access({ scopes: acceptedScopes('read:accounts') })
  accountFollowers(
    @Arg('accountId', () => ID, { description: 'The account.' }) accountId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<AccountPage> {
    return this.service.list('followers', accountId, page, ctx);
  }

  @Query(() => AccountPage, {
    description: 'Accounts the account follows, newest follow first; cursors are follow ids. Needs a token (any client).',
    deprecationReason: 'Use Account.following (a connection).',
  })
  @Access({ scopes: acceptedScopes('read:accounts') })
  accountFollowing(
    @Arg('accountId', () => ID, { description: 'The account.' }) accountId: string,
    @Args(() => PageArgs) page: PageArgs,
    @Ctx() ctx: StatusesContext,
  ): Promise<AccountPage> {
    return this.service.list('following', accountId, page, ctx);
  }
}
