import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
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

