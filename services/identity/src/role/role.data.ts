import type { PrismaClient } from '@social/db';

export interface RoleRecord {
  id: bigint;
  name: string;
  color: string;
  permissions: bigint;
  highlighted: boolean;
  position: number;
}

export interface AdminUserRecord {
  email: string;
  locale: string | null;
  signUpIp: string | null;
  confirmedAt: Date | null;
  approved: boolean;
  disabled: boolean;
  /** The sign-up's reason (Mastodon's invite request). */
  signUpReason: string | null;
  role: RoleRecord | null;
  account: { silencedAt: Date | null; sensitizedAt: Date | null };
}

const ROLE_SELECT = { id: true, name: true, color: true, permissions: true, highlighted: true, position: true } as const;

/** The roles table and users' role column, and the audit rows of role changes. */
export class RoleData {
  constructor(private readonly prisma: PrismaClient) {}

  async roleOf(accountId: bigint): Promise<RoleRecord | null> {
    const user = await this.prisma.user.findUnique({ where: { accountId }, select: { role: { select: ROLE_SELECT } } });
    return user?.role ?? null;
  }

  findByName(name: string): Promise<RoleRecord | null> {
    return this.prisma.userRole.findFirst({ where: { name: { equals: name, mode: 'insensitive' } }, select: ROLE_SELECT });
  }

  /** Users as moderators see them, keyed by account id. */
  async adminUsers(accountIds: bigint[]): Promise<Map<string, AdminUserRecord>> {
    const users = await this.prisma.user.findMany({
      where: { accountId: { in: accountIds } },
      select: {
        accountId: true, email: true, locale: true, signUpIp: true, confirmedAt: true, approved: true, disabled: true, signUpReason: true,
        role: { select: ROLE_SELECT }, account: { select: { silencedAt: true, sensitizedAt: true } },
      },
    });
    return new Map(users.map((user) => [user.accountId.toString(), user]));
  }

  list(): Promise<RoleRecord[]> {
    return this.prisma.userRole.findMany({ select: ROLE_SELECT, orderBy: { position: 'desc' } });
  }

  /** Sets (or clears) the user's role and records the change in the audit log, in one transaction. */
  async setRole(accountId: bigint, roleId: bigint | null, log: { actorAccountId: bigint | null; action: string; details: string }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const user = await tx.user.update({ where: { accountId }, data: { roleId }, select: { id: true } });
      await tx.adminActionLog.create({
        data: { accountId: log.actorAccountId, action: log.action, targetType: 'User', targetId: user.id, details: log.details },
      });
    });
  }
}

export interface AuditLogRecord {
  id: bigint;
  accountId: bigint | null;
  action: string;
  targetType: string;
  targetId: bigint;
  details: string;
  createdAt: Date;
  actor: string | null;
}

/** The audit log of moderator actions, newest first (docs/api/moderation.md#audit-log). */
export class AuditLogData {
  constructor(private readonly prisma: PrismaClient) {}

  async list(filter: { limit: number; accountId?: bigint }): Promise<AuditLogRecord[]> {
    const rows = await this.prisma.adminActionLog.findMany({
      where: filter.accountId === undefined ? {} : { accountId: filter.accountId },
      orderBy: { id: 'desc' },
      take: filter.limit,
    });
    const actorIds = [...new Set(rows.flatMap((row) => (row.accountId === null ? [] : [row.accountId])))];
    const actors = await this.prisma.account.findMany({ where: { id: { in: actorIds } }, select: { id: true, username: true } });
    const names = new Map(actors.map((actor) => [actor.id, actor.username]));
    return rows.map((row) => ({ ...row, actor: row.accountId === null ? null : (names.get(row.accountId) ?? null) }));
  }
}
