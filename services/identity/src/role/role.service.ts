import type { RoleData, RoleRecord } from './role.data.js';
import type { Role } from './role.type.js';

/**
 * Mastodon's everyone role: what a user without a staff role has. Its
 * permissions are 0 here: invite_users, Mastodon's default, names invites
 * this server does not have (docs/api/moderation.md#roles).
 */
export const EVERYONE_ROLE: Role = Object.freeze({ id: '-99', name: '', color: '', permissions: '0', highlighted: false });

export function toRole(record: RoleRecord): Role {
  return { id: record.id.toString(), name: record.name, color: record.color, permissions: record.permissions.toString(), highlighted: record.highlighted };
}

/** Users' staff roles, as their own CredentialAccount shows them. */
export class RoleService {
  constructor(private readonly data: RoleData) {}

  async roleOf(accountId: bigint): Promise<Role> {
    const record = await this.data.roleOf(accountId);
    return record ? toRole(record) : EVERYONE_ROLE;
  }
}
