import { Directive, Field, ID, Int, ObjectType } from 'type-graphql';
import { Node } from '../node/node.type.js';

/** identity's Account, with the counters this subgraph knows. */
@ObjectType('Account', { implements: Node })
@Directive('@key(fields: "id")')
export class Account {
  @Field(() => ID, { description: 'Snowflake id.' })
  id!: string;

  @Field(() => Int, { description: 'Statuses posted, boosts included.' })
  statusesCount!: number;

  @Field(() => Int, { description: 'Accounts following it.' })
  followersCount!: number;

  @Field(() => Int, { description: 'Accounts it follows.' })
  followingCount!: number;

  @Field(() => Date, { nullable: true, description: 'When the account last posted.' })
  lastStatusAt!: Date | null;
}
