import type { PrismaClient } from '@social/db';

export interface AuthorizationCodeRecord {
  id: bigint;
  applicationId: bigint;
  accountId: bigint;
  redirectUri: string;
  scopes: string;
  codeChallenge: string | null;
  codeChallengeMethod: string | null;
  expiresAt: Date;
  usedAt: Date | null;
}

export class AuthorizationCodeData {
  constructor(private readonly prisma: PrismaClient) {}

  async create(input: Omit<AuthorizationCodeRecord, 'id' | 'usedAt'> & { codeHash: string }): Promise<void> {
    await this.prisma.authorizationCode.create({ data: input, select: { id: true } });
  }

  findByHash(codeHash: string): Promise<AuthorizationCodeRecord | null> {
    return this.prisma.authorizationCode.findUnique({
      where: { codeHash },
      select: {
        id: true, applicationId: true, accountId: true, redirectUri: true, scopes: true,
        codeChallenge: true, codeChallengeMethod: true, expiresAt: true, usedAt: true,
      },
    });
  }

  /** Marks the code used; false when another request used it first (single use under concurrency). */
  async consume(id: bigint, now: Date): Promise<boolean> {
    const { count } = await this.prisma.authorizationCode.updateMany({
      where: { id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    return count === 1;
  }
}
