import { Arg, Args, Ctx, createUnionType, ID, Mutation, Query, Resolver } from 'type-graphql';
import { Access, acceptedScopes } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { PageArgs } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import { Status } from '../status/status.type.js';
import { toScheduledStatus, type ScheduledStatusService } from './scheduled-status.service.js';
import { RescheduleArgs, ScheduledStatus, ScheduledStatusPage, ScheduleStatusInput } from './scheduled-status.type.js';

export const ScheduleStatusResult = createUnionType({
  name: 'ScheduleStatusResult',
  description: 'What scheduling gives: the scheduled status, or the status itself when its time had already come.',
  types: () => [ScheduledStatus, Status] as const,
  resolveType: (value) => ('scheduledAt' in value ? ScheduledStatus : Status),
});

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

  @Mutation(() => ScheduleStatusResult, {
    description: 'Publishes a status at a set time (more than 5 minutes ahead, at most 300 pending and 25 a day); a time already past publishes it now.',
  })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  async scheduleStatus(
    @Arg('input', () => ScheduleStatusInput, { description: 'The status and its time.' }) input: ScheduleStatusInput,
    @Ctx() ctx: StatusesContext,
  ): Promise<typeof ScheduleStatusResult> {
    const outcome = await this.service.schedule(input, ctx);
    return 'status' in outcome ? this.statuses.toStatus(outcome.status, ctx) : toScheduledStatus(outcome.scheduled);
  }

  @Mutation(() => ScheduledStatus, { description: 'Moves a scheduled status to another time (the same rules as scheduling).' })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  async rescheduleStatus(@Args(() => RescheduleArgs) args: RescheduleArgs, @Ctx() ctx: StatusesContext): Promise<ScheduledStatus> {
    return toScheduledStatus(await this.service.reschedule(args.id, args.scheduledAt, ctx));
  }

  @Mutation(() => Boolean, { description: 'Cancels a scheduled status; its media are free again. True when done.' })
  @Access({ scopes: acceptedScopes('write:statuses'), user: true })
  async cancelScheduledStatus(@Arg('id', () => ID, { description: 'The scheduled status.' }) id: string, @Ctx() ctx: StatusesContext): Promise<boolean> {
    await this.service.delete(id, ctx);
    return true;
  }
}
