import { Directive, Field, ID, ObjectType } from 'type-graphql';

/** statuses' Status, to which this subgraph contributes the attachments. */
@ObjectType('Status')
@Directive('@key(fields: "id")')
export class Status {
  @Field(() => ID)
  id!: string;
}
