import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';

/** Where a filter applies (docs/api/filters.md#contexts). */
export enum FilterContext {
  HOME = 'home',
  NOTIFICATIONS = 'notifications',
  PUBLIC = 'public',
  THREAD = 'thread',
  ACCOUNT = 'account',
}

registerEnumType(FilterContext, {
  name: 'FilterContext',
  description: 'Where a filter applies.',
  valuesConfig: {
    HOME: { description: 'The home timeline and lists.' },
    NOTIFICATIONS: { description: 'Notifications.' },
    PUBLIC: { description: 'Public and hashtag timelines.' },
    THREAD: { description: "A status's conversation (context)." },
    ACCOUNT: { description: "An account's statuses." },
  },
});

/** What a matching filter does to a status. */
export enum FilterAction {
  WARN = 'warn',
  HIDE = 'hide',
  BLUR = 'blur',
}

registerEnumType(FilterAction, {
  name: 'FilterAction',
  description: 'What a filter does to the statuses it matches.',
  valuesConfig: {
    WARN: { description: 'Shown behind a warning naming the filter.' },
    HIDE: { description: 'Left out of timelines, notifications and threads.' },
    BLUR: { description: 'Shown with its media hidden.' },
  },
});

@ObjectType({ description: 'A word or phrase a filter matches.' })
export class FilterKeyword {
  @Field(() => ID, { description: 'The keyword.' })
  id!: string;

  @Field(() => String, { description: 'The word or phrase, matched case-insensitively.' })
  keyword!: string;

  @Field(() => Boolean, { description: 'Whether it matches only whole words.' })
  wholeWord!: boolean;

  /** Its filter: for v1 filters and ownership, never exposed. */
  filterId!: string;
}

@ObjectType({ description: 'A status a filter matches by itself (and its boosts).' })
export class FilterStatus {
  @Field(() => ID, { description: 'This entry.' })
  id!: string;

  @Field(() => ID, { description: 'The filtered status.' })
  statusId!: string;

  /** Its filter, never exposed. */
  filterId!: string;
}

@ObjectType({ description: "A user's filter (Mastodon 4's Filter): keywords and statuses it matches, where, and what it does." })
export class Filter {
  @Field(() => ID, { description: 'The filter.' })
  id!: string;

  @Field(() => String, { description: 'Its name, shown in the warning.' })
  title!: string;

  @Field(() => [String], { description: 'Where it applies: home, notifications, public, thread, account.' })
  context!: string[];

  @Field(() => Date, { nullable: true, description: 'When it stops applying; null for never.' })
  expiresAt!: Date | null;

  @Field(() => String, { description: 'warn, hide or blur.' })
  filterAction!: string;

  @Field(() => [FilterKeyword], { description: 'The words it matches, oldest first.' })
  keywords!: FilterKeyword[];

  @Field(() => [FilterStatus], { description: 'The statuses it matches, oldest first.' })
  statuses!: FilterStatus[];
}

@ObjectType({ description: 'A filter that matches a status, and what matched.' })
export class FilterResult {
  @Field(() => Filter, { description: 'The filter.' })
  filter!: Filter;

  @Field(() => [String], { nullable: true, description: 'Its keywords found in the status; null when none.' })
  keywordMatches!: string[] | null;

  @Field(() => [ID], { nullable: true, description: 'The ids of its filtered statuses this status is (or boosts); null when none.' })
  statusMatches!: string[] | null;
}

@InputType({ description: 'A keyword to add, change or remove with createFilter or updateFilter.' })
export class FilterKeywordAttributes {
  @Field(() => ID, { nullable: true, description: 'An existing keyword of the filter to change or remove; absent to add one.' })
  id?: string | null;

  @Field(() => String, { nullable: true, description: 'The word or phrase; required for a new keyword.' })
  keyword?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whole words only; default false.' })
  wholeWord?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Remove the keyword named by id.' })
  destroy?: boolean | null;
}

@InputType({ description: 'A new filter (createFilter).' })
export class CreateFilterInput {
  @Field(() => String, { description: 'Its name, not blank.' })
  title!: string;

  @Field(() => [FilterContext], { description: 'Where it applies; at least one.' })
  context!: FilterContext[];

  @Field(() => FilterAction, { nullable: true, description: 'Default WARN.' })
  filterAction?: FilterAction | null;

  @Field(() => Int, { nullable: true, description: 'Seconds from now until it stops applying; null for never.' })
  expiresIn?: number | null;

  @Field(() => [FilterKeywordAttributes], { nullable: true, description: 'Keywords to add.' })
  keywords?: FilterKeywordAttributes[] | null;
}

@InputType({ description: 'Changes to a filter (updateFilter); fields left out keep their values.' })
export class UpdateFilterInput {
  @Field(() => ID, { description: "One of the caller's filters." })
  filterId!: string;

  @Field(() => String, { nullable: true, description: 'Its new name.' })
  title?: string | null;

  @Field(() => [FilterContext], { nullable: true, description: 'Where it applies; at least one.' })
  context?: FilterContext[] | null;

  @Field(() => FilterAction, { nullable: true, description: 'What it does.' })
  filterAction?: FilterAction | null;

  @Field(() => Int, { nullable: true, description: 'Seconds from now until it stops applying; 0 for never.' })
  expiresIn?: number | null;

  @Field(() => [FilterKeywordAttributes], { nullable: true, description: 'Keywords to add, change (with id) or remove (with id and destroy).' })
  keywords?: FilterKeywordAttributes[] | null;
}
