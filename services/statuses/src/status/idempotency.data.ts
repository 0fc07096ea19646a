import type { Prisma } from '@social/db';

/** What an Idempotency-Key already stands for, when another request holds it. */
export interface IdempotencyHolder {
  statusId: bigint | null;
  scheduledStatusId: bigint | null;
}

/**
 * Claims an account's Idempotency-Key inside the caller's transaction (a key
 * older than an hour is taken over, as Mastodon's one-hour window). A
 * concurrent duplicate waits on the key's unique index until the first
 * commits, then finds the key taken: null means claimed, otherwise what the
 * key already stands for.
 */
export async function claimIdempotencyKey(tx: Prisma.TransactionClient, accountId: bigint, key: string): Promise<IdempotencyHolder | null> {
  const claimed = await tx.$executeRaw`
    INSERT INTO idempotency_keys (account_id, key, created_at) VALUES (${accountId}, ${key}, now())
    ON CONFLICT (account_id, key) DO UPDATE SET created_at = now(), status_id = NULL, scheduled_status_id = NULL
    WHERE idempotency_keys.created_at < now() - interval '1 hour'`;
  if (claimed > 0) return null;
  const existing = await tx.idempotencyKey.findUnique({
    where: { accountId_key: { accountId, key } },
    select: { statusId: true, scheduledStatusId: true },
  });
  return existing ?? { statusId: null, scheduledStatusId: null };
}
