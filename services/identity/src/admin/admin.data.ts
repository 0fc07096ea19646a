import type { PrismaClient } from '@social/db';

/** An account as an operator sees it: its user's state included. */
export interface AdminAccountRecord {
  id: bigint;
  username: string;
  suspendedAt: Date | null;
  createdAt: Date;
  user: { email: string; confirmedAt: Date | null; disabled: boolean } | null;
}

/** A token as `tokens list` shows it. */
export interface AdminTokenRecord {
  id: bigint;
  scopes: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
  application: { name: string; clientId: string };
  account: { id: bigint; username: string } | null;
}

export interface TokenFilter {
  applicationId?: bigint;
  accountId?: bigint;
  /** Only tokens not revoked yet. */
  liveOnly?: boolean;
}

const ACCOUNT_SELECT = {
  id: true, username: true, suspendedAt: true, createdAt: true,
  user: { select: { email: true, confirmedAt: true, disabled: true } },
} as const;

const TOKEN_SELECT = {
  id: true, scopes: true, createdAt: true, lastUsedAt: true, revokedAt: true,
  application: { select: { name: true, clientId: true } },
} as const;

/** The Prisma calls of the operator's commands (the admin CLI). */
export class AdminData {
  constructor(private readonly prisma: PrismaClient) {}

  findAccountById(id: bigint): Promise<AdminAccountRecord | null> {
    return this.prisma.account.findUnique({ where: { id }, select: ACCOUNT_SELECT });
  }

  findAccountByUsername(username: string): Promise<AdminAccountRecord | null> {
    return this.prisma.account.findUnique({ where: { usernameLower: username.toLowerCase() }, select: ACCOUNT_SELECT });
  }

  findApplicationByClientId(clientId: string) {
    return this.prisma.application.findUnique({ where: { clientId }, select: { id: true, name: true } });
  }

  /** An account and its user, with no token: the operator hands the password over. */
  async createAccount(input: { username: string; email: string; passwordHash: string; confirmed: boolean }): Promise<bigint> {
    const account = await this.prisma.account.create({
      data: {
        username: input.username,
        usernameLower: input.username.toLowerCase(),
        user: { create: { email: input.email.toLowerCase(), passwordHash: input.passwordHash, confirmedAt: input.confirmed ? new Date() : null } },
      },
      select: { id: true },
    });
    return account.id;
  }

  async setPasswordHash(accountId: bigint, passwordHash: string): Promise<void> {
    await this.prisma.user.update({ where: { accountId }, data: { passwordHash } });
  }

  async confirm(accountId: bigint): Promise<void> {
    await this.prisma.user.updateMany({ where: { accountId, confirmedAt: null }, data: { confirmedAt: new Date() } });
  }

  async listTokens(filter: TokenFilter): Promise<AdminTokenRecord[]> {
    const rows = await this.prisma.accessToken.findMany({
      where: {
        applicationId: filter.applicationId,
        accountId: filter.accountId,
        ...(filter.liveOnly ? { revokedAt: null } : {}),
      },
      select: { ...TOKEN_SELECT, accountId: true },
      orderBy: { id: 'asc' },
    });
    const accountIds = [...new Set(rows.flatMap((row) => (row.accountId === null ? [] : [row.accountId])))];
    const accounts = await this.prisma.account.findMany({ where: { id: { in: accountIds } }, select: { id: true, username: true } });
    const byId = new Map(accounts.map((account) => [account.id, account]));
    return rows.map(({ accountId, ...row }) => ({ ...row, account: accountId === null ? null : (byId.get(accountId) ?? { id: accountId, username: '?' }) }));
  }

  /** Revokes these tokens if still live; returns the ids this call revoked. */
  async revokeTokens(ids: bigint[], now: Date): Promise<bigint[]> {
    if (ids.length === 0) return [];
    return this.prisma.$transaction(async (tx) => {
      const live = await tx.accessToken.findMany({ where: { id: { in: ids }, revokedAt: null }, select: { id: true } });
      await tx.accessToken.updateMany({ where: { id: { in: live.map((row) => row.id) }, revokedAt: null }, data: { revokedAt: now } });
      await tx.webPushSubscription.deleteMany({ where: { accessTokenId: { in: live.map((row) => row.id) } } });
      return live.map((row) => row.id);
    });
  }
}
