import { AppError } from '@social/errors';
import type { AdminAccountRecord } from '../admin/admin.data.js';
import type { IdentityEvents } from '../oauth/token.events.js';
import type { AuditLogData, AuditLogRecord, RoleData, RoleRecord } from './role.data.js';

/**
 * The operator's role commands (the admin CLI): grant and take away staff
 * roles, and read the audit log. Each change is logged with no moderator
 * (the operator acted) and announced, so every process reads the user's
 * principal, and its permissions, again.
 */
export class RoleAdmin {
  constructor(
    private readonly roles: RoleData,
    private readonly audit: AuditLogData,
    private readonly findAccount: (usernameOrId: string) => Promise<AdminAccountRecord>,
    private readonly events: IdentityEvents,
  ) {}

  listRoles(): Promise<RoleRecord[]> {
    return this.roles.list();
  }

  /** Gives the user the named role (Owner, Admin, Moderator...). */
  async setRole(usernameOrId: string, roleName: string): Promise<{ account: AdminAccountRecord; role: RoleRecord; changed: boolean }> {
    const account = await this.withUser(usernameOrId);
    const role = await this.roles.findByName(roleName.trim());
    if (!role) {
      const names = (await this.roles.list()).map((known) => known.name).join(', ');
      throw new AppError('NOT_FOUND', `No role ${roleName} (roles: ${names})`);
    }
    const current = await this.roles.roleOf(account.id);
    if (current?.id === role.id) return { account, role, changed: false };
    await this.roles.setRole(account.id, role.id, { actorAccountId: null, action: 'change_role', details: `${account.username}: ${current?.name ?? 'none'} -> ${role.name}` });
    this.events.emit({ type: 'role.changed', accountId: account.id.toString() });
    return { account, role, changed: true };
  }

  /** Takes the user's staff role away: they are back to the everyone role. */
  async removeRole(usernameOrId: string): Promise<{ account: AdminAccountRecord; previous: RoleRecord | null }> {
    const account = await this.withUser(usernameOrId);
    const previous = await this.roles.roleOf(account.id);
    if (!previous) return { account, previous };
    await this.roles.setRole(account.id, null, { actorAccountId: null, action: 'remove_role', details: `${account.username}: ${previous.name} -> none` });
    this.events.emit({ type: 'role.changed', accountId: account.id.toString() });
    return { account, previous };
  }

  /** The newest audit-log rows, of one moderator's actions when named. */
  async auditLog(options: { limit: number; account?: string }): Promise<AuditLogRecord[]> {
    const accountId = options.account ? (await this.findAccount(options.account)).id : undefined;
    return this.audit.list({ limit: options.limit, accountId });
  }

  private async withUser(usernameOrId: string): Promise<AdminAccountRecord> {
    const account = await this.findAccount(usernameOrId);
    if (!account.user) throw AppError.unprocessable(`${account.username} was deleted; it has no login any more`);
    return account;
  }
}
