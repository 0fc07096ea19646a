import type { PrismaClient } from '@social/db';

export interface TokenRecord {
  id: bigint;
  applicationId: bigint;
  accountId: bigint | null;
  scopes: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export class TokenData {
  constructor(private readonly prisma: PrismaClient) {}

  create(input: { tokenHash: string; applicationId: bigint; accountId: bigint | null; scopes: string }): Promise<TokenRecord> {
    return this.prisma.accessToken.create({ data: input });
  }

  /** The token and whether its user may still act (not disabled, not suspended). */
  findByHash(tokenHash: string) {
    return this.prisma.accessToken.findUnique({
      where: { tokenHash },
      select: {
        id: true, applicationId: true, accountId: true, scopes: true, revokedAt: true,
      },
    });
  }

  async userActive(accountId: bigint): Promise<boolean> {
    const user = await this.prisma.user.findUnique({
      where: { accountId },
      select: { disabled: true, account: { select: { suspendedAt: true } } },
    });
    return !!user && !user.disabled && !user.account.suspendedAt;
  }

  /** Revokes once; a second revoke changes nothing. True when this call revoked it. */
  async revoke(id: bigint): Promise<boolean> {
    const { count } = await this.prisma.accessToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } });
    return count === 1;
  }
}
