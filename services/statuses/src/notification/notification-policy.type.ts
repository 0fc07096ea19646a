import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MutationPayload } from '@social/federation';
import { Account } from '../account/account.type.js';
import { connectionType } from '../page/connection.type.js';

/** What a notification policy does with one kind of sender (docs/api/notification-policy.md). */
export enum NotificationPolicyAction {
  ACCEPT = 'accept',
  FILTER = 'filter',
  DROP = 'drop',
}

registerEnumType(NotificationPolicyAction, {
  name: 'NotificationPolicyAction',
  description: 'What a notification policy does with the notifications of one kind of sender.',
  valuesConfig: {
    ACCEPT: { description: 'List them as any other.' },
    FILTER: { description: 'Keep them out of the list, under a notification request from the sender.' },
    DROP: { description: 'Record nothing.' },
  },
});

@ObjectType({ description: 'The pending notification requests, counted up to 100 requests.' })
export class NotificationPolicySummary {
  @Field(() => Int, { description: 'Requests not accepted or dismissed.' })
  pendingRequestsCount!: number;

  @Field(() => Int, { description: 'The filtered notifications of those requests.' })
  pendingNotificationsCount!: number;
}

@ObjectType({ description: "Which senders' notifications the user accepts, filters or drops (Mastodon 4.3's policy)." })
export class NotificationPolicy {
  @Field(() => NotificationPolicyAction, { description: 'Accounts the user does not follow.' })
  forNotFollowing!: NotificationPolicyAction;

  @Field(() => NotificationPolicyAction, { description: 'Accounts that do not follow the user, or have for less than 3 days.' })
  forNotFollowers!: NotificationPolicyAction;

  @Field(() => NotificationPolicyAction, { description: 'Accounts younger than 30 days that the user does not follow.' })
  forNewAccounts!: NotificationPolicyAction;

  @Field(() => NotificationPolicyAction, { description: 'Direct mentions from accounts the user does not follow, outside a thread the user started with them.' })
  forPrivateMentions!: NotificationPolicyAction;

  @Field(() => NotificationPolicyAction, { description: 'Accounts limited (silenced) by moderators, when the recipient does not follow them (default FILTER).' })
  forLimitedAccounts!: NotificationPolicyAction;

  @Field(() => NotificationPolicySummary, { description: 'The pending requests.' })
  summary!: NotificationPolicySummary;
}

@ObjectType({ description: "One sender's filtered notifications to the user, to accept or dismiss." })
export class NotificationRequest {
  @Field(() => ID, { description: 'The request; its id is also its pagination cursor.' })
  id!: string;

  @Field(() => Date, { description: 'When the first filtered notification came.' })
  createdAt!: Date;

  @Field(() => Date, { description: 'When the latest one came.' })
  updatedAt!: Date;

  @Field(() => Account, { description: 'The sender.' })
  account!: Account;

  @Field(() => Int, { description: 'How many filtered notifications the sender has for the user.' })
  notificationsCount!: number;

  /** Read by the lastStatus field resolver. */
  lastStatusId!: string | null;
}

export const NotificationRequestConnection = connectionType(NotificationRequest, 'NotificationRequest', 'notification requests');
export type NotificationRequestConnection = InstanceType<typeof NotificationRequestConnection>;

@ObjectType({ description: 'A page of notification requests, newest first, with the cursors of its ends (request ids).' })
export class NotificationRequestPage {
  @Field(() => [NotificationRequest], { description: 'The requests, newest first.' })
  items!: NotificationRequest[];

  @Field(() => ID, { nullable: true, description: 'Cursor of the oldest item: pass it as maxId for the next page. Null when empty.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Cursor of the newest item: pass it as minId for the previous page. Null when empty.' })
  prevMinId!: string | null;
}

@InputType({ description: 'The input of updateNotificationPolicy: the rules to change (the others stay).' })
export class UpdateNotificationPolicyInput {
  @Field(() => NotificationPolicyAction, { nullable: true, description: 'Accounts the user does not follow.' })
  forNotFollowing?: NotificationPolicyAction | null;

  @Field(() => NotificationPolicyAction, { nullable: true, description: 'Accounts that do not follow the user.' })
  forNotFollowers?: NotificationPolicyAction | null;

  @Field(() => NotificationPolicyAction, { nullable: true, description: 'Accounts younger than 30 days.' })
  forNewAccounts?: NotificationPolicyAction | null;

  @Field(() => NotificationPolicyAction, { nullable: true, description: 'Unsolicited direct mentions.' })
  forPrivateMentions?: NotificationPolicyAction | null;

  @Field(() => NotificationPolicyAction, { nullable: true, description: 'Accounts limited by moderators.' })
  forLimitedAccounts?: NotificationPolicyAction | null;
}

@ObjectType({ description: 'What updateNotificationPolicy answers.' })
export class UpdateNotificationPolicyPayload extends MutationPayload {
  @Field(() => NotificationPolicy, { nullable: true, description: 'The policy as saved; null when there are errors.' })
  notificationPolicy!: NotificationPolicy | null;
}

@InputType({ description: 'The input of acceptNotificationRequest.' })
export class AcceptNotificationRequestInput {
  @Field(() => ID, { description: "One of the caller's notification requests." })
  requestId!: string;
}

@InputType({ description: 'The input of dismissNotificationRequest.' })
export class DismissNotificationRequestInput {
  @Field(() => ID, { description: "One of the caller's notification requests." })
  requestId!: string;
}

@InputType({ description: 'The input of acceptNotificationRequests.' })
export class AcceptNotificationRequestsInput {
  @Field(() => [ID], { description: "The caller's notification requests; other ids are ignored." })
  requestIds!: string[];
}

@InputType({ description: 'The input of dismissNotificationRequests.' })
export class DismissNotificationRequestsInput {
  @Field(() => [ID], { description: "The caller's notification requests; other ids are ignored." })
  requestIds!: string[];
}

@ObjectType({ description: 'What acceptNotificationRequest answers.' })
export class AcceptNotificationRequestPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: "The accepted request (now gone: its sender's notifications are listed); null when there are errors." })
  acceptedRequestId!: string | null;
}

@ObjectType({ description: 'What dismissNotificationRequest answers.' })
export class DismissNotificationRequestPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The dismissed request; null when there are errors.' })
  dismissedRequestId!: string | null;
}

@ObjectType({ description: 'What acceptNotificationRequests answers.' })
export class AcceptNotificationRequestsPayload extends MutationPayload {
  @Field(() => Int, { nullable: true, description: 'How many of the requests were accepted; null when there are errors.' })
  acceptedCount!: number | null;
}

@ObjectType({ description: 'What dismissNotificationRequests answers.' })
export class DismissNotificationRequestsPayload extends MutationPayload {
  @Field(() => Int, { nullable: true, description: 'How many of the requests were dismissed; null when there are errors.' })
  dismissedCount!: number | null;
}
