import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import { statusActionTypes, statusPayload, type StatusPayload } from '../status/status-action.payload.js';
import type { PinService } from './pin.service.js';

const PinStatus = statusActionTypes('PinStatus', "One of the caller's public or unlisted statuses, not a boost.", 'The status, pinned');
const UnpinStatus = statusActionTypes('UnpinStatus', 'The status.', 'The status, not pinned');

@Resolver()
export class PinResolver {
  constructor(
    private readonly service: PinService,
    private readonly statuses: StatusService,
  ) {}

  @Mutation(() => PinStatus.Payload, { description: "Pins one of the caller's public or unlisted statuses to their profile (not a boost; at most 5); an INVALID user error otherwise." })
  @Access({ scopes: acceptedScopes('write:accounts'), user: true })
  pinStatus(@Arg('input', () => PinStatus.Input, { description: 'The status.' }) input: InstanceType<typeof PinStatus.Input>, @Ctx() ctx: StatusesContext): Promise<StatusPayload> {
    return statusPayload(() => this.service.pin(input.statusId, ctx), this.statuses, ctx);
  }

  @Mutation(() => UnpinStatus.Payload, { description: 'Unpins a status from the caller\'s profile; succeeds also when it was not pinned.' })
  @Access({ scopes: acceptedScopes('write:accounts'), user: true })
  unpinStatus(@Arg('input', () => UnpinStatus.Input, { description: 'The status.' }) input: InstanceType<typeof UnpinStatus.Input>, @Ctx() ctx: StatusesContext): Promise<StatusPayload> {
    return statusPayload(() => this.service.unpin(input.statusId, ctx), this.statuses, ctx);
  }
}
