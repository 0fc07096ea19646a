import { AppError } from '@social/errors';
import type { Principal } from './principal.js';
import { assertAccess, type AccessRule } from './scopes.js';

/** A staff role's permission bits, as Mastodon numbers them (docs/api/moderation.md#roles). */
export const PERMISSIONS = {
  administrator: 1 << 0,
  view_devops: 1 << 1,
  view_audit_log: 1 << 2,
  view_dashboard: 1 << 3,
  manage_reports: 1 << 4,
  manage_federation: 1 << 5,
  manage_settings: 1 << 6,
  manage_blocks: 1 << 7,
  manage_taxonomies: 1 << 8,
  manage_appeals: 1 << 9,
  manage_users: 1 << 10,
  manage_invites: 1 << 11,
  manage_rules: 1 << 12,
  manage_announcements: 1 << 13,
  manage_custom_emojis: 1 << 14,
  manage_webhooks: 1 << 15,
  invite_users: 1 << 16,
  manage_roles: 1 << 17,
  manage_user_access: 1 << 18,
  delete_user_data: 1 << 19,
  view_feeds: 1 << 20,
} as const;

export type Permission = keyof typeof PERMISSIONS;

/** Whether a role's bits grant the permission: administrator grants every one. */
export function grants(bits: number, permission: Permission): boolean {
  return (bits & PERMISSIONS.administrator) !== 0 || (bits & PERMISSIONS[permission]) !== 0;
}

/** Whether the principal's role grants the permission. */
export function hasPermission(principal: Principal, permission: Permission): boolean {
  return grants(principal.permissions ?? 0, permission);
}

/**
 * An admin operation's access: the token and its admin scope first (401,
 * 403), a user token, then the role's permission (403 "This action is not
 * allowed"), as Mastodon's admin controllers check them.
 */
export function assertAdminAccess(principal: Principal, rule: AccessRule, permission: Permission): void {
  assertAccess(principal, { ...rule, user: true });
  if (!hasPermission(principal, permission)) throw AppError.notAllowed();
}
