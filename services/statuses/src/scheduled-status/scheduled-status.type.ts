import { Directive, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { connectionType } from '../page/connection.type.js';
import { PublishStatusInput, StatusVisibility } from '../status/status.type.js';

@ObjectType({ description: 'The poll of a scheduled status, as it was sent.' })
export class ScheduledPollParams {
  @Field(() => [String], { description: 'The answers.' })
  options!: string[];

  @Field(() => Int, { nullable: true, description: 'Seconds the poll will run once published.' })
  expiresIn!: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Several choices allowed.' })
  multiple!: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Counts hidden until the end.' })
  hideTotals!: boolean | null;
}

@ObjectType({ description: "The parameters a scheduled status will be published with (Mastodon's params hash); null where not sent." })
export class ScheduledStatusParams {
  @Field(() => String, { nullable: true, description: 'Text.' })
  text!: string | null;

  @Field(() => ScheduledPollParams, { nullable: true, description: 'Poll.' })
  poll!: ScheduledPollParams | null;

  @Field(() => [ID], { nullable: true, description: 'Media to attach, in order.' })
  mediaIds!: string[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Media hidden by default.' })
  sensitive!: boolean | null;

  @Field(() => String, { nullable: true, description: 'Content warning.' })
  spoilerText!: string | null;

  @Field(() => StatusVisibility, { nullable: true, description: 'Visibility.' })
  visibility!: StatusVisibility | null;

  @Field(() => String, { nullable: true, description: 'Language as sent.' })
  language!: string | null;

  @Field(() => ID, { nullable: true, description: 'The status it will reply to.' })
  inReplyToId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The app that scheduled it.' })
  applicationId!: string | null;

  @Field(() => String, { nullable: true, description: 'Always null (the key applied when scheduling).', deprecationReason: 'Always null: kept for Mastodon\'s shape; the key is not stored.' })
  idempotency!: string | null;

  @Field(() => Boolean, { description: 'Always false.', deprecationReason: 'Always false: kept for Mastodon\'s shape.' })
  withRateLimit!: boolean;
}

@ObjectType({ description: 'A status waiting to be published at a set time. Seen only by its author.' })
@Directive('@key(fields: "id")')
export class ScheduledStatus {
  @Field(() => ID, { description: 'Sequential id.' })
  id!: string;

  @Field(() => Date, { description: 'When it will be published.' })
  scheduledAt!: Date;

  @Field(() => ScheduledStatusParams, { description: 'What it will be published with.' })
  params!: ScheduledStatusParams;
}

@ObjectType({ description: "The caller's scheduled statuses, newest id first, with the cursors of its ends." })
export class ScheduledStatusPage {
  @Field(() => [ScheduledStatus], { description: 'The scheduled statuses.' })
  items!: ScheduledStatus[];

  @Field(() => ID, { nullable: true, description: 'maxId of the next (older) page.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'minId of the previous (newer) page.' })
  prevMinId!: string | null;
}

@InputType({ description: 'A status to publish, now or at a set time (POST /api/v1/statuses with scheduled_at).' })
export class ScheduleStatusInput extends PublishStatusInput {
  @Field(() => String, {
    description:
      'When to publish, as an ISO 8601 date-time (UTC when no zone). More than 5 minutes ahead: scheduled; at or before now: published at once; in between: refused.',
  })
  scheduledAt!: string;
}

export const ScheduledStatusConnection = connectionType(ScheduledStatus, 'ScheduledStatus', 'scheduled statuses (newest id first)');
export type ScheduledStatusConnection = InstanceType<typeof ScheduledStatusConnection>;
