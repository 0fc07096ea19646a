import { Field, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { ApplicationRegistration } from './application.type.js';

@ObjectType({ description: 'What registerApplication answers.' })
export class RegisterApplicationPayload extends MutationPayload {
  @Field(() => ApplicationRegistration, { nullable: true, description: 'The new application with its client credentials (shown once); null when there are errors.' })
  registration!: ApplicationRegistration | null;
}
