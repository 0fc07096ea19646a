import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '@social/federation';
import { Account } from '../account/account.type.js';
import { CustomEmoji } from '../custom-emoji/custom-emoji.type.js';

@ObjectType({ description: "A reaction to an announcement: one emoji's count (docs/api/announcements.md#dismissing-and-reacting)." })
export class AnnouncementReaction {
  @Field(() => String, { description: 'A unicode emoji, or a custom emoji\'s shortcode.' })
  name!: string;

  @Field(() => Int, { description: 'How many users reacted with it.' })
  count!: number;

  @Field(() => Boolean, { description: 'Whether the caller is one of them.' })
  me!: boolean;

  @Field(() => String, { nullable: true, description: "A custom emoji's image; null for a unicode emoji." })
  url!: string | null;

  @Field(() => String, { nullable: true, description: "A custom emoji's still image; null for a unicode emoji." })
  staticUrl!: string | null;
}

@ObjectType({ description: 'A hashtag an announcement uses.' })
export class AnnouncementTag {
  @Field(() => String, { description: 'The hashtag, lower-cased, without #.' })
  name!: string;

  @Field(() => String, { description: "The hashtag's page." })
  url!: string;
}

@ObjectType({ description: 'An announcement by the server administrators (docs/api/announcements.md).' })
export class Announcement {
  @Field(() => ID, { description: 'The announcement.' })
  id!: string;

  @Field(() => String, { description: 'HTML: its text with links, mentions of known accounts and hashtags linked.' })
  content!: string;

  @Field(() => String, { description: 'Its text as the admins wrote it.' })
  text!: string;

  @Field(() => Date, { nullable: true, description: 'When the announced event starts; null when it is not an event.' })
  startsAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the announced event ends (and the announcement stops being shown); null when it is not an event.' })
  endsAt!: Date | null;

  @Field(() => Boolean, { description: 'Whether the event lasts whole days (the times are then dates).' })
  allDay!: boolean;

  @Field(() => Boolean, { description: 'Whether it is published (only admins see one that is not).' })
  published!: boolean;

  @Field(() => Date, { description: 'When it was published (created, for a draft).' })
  publishedAt!: Date;

  @Field(() => Date, { description: 'When it was last changed.' })
  updatedAt!: Date;

  @Field(() => Boolean, { description: 'Whether the caller has dismissed it.' })
  read!: boolean;

  @Field(() => [Account], { description: 'The local accounts its text mentions.' })
  mentions!: Account[];

  @Field(() => [AnnouncementTag], { description: 'The hashtags its text uses.' })
  tags!: AnnouncementTag[];

  @Field(() => [CustomEmoji], { description: 'The custom emojis its text holds.' })
  emojis!: CustomEmoji[];

  @Field(() => [AnnouncementReaction], { description: 'Its reactions, per emoji, the first reacted first.' })
  reactions!: AnnouncementReaction[];
}

@InputType({ description: 'A new announcement.' })
export class CreateAnnouncementInput {
  @Field(() => String, { description: 'Plain text, at most 5000 characters.' })
  text!: string;

  @Field(() => Date, { nullable: true, description: 'When the announced event starts.' })
  startsAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the announced event ends; the announcement is no longer shown after it.' })
  endsAt?: Date | null;

  @Field(() => Boolean, { nullable: true, description: 'The event lasts whole days (default false).' })
  allDay?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Publish it now (default true); false keeps it a draft.' })
  published?: boolean | null;
}

@InputType({ description: 'What to change on an announcement; absent (null) fields stay as they are.' })
export class UpdateAnnouncementInput {
  @Field(() => ID, { description: 'The announcement.' })
  announcementId!: string;

  @Field(() => String, { nullable: true, description: 'Plain text, at most 5000 characters.' })
  text?: string | null;

  @Field(() => Date, { nullable: true, description: 'When the announced event starts.' })
  startsAt?: Date | null;

  @Field(() => Date, { nullable: true, description: 'When the announced event ends.' })
  endsAt?: Date | null;

  @Field(() => Boolean, { nullable: true, description: 'Remove the event times (starts and ends).' })
  clearTimes?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'The event lasts whole days.' })
  allDay?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Published (shown to users) or not.' })
  published?: boolean | null;
}

@InputType({ description: 'An announcement to delete.' })
export class DeleteAnnouncementInput {
  @Field(() => ID, { description: 'The announcement.' })
  announcementId!: string;
}

@InputType({ description: 'An announcement to mark read.' })
export class DismissAnnouncementInput {
  @Field(() => ID, { description: 'The announcement.' })
  announcementId!: string;
}

@InputType({ description: 'A reaction to add to a published announcement.' })
export class AddAnnouncementReactionInput {
  @Field(() => ID, { description: 'The announcement.' })
  announcementId!: string;

  @Field(() => String, { description: "A unicode emoji, or an enabled custom emoji's shortcode." })
  name!: string;
}

@InputType({ description: "One of the caller's reactions to remove from a published announcement." })
export class RemoveAnnouncementReactionInput {
  @Field(() => ID, { description: 'The announcement.' })
  announcementId!: string;

  @Field(() => String, { description: "A unicode emoji, or an enabled custom emoji's shortcode." })
  name!: string;
}


@ObjectType({ description: 'What createAnnouncement answers.' })
export class CreateAnnouncementPayload {
  @Field(() => Announcement, { nullable: true, description: 'The new announcement; null when there are errors.' })
  announcement!: Announcement | null;

  @Field(() => [UserError], { description: 'Problems (a blank or long text, an end before the start); when any, nothing changed.' })
  errors!: UserError[];
}

@ObjectType({ description: 'What updateAnnouncement answers.' })
export class UpdateAnnouncementPayload {
  @Field(() => Announcement, { nullable: true, description: 'The announcement as it is now; null when there are errors.' })
  announcement!: Announcement | null;

  @Field(() => [UserError], { description: 'Problems (an unknown announcement, a blank text, an end before the start); when any, nothing changed.' })
  errors!: UserError[];
}

@ObjectType({ description: 'What deleteAnnouncement answers.' })
export class DeleteAnnouncementPayload {
  @Field(() => ID, { nullable: true, description: 'The announcement deleted; null when there are errors.' })
  deletedAnnouncementId!: string | null;

  @Field(() => [UserError], { description: 'Problems (an unknown announcement); when any, nothing changed.' })
  errors!: UserError[];
}

@ObjectType({ description: 'What dismissAnnouncement answers.' })
export class DismissAnnouncementPayload {
  @Field(() => Announcement, { nullable: true, description: 'The announcement, read; null when there are errors.' })
  announcement!: Announcement | null;

  @Field(() => [UserError], { description: 'Problems (an unknown or unpublished announcement); when any, nothing changed.' })
  errors!: UserError[];
}

@ObjectType({ description: 'What addAnnouncementReaction answers.' })
export class AddAnnouncementReactionPayload {
  @Field(() => Announcement, { nullable: true, description: 'The announcement with its reactions now; null when there are errors.' })
  announcement!: Announcement | null;

  @Field(() => [UserError], { description: 'Problems (an unknown announcement, a name that is no emoji, too many different reactions); when any, nothing changed.' })
  errors!: UserError[];
}

@ObjectType({ description: 'What removeAnnouncementReaction answers.' })
export class RemoveAnnouncementReactionPayload {
  @Field(() => Announcement, { nullable: true, description: 'The announcement with its reactions now; null when there are errors.' })
  announcement!: Announcement | null;

  @Field(() => [UserError], { description: 'Problems (an unknown announcement, no such reaction of the caller); when any, nothing changed.' })
  errors!: UserError[];
}
