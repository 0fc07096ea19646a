import type { PrismaClient } from '@social/db';

/** Who else a deletion changed: accounts whose counters moved, statuses whose favourites did; and how many accounts it followed. */
export interface Touched {
  accounts: bigint[];
  statuses: bigint[];
  follows: number;
}

/**
 * The rows of this subgraph that still name a deleted account once what it did was undone as itself
 * (AccountPurge): removed in one transaction, the counters they fed brought down with them.
 */
export class AccountPurgeData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Whether the account row is still there (identity keeps a deleted account's; a rejected sign-up's is gone). */
  async accountExists(accountId: bigint): Promise<boolean> {
    return (await this.prisma.account.count({ where: { id: accountId } })) > 0;
  }

  removeRemnants(accountId: bigint): Promise<Touched> {
    return this.prisma.$transaction(async (tx) => {
      const id = accountId;
      // Its followers follow one account fewer; the accounts it follows lose a follower.
      const followers = await tx.$queryRaw<Array<{ account_id: bigint }>>`
        UPDATE account_stats SET following_count = GREATEST(following_count - 1, 0)
        WHERE account_id IN (SELECT account_id FROM follows WHERE target_account_id = ${id}::bigint) RETURNING account_id`;
      const followed = await tx.$queryRaw<Array<{ account_id: bigint }>>`
        UPDATE account_stats SET followers_count = GREATEST(followers_count - 1, 0)
        WHERE account_id IN (SELECT target_account_id FROM follows WHERE account_id = ${id}::bigint) RETURNING account_id`;
      const follows = await tx.$executeRaw`DELETE FROM follows WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM follows WHERE target_account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM follow_requests WHERE account_id = ${id}::bigint OR target_account_id = ${id}::bigint`;
      // Favourites it kept of statuses hidden from its own list (by other suspended accounts).
      const favourited = await tx.$queryRaw<Array<{ id: bigint }>>`
        UPDATE statuses SET favourites_count = GREATEST(favourites_count - 1, 0)
        WHERE id IN (SELECT status_id FROM favourites WHERE account_id = ${id}::bigint) RETURNING id`;
      await tx.$executeRaw`DELETE FROM favourites WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM blocks WHERE account_id = ${id}::bigint OR target_account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM mutes WHERE account_id = ${id}::bigint OR target_account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM account_notes WHERE account_id = ${id}::bigint OR target_account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM account_pins WHERE account_id = ${id}::bigint OR target_account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM account_domain_blocks WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM bookmarks WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM status_pins WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM conversation_mutes WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM account_conversations WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM markers WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM list_accounts WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM lists WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM custom_filters WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM tag_follows WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM featured_tags WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM scheduled_statuses WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM notifications WHERE account_id = ${id}::bigint OR from_account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM notification_policies WHERE account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM notification_requests WHERE account_id = ${id}::bigint OR from_account_id = ${id}::bigint`;
      await tx.$executeRaw`DELETE FROM notification_permissions WHERE account_id = ${id}::bigint OR from_account_id = ${id}::bigint`;
      await tx.$executeRaw`UPDATE account_stats SET statuses_count = 0, followers_count = 0, following_count = 0 WHERE account_id = ${id}::bigint`;
      return { accounts: [...followers, ...followed].map((row) => row.account_id), statuses: favourited.map((row) => row.id), follows };
    });
  }
}
