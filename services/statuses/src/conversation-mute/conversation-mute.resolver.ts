import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import type { ConversationMuteService } from './conversation-mute.service.js';

@Resolver()
export class ConversationMuteResolver {
  constructor(
    private readonly service: ConversationMuteService,
    private readonly statuses: StatusService,
  ) {}

  @Mutation(() => Status, { description: 'Mutes the conversation of a visible status for the caller (no notifications from it). Idempotent.' })
  @Access({ scopes: acceptedScopes('write:mutes'), user: true })
  async muteStatus(@Arg('id', () => ID, { description: 'A status of the conversation.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Status> {
    return this.statuses.toStatus(await this.service.mute(id, ctx), ctx);
  }

  @Mutation(() => Status, { description: 'Unmutes the conversation of a visible status; succeeds also when it was not muted.' })
  @Access({ scopes: acceptedScopes('write:mutes'), user: true })
  async unmuteStatus(@Arg('id', () => ID, { description: 'A status of the conversation.' }) id: string, @Ctx() ctx: StatusesContext): Promise<Status> {
    return this.statuses.toStatus(await this.service.unmute(id, ctx), ctx);
  }
}
