import { Directive, Field, ID, ObjectType } from 'type-graphql';

/** identity's Application, by key only. */
@ObjectType('Application')
@Directive('@key(fields: "id", resolvable: false)')
export class ApplicationReference {
  @Field(() => ID, { description: 'The application.' })
  id!: string;
}
