import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '@social/federation';
import { Account } from '../account/account.type.js';

/** Why an account is suggested (Mastodon's suggestion sources; docs/api/accounts.md#suggestions). */
export enum SuggestionSource {
  FRIENDS_OF_FRIENDS = 'FRIENDS_OF_FRIENDS',
  MOST_FOLLOWED = 'MOST_FOLLOWED',
}

registerEnumType(SuggestionSource, {
  name: 'SuggestionSource',
  description: 'Why an account is suggested.',
  valuesConfig: {
    FRIENDS_OF_FRIENDS: { description: 'Accounts the user follows follow it (REST `friends_of_friends`, legacy source `past_interactions`).' },
    MOST_FOLLOWED: { description: 'A discoverable account that posted lately, among the most followed (REST `most_followed`, legacy source `global`).' },
  },
});

@ObjectType({ description: 'An account suggested to the user to follow, and why (Mastodon\'s Suggestion).' })
export class Suggestion {
  @Field(() => [SuggestionSource], { description: 'Why it is suggested, the strongest reason first.' })
  sources!: SuggestionSource[];

  @Field(() => Account, { description: 'The account suggested.' })
  account!: Account;
}

@ArgsType()
export class SuggestionArgs {
  @Field(() => Int, { nullable: true, description: 'How many to answer: 40 by default, at most 80.' })
  limit?: number | null;

  @Field(() => Int, { nullable: true, description: 'How many of the first suggestions to skip (0 by default).' })
  offset?: number | null;
}

@InputType({ description: 'An account to suggest no more.' })
export class DismissSuggestionInput {
  @Field(() => ID, { description: 'The account.' })
  accountId!: string;
}

@ObjectType({ description: 'What dismissSuggestion answers.' })
export class DismissSuggestionPayload {
  @Field(() => ID, { nullable: true, description: 'The account no longer suggested; null when there are errors.' })
  dismissedAccountId!: string | null;

  @Field(() => [UserError], { description: 'Problems (an unknown account); when any, nothing changed.' })
  errors!: UserError[];
}
