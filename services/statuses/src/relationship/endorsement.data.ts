import { Prisma, type PrismaClient } from '@social/db';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';

/** One row of an endorsement list: the endorsement's id (the page cursor) and the endorsed account. */
export interface EndorsementRow {
  pinId: bigint;
  accountId: bigint;
}

/** The accounts users feature on their profiles (account_pins; docs/api/accounts.md#endorsements). */
export class EndorsementData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Whether the account follows the target (only followed accounts may be endorsed). */
  async follows(accountId: bigint, targetAccountId: bigint): Promise<boolean> {
    return (await this.prisma.follow.count({ where: { accountId, targetAccountId } })) > 0;
  }

  /** Endorses; endorsing again changes nothing. */
  async endorse(accountId: bigint, targetAccountId: bigint): Promise<void> {
    await this.prisma.accountPin.upsert({ where: { accountId_targetAccountId: { accountId, targetAccountId } }, create: { accountId, targetAccountId }, update: {} });
  }

  async unendorse(accountId: bigint, targetAccountId: bigint): Promise<void> {
    await this.prisma.accountPin.deleteMany({ where: { accountId, targetAccountId } });
  }

  /** The accounts the account endorses, newest endorsement first, suspended accounts left out. */
  async list(accountId: bigint, page: PageRequest): Promise<EndorsementRow[]> {
    if (page.limit === 0) return [];
    const window = idWindow(page);
    const rows = await this.prisma.$queryRaw<Array<{ pin_id: bigint; account_id: bigint }>>`
      SELECT p.id AS pin_id, p.target_account_id AS account_id
      FROM account_pins p JOIN accounts a ON a.id = p.target_account_id
      WHERE p.account_id = ${accountId}::bigint AND a.suspended_at IS NULL
        ${window.where.lt === undefined ? Prisma.empty : Prisma.sql`AND p.id < ${window.where.lt}::bigint`}
        ${window.where.gt === undefined ? Prisma.empty : Prisma.sql`AND p.id > ${window.where.gt}::bigint`}
      ORDER BY p.id ${Prisma.raw(window.order === 'asc' ? 'ASC' : 'DESC')}
      LIMIT ${page.limit}::int`;
    return newestFirst(rows.map((row) => ({ pinId: BigInt(row.pin_id), accountId: BigInt(row.account_id) })), page);
  }
}
