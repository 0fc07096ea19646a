import { ArgsType, Field, ID, Int, ObjectType } from 'type-graphql';
import { Account } from '../account/account.type.js';
import { Status } from '../status/status.type.js';

/**
 * Mastodon's cursor arguments, newest first. A cursor is the id of the
 * listed row: a status id for timelines, a bookmark or favourite id for
 * those lists (a page's `nextMaxId` and `prevMinId` give them).
 */
@ArgsType()
export class PageArgs {
  @Field(() => ID, { nullable: true, description: 'Only items older than this cursor (the next page).' })
  maxId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only items newer than this cursor, newest first (the newest page above it).' })
  sinceId?: string | null;

  @Field(() => ID, {
    nullable: true,
    description: 'Only items newer than this cursor, the ones right after it (the previous page); takes precedence over sinceId.',
  })
  minId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Items per page: default 20 (40 for accounts), at most twice that; negative counts as positive.' })
  limit?: number | null;
}

@ObjectType({ description: 'A page of statuses, newest first, with the cursors of its ends.' })
export class StatusPage {
  @Field(() => [Status], { description: 'The statuses, newest first (by the rows listed: a bookmark list by bookmark).' })
  items!: Status[];

  @Field(() => ID, { nullable: true, description: 'Cursor of the oldest item: pass it as maxId for the next page. Null when empty.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Cursor of the newest item: pass it as minId (or sinceId) for the previous page. Null when empty.' })
  prevMinId!: string | null;
}

@ObjectType({ description: 'A page of accounts, newest first, with the cursors of its ends.' })
export class AccountPage {
  @Field(() => [Account], { description: 'The accounts, newest action first.' })
  items!: Account[];

  @Field(() => ID, { nullable: true, description: 'Cursor of the oldest item: pass it as maxId for the next page. Null when empty.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Cursor of the newest item: pass it as sinceId for the previous page. Null when empty.' })
  prevMinId!: string | null;
}
