import { Directive, Field, ID, ObjectType, registerEnumType } from 'type-graphql';

/** The feeds a new status can land in, as streaming asks about them. */
export enum Feed {
  HOME = 'home',
  PUBLIC = 'public',
  HASHTAG = 'hashtag',
  LIST = 'list',
  DIRECT = 'direct',
}

registerEnumType(Feed, {
  name: 'Feed',
  description: 'A timeline a status can belong to.',
  valuesConfig: {
    HOME: { description: "The caller's home timeline." },
    PUBLIC: { description: 'The public timeline (local: only this server).' },
    HASHTAG: { description: 'Public statuses with a hashtag (tag).' },
    LIST: { description: "One of the caller's lists (listId)." },
    DIRECT: { description: 'Direct statuses the caller wrote or is mentioned in.' },
  },
});

@ObjectType({ description: "A viewer whose home feed holds a status, with the viewer's flags of it (streaming renders the status once, then lays these over it)." })
@Directive('@inaccessible')
export class StreamHomeMember {
  @Field(() => ID, { description: 'The viewer.' })
  accountId!: string;

  @Field(() => Boolean, { description: 'The viewer wrote the status or what it boosts (or it boosts a boost): its rendering differs beyond these flags.' })
  personal!: boolean;

  @Field(() => Boolean, { description: 'Favourited (a boost: its original), at both levels of a boost.' })
  favourited!: boolean;

  @Field(() => Boolean, { description: 'Boosted (a boost: its original), at both levels of a boost.' })
  reblogged!: boolean;

  @Field(() => Boolean, { description: 'Bookmarked (a boost: its original), at both levels of a boost.' })
  bookmarked!: boolean;

  @Field(() => Boolean, { description: "The status's conversation is muted by the viewer." })
  muted!: boolean;

  @Field(() => Boolean, { nullable: true, description: "A boost: the boosted status's conversation is muted by the viewer; else null." })
  reblogMuted!: boolean | null;

  @Field(() => Boolean, { description: "The viewer has a filter in force: the status's filtered differs from viewer to viewer, so it is rendered for this one alone." })
  hasFilters!: boolean;
}
