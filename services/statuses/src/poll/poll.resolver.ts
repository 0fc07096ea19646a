import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access, acceptedScopes, OptionalAccess } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { Status } from '../status/status.type.js';
import { Poll } from './poll.type.js';
import type { PollService } from './poll.service.js';

@Resolver(() => Poll)
export class PollResolver {
  constructor(private readonly service: PollService) {}

  @Query(() => Poll, { description: 'A poll whose status the caller may see.' })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  poll(@Arg('id', () => ID, { description: 'The poll.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Poll> {
    return this.service.view(id, ctx);
  }

  @Mutation(() => Poll, { description: "Votes in a poll (Mastodon's rules: once, before it ends, not in one's own)." })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  voteInPoll(
    @Arg('id', () => ID, { description: 'The poll.' }) id: string,
    @Arg('choices', () => [Int], { description: 'Indexes of the chosen answers; one unless the poll is multiple.' }) choices: number[],
    @Ctx() ctx: StatusesContext,
  ): Promise<Poll> {
    return this.service.vote(id, choices, ctx);
  }
}

@Resolver(() => Status)
export class StatusPollResolver {
  constructor(private readonly service: PollService) {}

  @FieldResolver(() => Poll, { nullable: true, description: 'Its poll, if it has one.' })
  poll(@Root() status: Status, @Ctx() ctx: StatusesContext): Promise<Poll | null> {
    // A boost has no poll of its own; clients read the original's through reblog.
    return status.reblogOfId ? Promise.resolve(null) : this.service.ofStatus(status.id, ctx);
  }
}
