import { ArgsType, Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { Account } from '../account/account.type.js';
import { Node } from '../node/node.type.js';
import { connectionType } from '../page/connection.type.js';

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
  ADMIN_REPORT = 'admin_report',
}

registerEnumType(NotificationType, {
  name: 'NotificationType',
  description: 'What a notification is about.',
  valuesConfig: {
    MENTION: { description: 'Someone mentioned you in a status.' },
    STATUS: { description: 'Someone you enabled notifications for posted (not recorded yet).' },
    REBLOG: { description: 'Someone boosted your status.' },
    FOLLOW: { description: 'Someone followed you.' },
    FOLLOW_REQUEST: { description: 'Someone asked to follow you (locked accounts; not recorded yet).' },
    FAVOURITE: { description: 'Someone favourited your status.' },
    POLL: { description: 'A poll you voted in or created has ended.' },
    UPDATE: { description: 'A status you boosted was edited.' },
    ADMIN_REPORT: { description: 'Someone filed a report (to moderators who handle reports; REST type admin.report).' },
  },
});

@ObjectType({ description: 'Something that happened to the viewer: a mention, a boost, a favourite, a follow...', implements: Node })
export class Notification {
  @Field(() => ID, { description: 'The notification; its id is also its pagination cursor.' })
  id!: string;

  @Field(() => NotificationType, { description: 'What happened.' })
  type!: NotificationType;

  @Field(() => Date, { description: 'When it happened.' })
  createdAt!: Date;

  @Field(() => String, { description: 'Notifications with the same key are shown as one group (Mastodon 4.3).' })
  groupKey!: string;

  @Field(() => Account, { description: 'The account that acted.' })
  account!: Account;

  @Field(() => Boolean, { description: "Whether the owner's notification policy filtered it: listed only with includeFiltered, shown under a notification request." })
  filtered!: boolean;

  /** Read by the status field resolver. */
  statusId!: string | null;
}


/** The type filter the v1 list and the grouped list share. */
@ArgsType()
export class NotificationTypeArgs {
  @Field(() => [NotificationType], { nullable: true, description: 'Only these types; absent: all of them, empty: none.' })
  types?: NotificationType[] | null;

  @Field(() => [NotificationType], { nullable: true, description: 'Leave out these types.' })
  excludeTypes?: NotificationType[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Also the notifications the notification policy filtered (default false).' })
  includeFiltered?: boolean | null;
}

@ArgsType()
export class NotificationFilterArgs extends NotificationTypeArgs {
  @Field(() => ID, { nullable: true, description: 'Only notifications from this account.' })
  accountId?: string | null;
}

@ObjectType({ description: 'A page of notifications, newest first, with the cursors of its ends (notification ids).' })
export class NotificationPage {
  @Field(() => [Notification], { description: 'The notifications, newest first.' })
  items!: Notification[];

  @Field(() => ID, { nullable: true, description: 'Cursor of the oldest item: pass it as maxId for the next page. Null when empty.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Cursor of the newest item: pass it as minId (or sinceId) for the previous page. Null when empty.' })
  prevMinId!: string | null;
}

export const NotificationConnection = connectionType(Notification, 'Notification', 'notifications');
export type NotificationConnection = InstanceType<typeof NotificationConnection>;
