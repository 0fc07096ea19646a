import { Field, ID, ObjectType } from 'type-graphql';
import { Account } from '../account/account.type.js';
import { Status } from '../status/status.type.js';

@ObjectType({ description: 'A keyword filter (Mastodon 4 FilterV2). None can be created yet.' })
export class Filter {
  @Field(() => ID, { description: 'The filter.' })
  id!: string;

  @Field(() => String, { description: 'Its name.' })
  title!: string;

  @Field(() => [String], { description: 'Where it applies: home, notifications, public, thread, account.' })
  context!: string[];

  @Field(() => Date, { nullable: true, description: 'When it stops applying; null for never.' })
  expiresAt!: Date | null;

  @Field(() => String, { description: 'warn, hide or blur.' })
  filterAction!: string;
}

@ObjectType({ description: 'A direct-message conversation. Not tracked yet.' })
export class Conversation {
  @Field(() => ID, { description: 'The conversation.' })
  id!: string;

  @Field(() => Boolean, { description: 'Whether it has statuses the caller has not read.' })
  unread!: boolean;

  @Field(() => [Account], { description: 'The other participants.' })
  accounts!: Account[];

  @Field(() => Status, { nullable: true, description: 'Its latest status.' })
  lastStatus!: Status | null;
}

