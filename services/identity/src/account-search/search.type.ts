import { ArgsType, Directive, Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { SEARCH_LIMIT } from '@social/federation';
import { Account } from '../account/account.type.js';

export enum SearchType {
  ACCOUNTS = 'accounts',
  STATUSES = 'statuses',
  HASHTAGS = 'hashtags',
}

registerEnumType(SearchType, {
  name: 'SearchType',
  description: 'One category of search results.',
  valuesConfig: {
    ACCOUNTS: { description: 'Accounts only.' },
    STATUSES: { description: 'Statuses only.' },
    HASHTAGS: { description: 'Hashtags only.' },
  },
});

@ArgsType()
export class SearchArgs {
  @Field(() => String, { description: 'What to look for: words, the start of a username or hashtag, a handle, or (with `resolve`) a URL of this server.' })
  q!: string;

  @Field(() => SearchType, { nullable: true, description: 'One category only; all three when left out.' })
  type?: SearchType | null;

  @Field(() => Boolean, { nullable: true, description: 'Look a URL of this server up instead of searching text; needs a user.' })
  resolve?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Only accounts the caller follows (and the caller).' })
  following?: boolean | null;

  @Field(() => ID, { nullable: true, description: 'Only statuses of this account.' })
  accountId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Hashtags: only the one named exactly and those a moderator reviewed (approved or rejected).' })
  excludeUnreviewed?: boolean | null;

  @Field(() => ID, { nullable: true, description: 'Only statuses older than this id.' })
  maxId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only statuses newer than this id.' })
  minId?: string | null;

  @Field(() => Int, { nullable: true, description: 'Results to skip per category, when `type` is given (otherwise ignored); needs a user.' })
  offset?: number | null;

  @Field(() => Int, { nullable: true, description: `Results per category: ${SEARCH_LIMIT.default} when left out, ${SEARCH_LIMIT.max} at the most.` })
  limit?: number | null;
}

@ObjectType({ description: 'What one search found, per category; each list is empty when its category was not searched.' })
@Directive('@key(fields: "key")')
export class SearchResults {
  @Field(() => String, { description: 'The search, as the subgraphs pass it to each other. Internal.' })
  @Directive('@inaccessible')
  key!: string;

  @Field(() => [Account], { description: 'Accounts: the exact username first, then accounts the caller follows, then the closest matches.' })
  accounts!: Account[];
}
