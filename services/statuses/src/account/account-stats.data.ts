import { col, Entity, sqlOf, statement, type PrismaClient } from '@social/db';

export interface AccountStatsRecord {
  statusesCount: number;
  followersCount: number;
  followingCount: number;
  lastStatusAt: Date | null;
}

const EMPTY: AccountStatsRecord = { statusesCount: 0, followersCount: 0, followingCount: 0, lastStatusAt: null };

/** The account_stats columns, named as the record's fields. */
const ACCOUNT_STATS = new Entity({
  statusesCount: ['statuses_count', col.int],
  followersCount: ['followers_count', col.int],
  followingCount: ['following_count', col.int],
  lastStatusAt: ['last_status_at', col.nullable(col.timestamp)],
});

// Both are asked for every account a page shows whose status did not bring them along (a notification's sender).
const STATS_BY_IDS = statement(
  'statuses.accountStatsByIds',
  ['bigint[]'],
  { accountId: col.text, ...ACCOUNT_STATS.shape },
  `SELECT st.account_id::text AS "accountId", ${ACCOUNT_STATS.select('st')} FROM account_stats st WHERE st.account_id = ANY($1::bigint[])`,
);

const USERNAMES = statement(
  'statuses.usernamesByIds',
  ['bigint[]'],
  { id: col.text, username: col.text },
  `SELECT a.id::text AS id, a.username FROM accounts a WHERE a.id = ANY($1::bigint[])`,
);

export class AccountStatsData {
  constructor(private readonly prisma: PrismaClient) {}

  async findByIds(ids: readonly string[]): Promise<AccountStatsRecord[]> {
    const rows = await sqlOf(this.prisma).query(STATS_BY_IDS, ids);
    const byId = new Map(rows.map(({ accountId, ...stats }) => [accountId, stats]));
    return ids.map((id) => byId.get(id) ?? EMPTY);
  }

  /**
   * Usernames of accounts, read-only from identity's table: statuses need them
   * for their web URLs (local usernames never change).
   */
  async usernames(ids: readonly string[]): Promise<Array<string | null>> {
    const rows = await sqlOf(this.prisma).query(USERNAMES, ids);
    const byId = new Map(rows.map((row) => [row.id, row.username]));
    return ids.map((id) => byId.get(id) ?? null);
  }
}
