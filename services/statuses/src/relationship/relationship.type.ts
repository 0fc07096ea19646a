import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Account } from '../account/account.type.js';

@ObjectType({ description: 'How the viewer and another account relate. Blocks, mutes, follow requests and endorsements are not modelled yet: always false.' })
export class Relationship {
  @Field(() => ID, { description: 'The other account.' })
  id!: string;

  @Field(() => Boolean)
  following!: boolean;

  @Field(() => Boolean, { description: 'Whether the viewer sees the account\'s boosts in the home timeline.' })
  showingReblogs!: boolean;

  @Field(() => Boolean, { description: 'Whether the viewer is notified of the account\'s posts.' })
  notifying!: boolean;

  @Field(() => [String], { nullable: true, description: 'Languages the viewer follows the account in; null for all.' })
  languages!: string[] | null;

  @Field(() => Boolean)
  followedBy!: boolean;

  @Field(() => Boolean)
  blocking!: boolean;

  @Field(() => Boolean)
  blockedBy!: boolean;

  @Field(() => Boolean)
  muting!: boolean;

  @Field(() => Boolean)
  mutingNotifications!: boolean;

  @Field(() => Boolean, { description: 'A follow request is pending.' })
  requested!: boolean;

  @Field(() => Boolean)
  requestedBy!: boolean;

  @Field(() => Boolean)
  domainBlocking!: boolean;

  @Field(() => Boolean)
  endorsed!: boolean;

  @Field(() => String, { description: 'The viewer\'s private note on the account.' })
  note!: string;
}

@InputType({ description: 'Options of a follow; an option left out keeps its current value (or its default on a new follow).' })
export class FollowAccountInput {
  @Field(() => Boolean, { nullable: true, description: 'Show the account\'s boosts in the home timeline (default true).' })
  reblogs?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Notify of the account\'s posts (default false).' })
  notify?: boolean | null;
}

@InputType({ description: 'A page of a follow list, newest follow first; the cursors are follow ids (Mastodon\'s max_id and since_id).' })
export class FollowPageInput {
  @Field(() => ID, { nullable: true, description: 'Only follows older than this cursor.' })
  maxId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only follows newer than this cursor.' })
  sinceId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Default 40, at most 80; 0 gives an empty page.' })
  limit?: number | null;
}

@ObjectType({ description: 'A page of followers or followed accounts.' })
export class FollowPage {
  @Field(() => [Account])
  accounts!: Account[];

  @Field(() => ID, { nullable: true, description: 'Cursor for the next (older) page; null when this page is not full.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Cursor for newer follows; null when the page is empty.' })
  prevSinceId!: string | null;
}
