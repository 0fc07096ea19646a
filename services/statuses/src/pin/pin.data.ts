import { isForeignKeyViolation, type PrismaClient } from '@social/db';

export type PinResult = 'pinned' | 'limit' | 'duplicate' | 'gone';

/** Pins of an account's own statuses to its profile. */
export class PinData {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Pins unless the account already has `limit` pins (checked first, as
   * Mastodon's validator runs before the unique index), under a per-account
   * lock so that concurrent pins cannot pass the limit together.
   */
  pin(accountId: bigint, statusId: bigint, limit: number): Promise<PinResult> {
    return this.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtextextended(${`status_pins:${accountId}`}::text, 0))) AS lock`;
        if ((await tx.statusPin.count({ where: { accountId } })) >= limit) return 'limit';
        if (await tx.statusPin.findUnique({ where: { accountId_statusId: { accountId, statusId } }, select: { id: true } })) return 'duplicate';
        try {
          await tx.statusPin.create({ data: { accountId, statusId }, select: { id: true } });
        } catch (error) {
          if (isForeignKeyViolation(error)) return 'gone';
          throw error;
        }
        return 'pinned';
      },
      { maxWait: 10_000, timeout: 10_000 },
    );
  }

  async unpin(accountId: bigint, statusId: bigint): Promise<void> {
    await this.prisma.statusPin.deleteMany({ where: { accountId, statusId } });
  }
}
