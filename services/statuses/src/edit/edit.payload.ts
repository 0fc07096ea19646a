import { Field, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { Status } from '../status/status.type.js';

@ObjectType({ description: 'What editStatus answers.' })
export class EditStatusPayload extends MutationPayload {
  @Field(() => Status, { nullable: true, description: 'The status as it is after the edit (unchanged when nothing changed); null when there are errors.' })
  status!: Status | null;
}
