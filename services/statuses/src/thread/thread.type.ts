import { Field, ObjectType } from 'type-graphql';
import { Status } from '../status/status.type.js';

@ObjectType({ description: "A status's place in its thread (Mastodon's Context)." })
export class StatusContext {
  @Field(() => [Status], { description: 'Statuses above it, root first, down to its parent; hidden ones left out.' })
  ancestors!: Status[];

  @Field(() => [Status], { description: 'Replies below it, depth first, self-replies first; hidden ones left out.' })
  descendants!: Status[];
}
