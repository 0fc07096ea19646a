import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import type { PinService } from './pin.service.js';

@Resolver()
export class PinResolver {
  constructor(
    private readonly service: PinService,
    private readonly statuses: StatusService,
  ) {}

  @Mutation(() => Status, {
    description: "Pins one of the caller's public or unlisted statuses to their profile (not a boost; at most 5). BAD_USER_INPUT otherwise.",
  })
  @Access({ scopes: acceptedScopes('write:accounts'), user: true })
  async pinStatus(@Arg('id', () => ID, { description: 'The status.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Status> {
    return this.statuses.toStatus(await this.service.pin(id, ctx), ctx);
  }

  @Mutation(() => Status, { description: 'Unpins a status from the caller\'s profile; succeeds also when it was not pinned.' })
  @Access({ scopes: acceptedScopes('write:accounts'), user: true })
  async unpinStatus(@Arg('id', () => ID, { description: 'The status.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Status> {
    return this.statuses.toStatus(await this.service.unpin(id, ctx), ctx);
  }
}
