import { Prisma, type PrismaClient } from '@social/db';

/** A count per day (midnight UTC) of a window. */
export interface DayCount {
  day: Date;
  n: number;
}

export interface Window {
  from: Date;
  to: Date;
}

type Rows = Array<{ day: Date; n: number }>;

/**
 * The dashboard's statements (docs/api/moderation.md#dashboard): counts per
 * day of a window [from, to), and distinct counts over a whole window. Users,
 * tokens and applications are identity's tables, read here as ownership.ts
 * declares: the dashboard counts across both subgraphs' rows in SQL.
 */
export class DashboardData {
  constructor(private readonly prisma: PrismaClient) {}

  newUsers({ from, to }: Window): Promise<Rows> {
    return this.prisma.$queryRaw<Rows>`
      SELECT date_trunc('day', created_at) AS day, count(*)::int AS n FROM users
      WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1`;
  }

  /** Accounts that did something each day: signed in (a token granted), used a token last that day, posted or favourited. */
  activeUsers({ from, to }: Window): Promise<Rows> {
    return this.prisma.$queryRaw<Rows>`
      SELECT date_trunc('day', at) AS day, count(DISTINCT account_id)::int AS n FROM (${this.activity(from, to)}) activity GROUP BY 1`;
  }

  async activeUsersTotal({ from, to }: Window): Promise<number> {
    const [row] = await this.prisma.$queryRaw<Array<{ n: number }>>`SELECT count(DISTINCT account_id)::int AS n FROM (${this.activity(from, to)}) activity`;
    return row?.n ?? 0;
  }

  private activity(from: Date, to: Date): Prisma.Sql {
    return activitySql(from, to);
  }

  /** Favourites, boosts and replies each day (Mastodon's interactions with local statuses; every status here is local). */
  interactions({ from, to }: Window): Promise<Rows> {
    return this.prisma.$queryRaw<Rows>`
      SELECT day, sum(n)::int AS n FROM (
        SELECT date_trunc('day', created_at) AS day, count(*) AS n FROM favourites WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1
        UNION ALL
        SELECT date_trunc('day', created_at), count(*) FROM statuses
        WHERE (reblog_of_id IS NOT NULL OR in_reply_to_id IS NOT NULL) AND created_at >= ${from} AND created_at < ${to} GROUP BY 1
      ) counts GROUP BY 1`;
  }

  openedReports({ from, to }: Window): Promise<Rows> {
    return this.prisma.$queryRaw<Rows>`
      SELECT date_trunc('day', created_at) AS day, count(*)::int AS n FROM reports WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1`;
  }

  resolvedReports({ from, to }: Window): Promise<Rows> {
    return this.prisma.$queryRaw<Rows>`
      SELECT date_trunc('day', action_taken_at) AS day, count(*)::int AS n FROM reports
      WHERE action_taken_at >= ${from} AND action_taken_at < ${to} GROUP BY 1`;
  }

  /** Statuses with the tag each day (uses), or the distinct accounts posting them (accounts). */
  tagUses(tagId: bigint, { from, to }: Window, distinctAccounts: boolean): Promise<Rows> {
    return distinctAccounts
      ? this.prisma.$queryRaw<Rows>`
          SELECT date_trunc('day', s.created_at) AS day, count(DISTINCT s.account_id)::int AS n FROM statuses_tags st JOIN statuses s ON s.id = st.status_id
          WHERE st.tag_id = ${tagId} AND s.created_at >= ${from} AND s.created_at < ${to} GROUP BY 1`
      : this.prisma.$queryRaw<Rows>`
          SELECT date_trunc('day', s.created_at) AS day, count(*)::int AS n FROM statuses_tags st JOIN statuses s ON s.id = st.status_id
          WHERE st.tag_id = ${tagId} AND s.created_at >= ${from} AND s.created_at < ${to} GROUP BY 1`;
  }

  async tagAccountsTotal(tagId: bigint, { from, to }: Window): Promise<number> {
    const [row] = await this.prisma.$queryRaw<Array<{ n: number }>>`
      SELECT count(DISTINCT s.account_id)::int AS n FROM statuses_tags st JOIN statuses s ON s.id = st.status_id
      WHERE st.tag_id = ${tagId} AND s.created_at >= ${from} AND s.created_at < ${to}`;
    return row?.n ?? 0;
  }

  // ------------------------------------------------------------ dimensions

  /** Locales of the users active in the window, most first. */
  languages({ from, to }: Window, limit: number): Promise<Array<{ key: string; n: number }>> {
    return this.prisma.$queryRaw<Array<{ key: string; n: number }>>`
      SELECT u.locale AS key, count(*)::int AS n FROM users u
      WHERE u.locale IS NOT NULL AND u.account_id IN (SELECT account_id FROM (${activitySql(from, to)}) activity)
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`;
  }

  /** The apps the window's new users signed up through, most first. */
  sources({ from, to }: Window, limit: number): Promise<Array<{ key: string; n: number }>> {
    return this.prisma.$queryRaw<Array<{ key: string; n: number }>>`
      SELECT coalesce(a.name, 'Unknown') AS key, count(*)::int AS n FROM users u LEFT JOIN oauth_applications a ON a.id = u.sign_up_application_id
      WHERE u.created_at >= ${from} AND u.created_at < ${to} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`;
  }

  /** Languages of the window's statuses with the tag, most first. */
  tagLanguages(tagId: bigint, { from, to }: Window, limit: number): Promise<Array<{ key: string; n: number }>> {
    return this.prisma.$queryRaw<Array<{ key: string; n: number }>>`
      SELECT coalesce(s.language, 'und') AS key, count(*)::int AS n FROM statuses_tags st JOIN statuses s ON s.id = st.status_id
      WHERE st.tag_id = ${tagId} AND s.created_at >= ${from} AND s.created_at < ${to} GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${limit}`;
  }

  async databaseSize(): Promise<number> {
    const [row] = await this.prisma.$queryRaw<Array<{ n: bigint }>>`SELECT pg_database_size(current_database()) AS n`;
    return Number(row?.n ?? 0);
  }

  /** Bytes of the media files' originals (their recorded sizes). */
  async mediaSize(): Promise<number> {
    const [row] = await this.prisma.$queryRaw<Array<{ n: bigint | null }>>`SELECT sum(file_size)::bigint AS n FROM media_attachments`;
    return Number(row?.n ?? 0);
  }

  async databaseVersion(): Promise<string> {
    const [row] = await this.prisma.$queryRaw<Array<{ v: string }>>`SELECT current_setting('server_version') AS v`;
    return row?.v ?? '';
  }

  // ------------------------------------------------------------ retention

  /**
   * The users who signed up in each period of the window, and for each later
   * period up to the window's end how many of them were active in it or
   * after (Mastodon's Admin::Metrics::Retention, where the last sign-in
   * counts; here the last activity).
   */
  retention({ from, to }: Window, unit: 'day' | 'month'): Promise<Array<{ cohort: Date; period: Date; size: number; retained: number }>> {
    return this.prisma.$queryRaw<Array<{ cohort: Date; period: Date; size: number; retained: number }>>`
      WITH cohort_users AS (
        SELECT u.account_id, date_trunc(${unit}, u.created_at) AS cohort FROM users u WHERE u.created_at >= ${from} AND u.created_at < ${to}
      ), last_seen AS (
        SELECT account_id, max(at) AS at FROM (${activitySql(from, new Date('9999-01-01T00:00:00Z'))}) activity
        WHERE account_id IN (SELECT account_id FROM cohort_users) GROUP BY 1
      ), periods AS (
        SELECT generate_series(date_trunc(${unit}, ${from}::timestamp), ${to}::timestamp - interval '1 second', ('1 ' || ${unit})::interval) AS period
      )
      SELECT c.cohort, p.period, (SELECT count(*) FROM cohort_users WHERE cohort = c.cohort)::int AS size,
             count(l.account_id) FILTER (WHERE date_trunc(${unit}, l.at) >= p.period)::int AS retained
      FROM (SELECT DISTINCT cohort FROM cohort_users) c JOIN periods p ON p.period >= c.cohort
      LEFT JOIN cohort_users cu ON cu.cohort = c.cohort LEFT JOIN last_seen l ON l.account_id = cu.account_id
      GROUP BY c.cohort, p.period ORDER BY c.cohort, p.period`;
  }
}

/** Every dated thing an account did in [from, to): tokens granted or last used, statuses posted, favourites given. */
function activitySql(from: Date, to: Date): Prisma.Sql {
  return Prisma.sql`
    SELECT account_id, created_at AS at FROM oauth_access_tokens WHERE account_id IS NOT NULL AND created_at >= ${from} AND created_at < ${to}
    UNION ALL SELECT account_id, last_used_at FROM oauth_access_tokens WHERE account_id IS NOT NULL AND last_used_at >= ${from} AND last_used_at < ${to}
    UNION ALL SELECT account_id, created_at FROM statuses WHERE created_at >= ${from} AND created_at < ${to}
    UNION ALL SELECT account_id, created_at FROM favourites WHERE created_at >= ${from} AND created_at < ${to}`;
}
