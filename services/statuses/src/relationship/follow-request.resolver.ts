import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { AccountConnection, ConnectionArgs } from '../page/connection.type.js';
import { AccountPage, PageArgs } from '../page/page.type.js';
import { Viewer } from '../viewer/viewer.type.js';
import type { Relationship } from './relationship.type.js';
import {
  AuthorizeFollowRequestInput,
  AuthorizeFollowRequestPayload,
  RejectFollowRequestInput,
  RejectFollowRequestPayload,
  RemoveFromFollowersInput,
  RemoveFromFollowersPayload,
} from './relationship.payload.js';
import type { RelationshipService } from './relationship.service.js';

/** The legacy follow scope still covers follow requests and followers (docs/api/oauth.md#scopes). */
const READ_FOLLOWS = { scopes: ['follow', ...acceptedScopes('read:follows')], user: true };
const WRITE_FOLLOWS = { scopes: ['follow', ...acceptedScopes('write:follows')], user: true };

const answer = (work: () => Promise<Relationship>) => payload(async () => ({ relationship: await work() }), { relationship: null });

/** Requests to follow the viewer (a locked account) and the viewer's followers (docs/api/follow-requests.md). */
@Resolver(() => Viewer)
export class FollowRequestResolver {
  constructor(private readonly service: RelationshipService) {}

  @Mutation(() => AuthorizeFollowRequestPayload, { description: 'Accepts an account\'s request to follow the viewer (POST /api/v1/follow_requests/:id/authorize).' })
  @Access(WRITE_FOLLOWS)
  authorizeFollowRequest(@Arg('input', () => AuthorizeFollowRequestInput, { description: 'The requesting account.' }) input: AuthorizeFollowRequestInput, @Ctx() ctx: StatusesContext): Promise<AuthorizeFollowRequestPayload> {
    return answer(() => this.service.authorizeRequest(input.accountId, ctx));
  }

  @Mutation(() => RejectFollowRequestPayload, { description: 'Declines an account\'s request to follow the viewer (POST /api/v1/follow_requests/:id/reject).' })
  @Access(WRITE_FOLLOWS)
  rejectFollowRequest(@Arg('input', () => RejectFollowRequestInput, { description: 'The requesting account.' }) input: RejectFollowRequestInput, @Ctx() ctx: StatusesContext): Promise<RejectFollowRequestPayload> {
    return answer(() => this.service.rejectRequest(input.accountId, ctx));
  }

  @Mutation(() => RemoveFromFollowersPayload, { description: 'Makes an account stop following the viewer (POST /api/v1/accounts/:id/remove_from_followers); idempotent.' })
  @Access(WRITE_FOLLOWS)
  removeFromFollowers(@Arg('input', () => RemoveFromFollowersInput, { description: 'The follower.' }) input: RemoveFromFollowersInput, @Ctx() ctx: StatusesContext): Promise<RemoveFromFollowersPayload> {
    return answer(() => this.service.removeFromFollowers(input.accountId, ctx));
  }

  @Query(() => AccountPage, { description: 'Accounts asking to follow the viewer, newest request first; cursors are request ids (GET /api/v1/follow_requests).' })
  @Access(READ_FOLLOWS)
  followRequests(@Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<AccountPage> {
    return this.service.requests(page, ctx);
  }

  @FieldResolver(() => AccountConnection, { name: 'followRequests', description: 'Accounts asking to follow the user, newest request first, as a connection (the rows of `followRequests`). Scope read:follows.' })
  @Access(READ_FOLLOWS)
  followRequestConnection(@Args(() => ConnectionArgs) args: ConnectionArgs, @Ctx() ctx: StatusesContext): Promise<AccountConnection> {
    return this.service.requestConnection(args, ctx);
  }
}
