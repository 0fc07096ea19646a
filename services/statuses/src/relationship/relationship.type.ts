import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { UserError } from '@social/federation';
import { Account } from '../account/account.type.js';

@ObjectType({ description: 'How the viewer and another account relate (docs/api/accounts.md#relationships). Domain blocks of remote accounts are not modelled: every account is local.' })
export class Relationship {
  @Field(() => ID, { description: 'The other account.' })
  id!: string;

  @Field(() => Boolean, { description: 'Whether the viewer follows the account.' })
  following!: boolean;

  @Field(() => Boolean, { description: 'Whether the viewer sees the account\'s boosts in the home timeline (of the follow, or of the pending request).' })
  showingReblogs!: boolean;

  @Field(() => Boolean, { description: 'Whether the viewer is notified of the account\'s posts (of the follow, or of the pending request).' })
  notifying!: boolean;

  @Field(() => [String], { nullable: true, description: 'The only languages of the account\'s posts that reach the viewer\'s home timeline; null for all.' })
  languages!: string[] | null;

  @Field(() => Boolean, { description: 'Whether the account follows the viewer.' })
  followedBy!: boolean;

  @Field(() => Boolean, { description: 'Whether the viewer blocks the account.' })
  blocking!: boolean;

  @Field(() => Boolean, { description: 'Whether the account blocks the viewer.' })
  blockedBy!: boolean;

  @Field(() => Boolean, { description: 'Whether the viewer mutes the account (a lapsed mute no longer counts).' })
  muting!: boolean;

  @Field(() => Boolean, { description: 'Whether the viewer\'s mute also hides notifications from the account.' })
  mutingNotifications!: boolean;

  @Field(() => Date, { nullable: true, description: 'When the viewer\'s mute of the account lapses; null when not muting or muting until unmuted.' })
  mutingExpiresAt!: Date | null;

  @Field(() => Boolean, { description: 'The viewer asked to follow the account (it is locked) and it has not answered yet.' })
  requested!: boolean;

  @Field(() => Boolean, { description: 'The account asked to follow the viewer and the viewer has not answered yet.' })
  requestedBy!: boolean;

  @Field(() => Boolean, { description: 'Whether the viewer blocks the account\'s domain (always false for now).', deprecationReason: 'Always false: domain blocks are not implemented.' })
  domainBlocking!: boolean;

  @Field(() => Boolean, { description: 'Whether the viewer features (endorses) the account on their profile.' })
  endorsed!: boolean;

  @Field(() => String, { description: 'The viewer\'s private note on the account.' })
  note!: string;
}

@ObjectType({ description: 'Of the accounts the viewer follows, those following a given account (Mastodon\'s FamiliarFollowers).' })
export class FamiliarFollowers {
  @Field(() => ID, { description: 'The account asked about.' })
  id!: string;

  @Field(() => [Account], { description: 'Its followers whom the viewer follows, newest follow first.' })
  accounts!: Account[];
}

@InputType({ description: 'The account to follow and the options of the follow; an option left out keeps its current value (or its default on a new follow).' })
export class FollowAccountInput {
  @Field(() => ID, { description: 'The account to follow.' })
  accountId!: string;

  @Field(() => Boolean, { nullable: true, description: 'Show the account\'s boosts in the home timeline (default true).' })
  reblogs?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Notify of the account\'s posts (default false).' })
  notify?: boolean | null;

  @Field(() => [String], { nullable: true, description: 'Only posts in these languages (ISO 639-1 codes) reach the home timeline; an empty list for all (the default).' })
  languages?: string[] | null;
}


@InputType({ description: 'The viewer\'s private note on an account.' })
export class SetAccountNoteInput {
  @Field(() => ID, { description: 'The account the note is about.' })
  accountId!: string;

  @Field(() => String, { nullable: true, description: 'The note, at most 2000 characters; null, empty or blank removes it.' })
  comment?: string | null;
}

@ObjectType({ description: 'What setAccountNote answers.' })
export class SetAccountNotePayload {
  @Field(() => Relationship, { nullable: true, description: 'The relationship with the account, its note as written; null when there are errors.' })
  relationship!: Relationship | null;

  @Field(() => [UserError], { description: 'Problems with the input (an unknown account, a note too long); when any, nothing changed.' })
  errors!: UserError[];
}

@InputType({ description: 'The account to endorse.' })
export class EndorseAccountInput {
  @Field(() => ID, { description: 'The account; endorsing needs a follow of it.' })
  accountId!: string;
}

@ObjectType({ description: 'What endorseAccount answers.' })
export class EndorseAccountPayload {
  @Field(() => Relationship, { nullable: true, description: 'The relationship with the account, `endorsed` as changed; null when there are errors.' })
  relationship!: Relationship | null;

  @Field(() => [UserError], { description: 'Problems (an unknown account; endorsing one not followed); when any, nothing changed.' })
  errors!: UserError[];
}

@InputType({ description: 'The account to stop endorsing.' })
export class UnendorseAccountInput {
  @Field(() => ID, { description: 'The account.' })
  accountId!: string;
}

@ObjectType({ description: 'What unendorseAccount answers.' })
export class UnendorseAccountPayload {
  @Field(() => Relationship, { nullable: true, description: 'The relationship with the account, no longer endorsed; null when there are errors.' })
  relationship!: Relationship | null;

  @Field(() => [UserError], { description: 'Problems (an unknown account); when any, nothing changed.' })
  errors!: UserError[];
}
