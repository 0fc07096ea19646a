import { col, Entity, sqlOf, statement, type PrismaClient } from '@social/db';

export interface AccountStatsRecord {
  statusesCount: number;
  followersCount: number;
  followingCount: number;
  lastStatusAt: Date | null;
}

/** What moderators did to an account that changes how its statuses show (docs/api/moderation.md#acting-on-an-account). */
export interface AccountState {
  /** Nothing of it shows to anyone else. */
  suspended: boolean;
  /** Out of public timelines for non-followers (Mastodon's silenced). */
  limited: boolean;
  /** Its statuses are sensitive to everyone else. */
  sensitized: boolean;
}

/** An account with no moderation on it (or no row: gone). */
const UNMODERATED: AccountState = Object.freeze({ suspended: false, limited: false, sensitized: false });

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

const STATES = statement(
  'statuses.accountStatesByIds',
  ['bigint[]'],
  { id: col.text, suspended: col.bool, limited: col.bool, sensitized: col.bool },
  `SELECT a.id::text AS id, a.suspended_at IS NOT NULL AS suspended, a.silenced_at IS NOT NULL AS limited, a.sensitized_at IS NOT NULL AS sensitized
  FROM accounts a WHERE a.id = ANY($1::bigint[])`,
);

export class AccountStatsData {
  constructor(private readonly prisma: PrismaClient) {}

  async findByIds(ids: readonly string[]): Promise<AccountStatsRecord[]> {
    const rows = await sqlOf(this.prisma).query(STATS_BY_IDS, ids);
    const byId = new Map(rows.map(({ accountId, ...stats }) => [accountId, stats]));
    return ids.map((id) => byId.get(id) ?? EMPTY);
  }

  /** What moderators did to these accounts (identity's columns, read-only), in their order. */
  async states(ids: readonly string[]): Promise<AccountState[]> {
    const rows = await sqlOf(this.prisma).query(STATES, ids);
    const byId = new Map(rows.map(({ id, ...state }) => [id, state]));
    return ids.map((id) => byId.get(id) ?? UNMODERATED);
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
