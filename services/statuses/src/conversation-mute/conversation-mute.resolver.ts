import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import { statusActionTypes, statusPayload, type StatusPayload } from '../status/status-action.payload.js';
import type { ConversationMuteService } from './conversation-mute.service.js';

const MuteStatus = statusActionTypes('MuteStatus', 'A status of the conversation.', 'The status, its conversation muted');
const UnmuteStatus = statusActionTypes('UnmuteStatus', 'A status of the conversation.', 'The status, its conversation not muted');

@Resolver()
export class ConversationMuteResolver {
  constructor(
    private readonly service: ConversationMuteService,
    private readonly statuses: StatusService,
  ) {}

  @Mutation(() => MuteStatus.Payload, { description: 'Mutes the conversation of a visible status for the caller (no notifications from it). Idempotent.' })
  @Access({ scopes: acceptedScopes('write:mutes'), user: true })
  muteStatus(@Arg('input', () => MuteStatus.Input, { description: 'The status.' }) input: InstanceType<typeof MuteStatus.Input>, @Ctx() ctx: StatusesContext): Promise<StatusPayload> {
    return statusPayload(() => this.service.mute(input.statusId, ctx), this.statuses, ctx);
  }

  @Mutation(() => UnmuteStatus.Payload, { description: 'Unmutes the conversation of a visible status; succeeds also when it was not muted.' })
  @Access({ scopes: acceptedScopes('write:mutes'), user: true })
  unmuteStatus(@Arg('input', () => UnmuteStatus.Input, { description: 'The status.' }) input: InstanceType<typeof UnmuteStatus.Input>, @Ctx() ctx: StatusesContext): Promise<StatusPayload> {
    return statusPayload(() => this.service.unmute(input.statusId, ctx), this.statuses, ctx);
  }
}
