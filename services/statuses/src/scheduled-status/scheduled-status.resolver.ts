import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes, deletedPayload, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { PageArgs } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import { toScheduledStatus, type ScheduledStatusService } from './scheduled-status.service.js';
import { ScheduledStatus, ScheduledStatusPage, ScheduleStatusInput } from './scheduled-status.type.js';
import {
  CancelScheduledStatusInput,
  CancelScheduledStatusPayload,
  RescheduleStatusInput,
  RescheduleStatusPayload,
  ScheduleStatusPayload,
} from './scheduled-status.payload.js';

@Resolver(() => ScheduledStatus)
export class ScheduledStatusResolver {
  constructor(
    private readonly service: ScheduledStatusService,
    private readonly statuses: StatusService,
  ) {}

  @Query(() => ScheduledStatusPage, { description: "The caller's scheduled statuses not yet published, newest id first.", deprecationReason: 'Use me.scheduledStatuses (a connection).' })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  scheduledStatuses(@Args(() => PageArgs) args: PageArgs, @Ctx() ctx: StatusesContext): Promise<ScheduledStatusPage> {
    return this.service.list(args, ctx);
  }

  @Query(() => ScheduledStatus, { description: "One of the caller's scheduled statuses; another's is not found." })
  @Access({ scopes: acceptedScopes('read:statuses'), user: true })
  async scheduledStatus(@Arg('id', () => ID, { description: 'The scheduled status.' }) id: string, @Ctx() ctx: StatusesContext): Promise<ScheduledStatus> {
    return toScheduledStatus(await this.service.view(id, ctx));
  }

  @Mutation(() => ScheduleStatusPayload, {
    description: 'Publishes a status at a set time (more than 5 minutes ahead, at most 300 pending and 25 a day); a time already past publishes it now.',
  })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  scheduleStatus(
    @Arg('input', () => ScheduleStatusInput, { description: 'The status and its time.' }) input: ScheduleStatusInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<ScheduleStatusPayload> {
    return payload(async () => {
      const outcome = await this.service.schedule(input, ctx);
      return 'status' in outcome
        ? { status: await this.statuses.toStatus(outcome.status, ctx), scheduledStatus: null }
        : { status: null, scheduledStatus: toScheduledStatus(outcome.scheduled) };
    }, { status: null, scheduledStatus: null });
  }

  @Mutation(() => RescheduleStatusPayload, { description: 'Moves a scheduled status to another time (the same rules as scheduling).' })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  rescheduleStatus(@Arg('input', () => RescheduleStatusInput, { description: 'The scheduled status and its new time.' }) input: RescheduleStatusInput, @Ctx() ctx: StatusesContext): Promise<RescheduleStatusPayload> {
    return payload(async () => ({ scheduledStatus: toScheduledStatus(await this.service.reschedule(input.scheduledStatusId, input.scheduledAt, ctx)) }), {
      scheduledStatus: null,
    });
  }

  @Mutation(() => CancelScheduledStatusPayload, { description: 'Cancels a scheduled status; its media are free again.' })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  cancelScheduledStatus(
    @Arg('input', () => CancelScheduledStatusInput, { description: 'The scheduled status.' }) input: CancelScheduledStatusInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<CancelScheduledStatusPayload> {
    return deletedPayload('cancelledScheduledStatusId', input.scheduledStatusId, () => this.service.delete(input.scheduledStatusId, ctx));
  }
}
