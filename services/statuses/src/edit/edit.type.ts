import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { Account } from '../account/account.type.js';
import { MediaAttachmentReference } from '../node/node.type.js';
import { PollInput } from '../poll/poll.type.js';

@InputType({ description: "A change to one of the status's attachments (REST media_attributes[])." })
export class MediaAttributeInput {
  @Field(() => ID, { description: 'An attachment the status has after the edit; others are ignored.' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'Its new description (alt text); an empty one removes it; absent keeps it.' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'Its new focal point, "x,y" from -1.0 to 1.0; absent keeps it.' })
  focus?: string | null;
}

@InputType({ description: 'The input of editStatus (PUT /api/v1/statuses/:id). A field left out keeps what the status has.' })
export class EditStatusInput {
  @Field(() => ID, { description: "One of the caller's own statuses (not a boost)." })
  statusId!: string;

  @Field(() => String, { nullable: true, description: 'The new text.' })
  status?: string | null;

  @Field(() => String, { nullable: true, description: 'The new content warning; empty removes it.' })
  spoilerText?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether its media are hidden by default; forced on by a content warning.' })
  sensitive?: boolean | null;

  @Field(() => String, { nullable: true, description: 'ISO 639 code; an invalid one keeps the current language.' })
  language?: string | null;

  @Field(() => [ID], {
    nullable: true,
    description: "The attachments after the edit, in order (at most 4): ones it has and the caller's unattached media; empty removes them all.",
  })
  mediaIds?: string[] | null;

  @Field(() => [MediaAttributeInput], { nullable: true, description: "Descriptions and focal points of the status's attachments." })
  mediaAttributes?: MediaAttributeInput[] | null;

  @Field(() => PollInput, {
    nullable: true,
    description: 'The poll after the edit; without options removes it. Changed answers or multiple reset its votes.',
  })
  poll?: PollInput | null;
}

@ObjectType({ description: 'An answer of a poll, as a version of a status had it.' })
export class StatusEditPollOption {
  @Field(() => String, { description: 'The answer.' })
  title!: string;
}

@ObjectType({ description: 'The poll of a version of a status: its answers only.' })
export class StatusEditPoll {
  @Field(() => [StatusEditPollOption], { description: 'The answers, in order.' })
  options!: StatusEditPollOption[];
}

@ObjectType({ description: 'An attachment of a version of a status, with the description it had then.' })
export class StatusEditMedia {
  @Field(() => String, { nullable: true, description: 'Its description in that version.' })
  description!: string | null;

  @Field(() => MediaAttachmentReference, { nullable: true, description: 'The attachment as it is now; null once its file was removed.' })
  attachment!: MediaAttachmentReference | null;
}

@ObjectType({ description: 'One version of a status: the original or an edit (Mastodon\'s StatusEdit).' })
export class StatusEdit {
  @Field(() => Date, { description: 'When this version was made (the original: when the status was posted).' })
  createdAt!: Date;

  @Field(() => String, { description: 'Its text as HTML.' })
  content!: string;

  @Field(() => String, { description: 'Its content warning; empty when none.' })
  spoilerText!: string;

  @Field(() => Boolean, { description: 'Whether its media were hidden by default.' })
  sensitive!: boolean;

  @Field(() => Account, { description: 'Who made this version (the author).' })
  account!: Account;

  @Field(() => StatusEditPoll, { nullable: true, description: 'Its poll; null without one.' })
  poll!: StatusEditPoll | null;

  @Field(() => [StatusEditMedia], { description: 'Its attachments, in order.' })
  mediaAttachments!: StatusEditMedia[];
}

@ObjectType({ description: "A status's text as its author typed it, for editing (Mastodon's StatusSource)." })
export class StatusSource {
  @Field(() => ID, { description: 'The status.' })
  id!: string;

  @Field(() => String, { description: 'The plain source text.' })
  text!: string;

  @Field(() => String, { description: 'The content warning as typed.' })
  spoilerText!: string;
}
