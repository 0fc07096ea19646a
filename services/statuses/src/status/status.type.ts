import { Directive, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Account } from '../account/account.type.js';
import { ApplicationReference } from './application.stub.js';
import { PollInput } from '../poll/poll.type.js';
import { Node } from '../node/node.type.js';

export enum StatusVisibility {
  PUBLIC = 'public',
  UNLISTED = 'unlisted',
  PRIVATE = 'private',
  DIRECT = 'direct',
}

registerEnumType(StatusVisibility, {
  name: 'StatusVisibility',
  description: 'Who may see a status.',
  valuesConfig: {
    PUBLIC: { description: 'Everyone, in public timelines too.' },
    UNLISTED: { description: 'Everyone, but not in public timelines.' },
    PRIVATE: { description: 'Followers and mentioned accounts.' },
    DIRECT: { description: 'Mentioned accounts only.' },
  },
});

@ObjectType({ description: 'A mention of an account in a status.' })
export class StatusMention {
  @Field(() => ID, { description: 'The mentioned account.' })
  id!: string;

  @Field(() => String, { description: 'Its username.' })
  username!: string;

  @Field(() => String, { description: 'username for local accounts, username@domain for remote ones.' })
  acct!: string;

  @Field(() => String, { description: 'Its profile page.' })
  url!: string;
}

@ObjectType({ description: 'A hashtag used in a status.' })
export class StatusTag {
  @Field(() => String, { description: 'The hashtag in lookup form (lower case), without #.' })
  name!: string;

  @Field(() => String, { description: "The hashtag's page." })
  url!: string;
}

@ObjectType({ description: 'A post. Viewer flags are null without a user token.', implements: Node })
@Directive('@key(fields: "id")')
export class Status {
  @Field(() => ID, { description: 'Snowflake id: later statuses have larger ids.' })
  id!: string;

  @Field(() => Date, { description: 'When it was posted.' })
  createdAt!: Date;

  @Field(() => ID, { nullable: true, description: 'The status it replies to.' })
  inReplyToId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The author of the status it replies to.' })
  inReplyToAccountId!: string | null;

  @Field(() => Boolean, { description: 'Whether its media are hidden by default; always true under a content warning.' })
  sensitive!: boolean;

  @Field(() => String, { description: 'Content warning; empty when none.' })
  spoilerText!: string;

  @Field(() => StatusVisibility, { description: 'Who may see it.' })
  visibility!: StatusVisibility;

  @Field(() => String, { nullable: true, description: 'ISO 639 language code.' })
  language!: string | null;

  @Field(() => String, { description: 'ActivityPub id.' })
  uri!: string;

  @Field(() => String, { nullable: true, description: 'Web page of the status.' })
  url!: string | null;

  @Field(() => Int, { description: 'Replies to it.' })
  repliesCount!: number;

  @Field(() => Int, { description: 'Boosts of it.' })
  reblogsCount!: number;

  @Field(() => Int, { description: 'Favourites of it.' })
  favouritesCount!: number;

  @Field(() => Date, { nullable: true, description: 'When it was last edited; null if never.' })
  editedAt!: Date | null;

  @Field(() => String, { description: 'The text as HTML: escaped, with paragraphs, links, mentions and hashtags. Empty for a boost.' })
  content!: string;

  @Field(() => String, { nullable: true, description: 'Source text; only for the author.' })
  text!: string | null;

  @Field(() => Account, { description: 'The author (of a boost: the booster).' })
  account!: Account;

  @Field(() => ApplicationReference, { nullable: true, description: 'The app that posted it; shown to the author only.' })
  application!: ApplicationReference | null;

  @Field(() => [StatusMention], { description: 'Accounts it mentions, in order of appearance.' })
  mentions!: StatusMention[];

  @Field(() => [StatusTag], { description: 'Hashtags it uses.' })
  tags!: StatusTag[];

  // Resolved by StatusResolver: reblog, favourited, reblogged, muted, bookmarked, pinned.
  accountId!: string;
  reblogOfId!: string | null;
  conversationId!: string | null;
}

@InputType({ description: 'A new status (POST /api/v1/statuses).' })
export class PublishStatusInput {
  @Field(() => String, { nullable: true, description: 'Text; optional with media or a content warning.' })
  status?: string | null;

  @Field(() => StatusVisibility, { nullable: true, description: 'Default: the author\'s default (public).' })
  visibility?: StatusVisibility | null;

  @Field(() => Boolean, { nullable: true, description: 'Hide media by default; forced on by a spoiler text.' })
  sensitive?: boolean | null;

  @Field(() => String, { nullable: true, description: 'Content warning shown before the text.' })
  spoilerText?: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 639 code; a region suffix is dropped, an invalid code replaced by the default.' })
  language?: string | null;

  @Field(() => ID, { nullable: true, description: 'The status it replies to; it must be visible to the author.' })
  inReplyToId?: string | null;

  @Field(() => String, { nullable: true, description: 'The Idempotency-Key header.' })
  idempotencyKey?: string | null;

  @Field(() => [ID], { nullable: true, description: 'The author\'s uploaded media to attach, in this order (at most 4).' })
  mediaIds?: string[] | null;

  @Field(() => PollInput, { nullable: true, description: 'A poll; not with media_ids.' })
  poll?: PollInput | null;
}
