import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { Status } from './status.type.js';

@ObjectType({ description: 'What publishStatus answers.' })
export class PublishStatusPayload extends MutationPayload {
  @Field(() => Status, { nullable: true, description: 'The new status; null when there are errors.' })
  status!: Status | null;
}

@InputType({ description: 'The input of deleteStatus.' })
export class DeleteStatusInput {
  @Field(() => ID, { description: "One of the caller's statuses." })
  statusId!: string;
}

@ObjectType({ description: 'What deleteStatus answers.' })
export class DeleteStatusPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The id of the deleted status; null when there are errors.' })
  deletedStatusId!: string | null;

  @Field(() => Status, { nullable: true, description: 'The status as it was, with its source text (for redrafting); null when there are errors.' })
  status!: Status | null;
}
