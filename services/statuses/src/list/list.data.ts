import { Prisma, type PrismaClient } from '@social/db';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';
import { notExcludedFor } from '../block/exclusion.js';

export interface ListRecord {
  id: bigint;
  accountId: bigint;
  title: string;
  repliesPolicy: string;
  exclusive: boolean;
}

const LIST_SELECT = { id: true, accountId: true, title: true, repliesPolicy: true, exclusive: true } as const;

/** Lists and their members (this subgraph owns the lists and list_accounts tables). */
export class ListData {
  constructor(private readonly prisma: PrismaClient) {}

  findById(id: bigint): Promise<ListRecord | null> {
    return this.prisma.list.findUnique({ where: { id }, select: LIST_SELECT });
  }

  ofAccount(accountId: bigint): Promise<ListRecord[]> {
    return this.prisma.list.findMany({ where: { accountId }, select: LIST_SELECT, orderBy: { id: 'asc' } });
  }

  /** The owner's lists that have the account as a member, oldest first; none for a suspended account. */
  containing(ownerId: bigint, memberId: bigint): Promise<ListRecord[]> {
    return this.prisma.list.findMany({
      where: { accountId: ownerId, accounts: { some: { accountId: memberId } } },
      select: LIST_SELECT,
      orderBy: { id: 'asc' },
    }).then(async (lists) => (lists.length > 0 && (await this.existingAccounts([memberId])).has(memberId) ? lists : []));
  }

  count(accountId: bigint): Promise<number> {
    return this.prisma.list.count({ where: { accountId } });
  }

  create(list: Omit<ListRecord, 'id'>): Promise<ListRecord> {
    return this.prisma.list.create({ data: list, select: LIST_SELECT });
  }

  update(id: bigint, changes: Partial<Pick<ListRecord, 'title' | 'repliesPolicy' | 'exclusive'>>): Promise<ListRecord> {
    return this.prisma.list.update({ where: { id }, data: changes, select: LIST_SELECT });
  }

  /** Members go with it (ON DELETE CASCADE). */
  async delete(id: bigint): Promise<void> {
    await this.prisma.list.deleteMany({ where: { id } });
  }

  /** Member account ids, largest first (Mastodon pages list accounts by account id); suspended accounts left out. */
  async members(listId: bigint, page: Omit<PageRequest, 'limit'> & { limit: number | null }): Promise<bigint[]> {
    const window = idWindow({ ...page, limit: 0 });
    const rows = await this.prisma.$queryRaw<Array<{ account_id: bigint }>>`
      SELECT la.account_id FROM list_accounts la JOIN accounts a ON a.id = la.account_id
      WHERE la.list_id = ${listId}::bigint AND a.suspended_at IS NULL
        ${window.where.lt === undefined ? Prisma.empty : Prisma.sql`AND la.account_id < ${window.where.lt}::bigint`}
        ${window.where.gt === undefined ? Prisma.empty : Prisma.sql`AND la.account_id > ${window.where.gt}::bigint`}
      ORDER BY la.account_id ${Prisma.raw(window.order === 'asc' ? 'ASC' : 'DESC')}
      ${page.limit === null ? Prisma.empty : Prisma.sql`LIMIT ${page.limit}::int`}`;
    return newestFirst(rows.map((row) => BigInt(row.account_id)), { ...page, limit: 0 });
  }

  async hasMember(listId: bigint, accountId: bigint): Promise<boolean> {
    return (await this.prisma.listAccount.count({ where: { listId, accountId } })) > 0;
  }

  /** Whether the account exists, suspended or not (identity's table, read-only). */
  async accountExists(id: bigint): Promise<boolean> {
    return (await this.prisma.account.count({ where: { id } })) > 0;
  }

  /** Of these accounts, the ones that exist and are not suspended (identity's table, read-only). */
  async existingAccounts(ids: readonly bigint[]): Promise<Set<bigint>> {
    const rows = await this.prisma.account.findMany({ where: { id: { in: [...ids] }, suspendedAt: null }, select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }

  /** Of these accounts, the ones the owner follows. */
  async followedBy(ownerId: bigint, ids: readonly bigint[]): Promise<Set<bigint>> {
    const rows = await this.prisma.follow.findMany({ where: { accountId: ownerId, targetAccountId: { in: [...ids] } }, select: { targetAccountId: true } });
    return new Set(rows.map((row) => row.targetAccountId));
  }

  /** Adds all or none: false when one of them already is a member. */
  addMembers(listId: bigint, ids: readonly bigint[]): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.listAccount.createMany({ data: ids.map((accountId) => ({ listId, accountId })), skipDuplicates: true });
      if (count === ids.length) return true;
      // Throwing rolls the members this call inserted back.
      throw new AlreadyMember();
    }).catch((error: unknown) => {
      if (error instanceof AlreadyMember) return false;
      throw error;
    });
  }

  async removeMembers(listId: bigint, ids: readonly bigint[]): Promise<void> {
    await this.prisma.listAccount.deleteMany({ where: { listId, accountId: { in: [...ids] } } });
  }

  /**
   * The list's timeline as status ids, newest first (Mastodon's ListFeed as
   * FeedManager#filter_from_list? fills it): statuses of members the owner
   * may see, except direct ones; boosts when the owner follows the booster
   * showing boosts; replies to others only as the replies policy allows
   * (replies to the owner always).
   */
  async timeline(list: ListRecord, page: PageRequest): Promise<bigint[]> {
    if (page.limit === 0) return [];
    const owner = list.accountId;
    const follows = (target: Prisma.Sql, extra = Prisma.empty) =>
      Prisma.sql`EXISTS (SELECT 1 FROM follows f WHERE f.account_id = ${owner}::bigint AND f.target_account_id = ${target} ${extra})`;
    const repliesAllowed =
      list.repliesPolicy === 'followed' ? follows(Prisma.sql`s.in_reply_to_account_id`)
      : list.repliesPolicy === 'list'
        ? Prisma.sql`EXISTS (SELECT 1 FROM list_accounts r WHERE r.list_id = ${list.id}::bigint AND r.account_id = s.in_reply_to_account_id)`
        : Prisma.sql`FALSE`;
    const window = idWindow(page);
    const bounds: Prisma.Sql[] = [];
    if (window.where.lt !== undefined) bounds.push(Prisma.sql`AND s.id < ${window.where.lt}::bigint`);
    if (window.where.gt !== undefined) bounds.push(Prisma.sql`AND s.id > ${window.where.gt}::bigint`);
    const rows = await this.prisma.$queryRaw<Array<{ id: bigint }>>`
      SELECT s.id FROM statuses s
      WHERE s.account_id IN (SELECT account_id FROM list_accounts WHERE list_id = ${list.id}::bigint)
        AND (
          s.visibility IN ('public', 'unlisted')
          OR (s.visibility = 'private' AND (s.account_id = ${owner}::bigint OR ${follows(Prisma.sql`s.account_id`)}
            OR EXISTS (SELECT 1 FROM mentions mn WHERE mn.status_id = s.id AND mn.account_id = ${owner}::bigint)))
        )
        AND (s.reblog_of_id IS NULL OR s.account_id = ${owner}::bigint OR ${follows(Prisma.sql`s.account_id`, Prisma.sql`AND f.show_reblogs`)})
        AND (
          s.in_reply_to_account_id IS NULL
          OR s.in_reply_to_account_id IN (s.account_id, ${owner}::bigint)
          OR ${repliesAllowed}
        )
        AND ${notExcludedFor(Prisma.sql`${owner}::bigint`)}
        ${bounds.length > 0 ? Prisma.join(bounds, ' ') : Prisma.empty}
      ORDER BY s.id ${window.order === 'asc' ? Prisma.sql`ASC` : Prisma.sql`DESC`}
      LIMIT ${page.limit}::int`;
    return newestFirst(rows.map((row) => BigInt(row.id)), page);
  }
}

class AlreadyMember extends Error {}
