import { Field, ID, ObjectType } from 'type-graphql';
import { Account } from '../account/account.type.js';
import { Status } from '../status/status.type.js';

@ObjectType({ description: 'A keyword filter (Mastodon 4 FilterV2). None can be created yet.' })
export class Filter {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => [String], { description: 'Where it applies: home, notifications, public, thread, account.' })
  context!: string[];

  @Field(() => Date, { nullable: true })
  expiresAt!: Date | null;

  @Field(() => String, { description: 'warn, hide or blur.' })
  filterAction!: string;
}

@ObjectType({ description: 'A direct-message conversation. Not tracked yet.' })
export class Conversation {
  @Field(() => ID)
  id!: string;

  @Field(() => Boolean)
  unread!: boolean;

  @Field(() => [Account], { description: 'The other participants.' })
  accounts!: Account[];

  @Field(() => Status, { nullable: true })
  lastStatus!: Status | null;
}

