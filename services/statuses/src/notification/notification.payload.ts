import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { MutationPayload } from '@social/federation';

@InputType({ description: 'The input of dismissNotification.' })
export class DismissNotificationInput {
  @Field(() => ID, { description: "One of the caller's notifications." })
  notificationId!: string;
}

@ObjectType({ description: 'What dismissNotification answers.' })
export class DismissNotificationPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The id of the deleted notification; null when there are errors.' })
  dismissedNotificationId!: string | null;
}

@ObjectType({ description: 'What clearNotifications answers.' })
export class ClearNotificationsPayload extends MutationPayload {
  @Field(() => Boolean, { nullable: true, description: "True once all of the caller's notifications are deleted; null when there are errors." })
  cleared!: boolean | null;
}
