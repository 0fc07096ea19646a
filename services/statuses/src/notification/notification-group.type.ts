import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '@social/federation';
import { Account } from '../account/account.type.js';
import { Status } from '../status/status.type.js';
import { NotificationType, NotificationTypeArgs } from './notification.type.js';

/** Notifications shown as one entry (docs/api/notifications.md#grouping). */
@ObjectType({ description: 'Notifications shown as one entry: favourites or boosts of one status, or follows, within an hour; any other notification is a group of its own.' })
export class NotificationGroup {
  @Field(() => String, { description: 'The group: `<type>-<status id>-<hour>`, `follow-<hour>`, or `ungrouped-<notification id>`.' })
  groupKey!: string;

  @Field(() => NotificationType, { description: 'What its notifications are about.' })
  type!: NotificationType;

  @Field(() => Int, { description: 'How many notifications it holds, up to the top of the page.' })
  notificationsCount!: number;

  @Field(() => ID, { description: 'Its newest notification, up to the top of the page.' })
  mostRecentNotificationId!: string;

  @Field(() => ID, { nullable: true, description: 'Its oldest notification within the page; null outside a page (one group shown alone).' })
  pageMinId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Its newest notification within the page; null outside a page.' })
  pageMaxId!: string | null;

  @Field(() => Date, { nullable: true, description: 'When its newest notification within the page came; null outside a page.' })
  latestPageNotificationAt!: Date | null;

  @Field(() => [ID], { description: 'Up to 8 of the accounts that acted, most recent first (each in the page\'s `accounts`).' })
  sampleAccountIds!: string[];

  @Field(() => ID, { nullable: true, description: 'The status it is about (a boost group: the boosted status); null for follows.' })
  statusId!: string | null;
}

@ObjectType({ description: 'Notification groups with each account and status they name once.' })
export class NotificationGroupPage {
  @Field(() => [NotificationGroup], { description: 'The groups, newest first.' })
  groups!: NotificationGroup[];

  @Field(() => [Account], { description: 'Every account the groups name, once.' })
  accounts!: Account[];

  @Field(() => [Status], { description: 'Every status the groups name that the caller may see, once.' })
  statuses!: Status[];

  @Field(() => ID, { nullable: true, description: 'The oldest notification of the page: pass it as maxId for the next page. Null when empty.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'The newest notification of the page: pass it as minId for the previous page. Null when empty.' })
  prevMinId!: string | null;
}

@ArgsType()
export class NotificationGroupFilterArgs extends NotificationTypeArgs {
  @Field(() => [NotificationType], {
    nullable: true,
    description: 'The types allowed to group (of FAVOURITE, REBLOG and FOLLOW, the default); the others come one notification a group.',
  })
  groupedTypes?: NotificationType[] | null;
}

@InputType({ description: 'Which notification group to dismiss.' })
export class DismissNotificationGroupInput {
  @Field(() => String, { description: 'The group\'s key (`ungrouped-<notification id>` for a single notification).' })
  groupKey!: string;
}

@ObjectType({ description: 'What dismissNotificationGroup answers.' })
export class DismissNotificationGroupPayload {
  @Field(() => String, { nullable: true, description: 'The key of the group whose notifications were deleted; null when there are errors.' })
  dismissedGroupKey!: string | null;

  @Field(() => [UserError], { description: 'NOT_FOUND when the key names none of the caller\'s notifications; when any, nothing changed.' })
  errors!: UserError[];
}
