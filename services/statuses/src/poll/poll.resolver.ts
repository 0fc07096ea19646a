import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access, acceptedScopes, OptionalAccess, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { Status } from '../status/status.type.js';
import { Poll } from './poll.type.js';
import { VoteInPollInput, VoteInPollPayload } from './poll.payload.js';
import type { PollService } from './poll.service.js';

@Resolver(() => Poll)
export class PollResolver {
  constructor(private readonly service: PollService) {}

  @Query(() => Poll, { description: 'A poll whose status the caller may see.' })
  @OptionalAccess(...acceptedScopes('read:statuses'))
  poll(@Arg('id', () => ID, { description: 'The poll.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Poll> {
    return this.service.view(id, ctx);
  }

  @Mutation(() => VoteInPollPayload, { description: "Votes in a poll (Mastodon's rules: once, before it ends, not in one's own)." })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  voteInPoll(@Arg('input', () => VoteInPollInput, { description: 'The poll and the chosen answers.' }) input: VoteInPollInput, @Ctx() ctx: StatusesContext): Promise<VoteInPollPayload> {
    return payload(async () => ({ poll: await this.service.vote(input.pollId, input.choices, ctx) }), { poll: null });
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
