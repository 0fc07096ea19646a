import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { Status } from '../status/status.type.js';
import { ScheduledStatus } from './scheduled-status.type.js';

@ObjectType({ description: 'What scheduleStatus answers: the scheduled status, or the status itself when its time had already come.' })
export class ScheduleStatusPayload extends MutationPayload {
  @Field(() => ScheduledStatus, { nullable: true, description: 'The scheduled status; null when it was published at once or there are errors.' })
  scheduledStatus!: ScheduledStatus | null;

  @Field(() => Status, { nullable: true, description: 'The status, when its time had already come and it was published at once; otherwise null.' })
  status!: Status | null;
}

@InputType({ description: 'The input of rescheduleStatus.' })
export class RescheduleStatusInput {
  @Field(() => ID, { description: "One of the caller's scheduled statuses." })
  scheduledStatusId!: string;

  @Field(() => String, { nullable: true, description: 'The new time, more than 5 minutes ahead; null leaves it as it is.' })
  scheduledAt?: string | null;
}

@ObjectType({ description: 'What rescheduleStatus answers.' })
export class RescheduleStatusPayload extends MutationPayload {
  @Field(() => ScheduledStatus, { nullable: true, description: 'The scheduled status at its new time; null when there are errors.' })
  scheduledStatus!: ScheduledStatus | null;
}

@InputType({ description: 'The input of cancelScheduledStatus.' })
export class CancelScheduledStatusInput {
  @Field(() => ID, { description: "One of the caller's scheduled statuses." })
  scheduledStatusId!: string;
}

@ObjectType({ description: 'What cancelScheduledStatus answers.' })
export class CancelScheduledStatusPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The id of the cancelled scheduled status; null when there are errors.' })
  cancelledScheduledStatusId!: string | null;
}
