import { ArgsType, Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Account } from '../account/account.type.js';

/** Mastodon's notification types that this server can record. */
export enum NotificationType {
  MENTION = 'mention',
  STATUS = 'status',
  REBLOG = 'reblog',
  FOLLOW = 'follow',
  FOLLOW_REQUEST = 'follow_request',
  FAVOURITE = 'favourite',
  POLL = 'poll',
  UPDATE = 'update',
}

registerEnumType(NotificationType, { name: 'NotificationType', description: 'What a notification is about.' });

@ObjectType({ description: 'Something that happened to the viewer: a mention, a boost, a favourite, a follow...' })
export class Notification {
  @Field(() => ID)
  id!: string;

  @Field(() => NotificationType)
  type!: NotificationType;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => String, { description: 'Notifications with the same key are shown as one group (Mastodon 4.3).' })
  groupKey!: string;

  @Field(() => Account, { description: 'The account that acted.' })
  account!: Account;

  /** Read by the status field resolver. */
  statusId!: string | null;
}


@ArgsType()
export class NotificationFilterArgs {
  @Field(() => [String], { nullable: true, description: "Only these types (Mastodon's names, such as mention); unknown ones match nothing." })
  types?: string[] | null;

  @Field(() => [String], { nullable: true, description: 'Leave out these types.' })
  excludeTypes?: string[] | null;

  @Field(() => ID, { nullable: true, description: 'Only notifications from this account.' })
  accountId?: string | null;
}

@ObjectType({ description: 'A page of notifications, newest first, with the cursors of its ends (notification ids).' })
export class NotificationPage {
  @Field(() => [Notification])
  items!: Notification[];

  @Field(() => ID, { nullable: true, description: 'Cursor of the oldest item: pass it as maxId for the next page. Null when empty.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Cursor of the newest item: pass it as minId (or sinceId) for the previous page. Null when empty.' })
  prevMinId!: string | null;
}
