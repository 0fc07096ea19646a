import { Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { MutationPayload } from '@social/federation';

/** Which senders' notifications are pushed (Mastodon's data[policy]). */
export enum WebPushPolicy {
  ALL = 'all',
  FOLLOWED = 'followed',
  FOLLOWER = 'follower',
  NONE = 'none',
}

registerEnumType(WebPushPolicy, {
  name: 'WebPushPolicy',
  description: "Whose notifications a push subscription is sent.",
  valuesConfig: {
    ALL: { description: 'Everyone\'s.' },
    FOLLOWED: { description: 'Only those of accounts the user follows.' },
    FOLLOWER: { description: 'Only those of accounts following the user.' },
    NONE: { description: 'Nobody\'s: nothing is pushed.' },
  },
});

@ObjectType({ description: 'Which kinds of notification are pushed.' })
export class WebPushAlerts {
  @Field(() => Boolean, { description: 'Someone mentioned the user.' })
  mention!: boolean;

  @Field(() => Boolean, { description: 'Someone the user asked to be notified of posted.' })
  status!: boolean;

  @Field(() => Boolean, { description: "Someone boosted the user's status." })
  reblog!: boolean;

  @Field(() => Boolean, { description: 'Someone followed the user.' })
  follow!: boolean;

  @Field(() => Boolean, { description: 'Someone asked to follow the user.' })
  followRequest!: boolean;

  @Field(() => Boolean, { description: "Someone favourited the user's status." })
  favourite!: boolean;

  @Field(() => Boolean, { description: 'A poll the user voted in or made ended.' })
  poll!: boolean;

  @Field(() => Boolean, { description: 'A status the user boosted was edited.' })
  update!: boolean;

  @Field(() => Boolean, { description: 'Someone signed up (only kept for users who may manage users).' })
  adminSignUp!: boolean;

  @Field(() => Boolean, { description: 'A report was filed (only kept for users who may manage reports).' })
  adminReport!: boolean;
}

@ObjectType({ description: "The Web Push subscription of the caller's access token (docs/api/push.md): where and which notifications are pushed." })
export class WebPushSubscription {
  @Field(() => ID, { description: 'The subscription; a new one each time the token subscribes again.' })
  id!: string;

  @Field(() => String, { description: 'The push service URL notifications are sent to.' })
  endpoint!: string;

  @Field(() => Boolean, { description: 'Pushes are RFC 8291 aes128gcm with RFC 8292 VAPID; false: the older aesgcm draft.' })
  standard!: boolean;

  @Field(() => WebPushAlerts, { description: 'Which kinds of notification are pushed.' })
  alerts!: WebPushAlerts;

  @Field(() => WebPushPolicy, { description: "Whose notifications are pushed." })
  policy!: WebPushPolicy;

  @Field(() => String, { description: "The server's VAPID public key (base64url), which signs every push." })
  serverKey!: string;
}

@InputType({ description: 'Kinds of notification to push; those left out are not pushed.' })
export class WebPushAlertsInput {
  @Field(() => Boolean, { nullable: true, description: 'Mentions.' })
  mention?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Posts of accounts the user asked to be notified of.' })
  status?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Boosts.' })
  reblog?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'New followers.' })
  follow?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Follow requests.' })
  followRequest?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Favourites.' })
  favourite?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Ended polls.' })
  poll?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Edits of boosted statuses.' })
  update?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Sign-ups (kept only with the manage_users permission).' })
  adminSignUp?: boolean | null;

  @Field(() => Boolean, { nullable: true, description: 'Reports (kept only with the manage_reports permission).' })
  adminReport?: boolean | null;
}

@InputType({ description: "The browser's (or app's) keys of a push subscription (the Push API's getKey())." })
export class WebPushKeysInput {
  @Field(() => String, { description: 'The P-256 public key, base64url (65 bytes, uncompressed point).' })
  p256dh!: string;

  @Field(() => String, { description: 'The authentication secret, base64url (16 bytes).' })
  auth!: string;
}

@InputType({ description: "A new push subscription for the caller's access token; it replaces the token's old one." })
export class CreatePushSubscriptionInput {
  @Field(() => String, { description: 'The push service URL (https; see docs/api/push.md#endpoints).' })
  endpoint!: string;

  @Field(() => WebPushKeysInput, { description: 'The keys pushes are encrypted for.' })
  keys!: WebPushKeysInput;

  @Field(() => Boolean, { nullable: true, description: 'Send RFC 8291 aes128gcm pushes; default false, the older aesgcm draft.' })
  standard?: boolean | null;

  @Field(() => WebPushAlertsInput, { nullable: true, description: 'Kinds of notification to push; none when left out.' })
  alerts?: WebPushAlertsInput | null;

  @Field(() => WebPushPolicy, { nullable: true, description: 'Whose notifications to push; default ALL.' })
  policy?: WebPushPolicy | null;

  @Field(() => String, {
    nullable: true,
    description: "The access token this request is made with, to be sent back in every push's access_token so a client can tell which of its accounts a push is for. Must be the request's own token; left out, pushes carry an empty access_token.",
  })
  accessToken?: string | null;
}

@InputType({ description: "Changes to the caller's push subscription: the fields given change, the others stay." })
export class UpdatePushSubscriptionInput {
  @Field(() => WebPushAlertsInput, { nullable: true, description: 'Kinds of notification to push: each one given changes.' })
  alerts?: WebPushAlertsInput | null;

  @Field(() => WebPushPolicy, { nullable: true, description: 'Whose notifications to push.' })
  policy?: WebPushPolicy | null;
}

@ObjectType({ description: 'What createPushSubscription answers.' })
export class CreatePushSubscriptionPayload extends MutationPayload {
  @Field(() => WebPushSubscription, { nullable: true, description: 'The new subscription; null when there are errors.' })
  pushSubscription!: WebPushSubscription | null;
}

@ObjectType({ description: 'What updatePushSubscription answers.' })
export class UpdatePushSubscriptionPayload extends MutationPayload {
  @Field(() => WebPushSubscription, { nullable: true, description: 'The subscription as changed; null when there are errors.' })
  pushSubscription!: WebPushSubscription | null;
}

@ObjectType({ description: 'What deletePushSubscription answers.' })
export class DeletePushSubscriptionPayload extends MutationPayload {
  @Field(() => ID, { nullable: true, description: 'The subscription removed; null when the token had none.' })
  deletedPushSubscriptionId!: string | null;
}
