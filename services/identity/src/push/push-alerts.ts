import type { Principal } from '@social/federation';
import { hasPermission } from '@social/federation';
import type { WebPushAlerts, WebPushAlertsInput } from './push-subscription.type.js';

/** Each alert (GraphQL field) and the notification type it pushes, by its notification_type name. */
const ALERT_TYPES = {
  mention: 'mention',
  status: 'status',
  reblog: 'reblog',
  follow: 'follow',
  followRequest: 'follow_request',
  favourite: 'favourite',
  poll: 'poll',
  update: 'update',
  adminSignUp: 'admin_sign_up',
  adminReport: 'admin_report',
} as const satisfies Record<keyof WebPushAlerts, string>;

type AlertName = keyof typeof ALERT_TYPES;
const NAMES = Object.keys(ALERT_TYPES) as AlertName[];

/** The stored types as every alert on or off. */
export function alertsOf(types: readonly string[]): WebPushAlerts {
  return Object.fromEntries(NAMES.map((name) => [name, types.includes(ALERT_TYPES[name])])) as unknown as WebPushAlerts;
}

/**
 * The types to store: `base`'s, changed by each alert `input` gives. The
 * admin ones stay off for a user whose role may not see them
 * (Mastodon keeps admin.sign_up for manage_users, admin.report for manage_reports).
 */
export function alertTypes(base: readonly string[], input: WebPushAlertsInput | null | undefined, principal: Principal): string[] {
  const allowed: Record<AlertName, boolean> = {
    ...(Object.fromEntries(NAMES.map((name) => [name, true])) as Record<AlertName, boolean>),
    adminSignUp: hasPermission(principal, 'manage_users'),
    adminReport: hasPermission(principal, 'manage_reports'),
  };
  return NAMES.filter((name) => {
    const given = input?.[name];
    const on = given === undefined || given === null ? base.includes(ALERT_TYPES[name]) : given;
    return on && allowed[name];
  }).map((name) => ALERT_TYPES[name]);
}
