import { Directive, Field, ID, ObjectType } from 'type-graphql';

/** statuses' ScheduledStatus, to which this subgraph contributes the attachments it holds. */
@ObjectType('ScheduledStatus')
@Directive('@key(fields: "id")')
export class ScheduledStatus {
  @Field(() => ID)
  id!: string;
}
