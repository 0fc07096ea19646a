import type { Prisma, PrismaClient } from '@social/db';

/** The audit row written with each change (docs/api/moderation.md#audit-log). */
export interface AuditEntry {
  actorAccountId: bigint | null;
  action: 'create' | 'update' | 'destroy';
  details: string;
}

export interface PageWindow {
  lt?: bigint;
  gt?: bigint;
  ascending: boolean;
  limit: number;
}

export type DomainBlockRow = Prisma.DomainBlockGetPayload<object>;
export type DomainAllowRow = Prisma.DomainAllowGetPayload<object>;
export type EmailDomainBlockRow = Prisma.EmailDomainBlockGetPayload<object>;
export type IpBlockRow = Prisma.IpBlockGetPayload<object>;
export type CanonicalEmailBlockRow = Prisma.CanonicalEmailBlockGetPayload<object>;

type Tx = Prisma.TransactionClient;

function pageWhere(window: PageWindow) {
  return { id: { lt: window.lt, gt: window.gt } };
}

function ordered<T>(rows: T[], window: PageWindow): T[] {
  return window.ascending ? rows.reverse() : rows;
}

/**
 * The moderators' block tables (domain blocks and allows, e-mail domain
 * blocks, IP blocks, canonical e-mail blocks), each change written with its
 * audit row in one transaction, so no change goes unlogged.
 */
export class BlocksData {
  constructor(private readonly prisma: PrismaClient) {}

  private async logged<T extends { id: bigint }>(targetType: string, audit: AuditEntry, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.prisma.$transaction(async (tx) => {
      const row = await work(tx);
      await tx.adminActionLog.create({ data: { accountId: audit.actorAccountId, action: audit.action, targetType, targetId: row.id, details: audit.details } });
      return row;
    });
  }

  // ------------------------------------------------------------ domain blocks

  async listDomainBlocks(window: PageWindow): Promise<DomainBlockRow[]> {
    const rows = await this.prisma.domainBlock.findMany({ where: pageWhere(window), orderBy: { id: window.ascending ? 'asc' : 'desc' }, take: window.limit });
    return ordered(rows, window);
  }

  /** Every block, for the public list and the rules applied (few rows: one per server). */
  allDomainBlocks(): Promise<DomainBlockRow[]> {
    return this.prisma.domainBlock.findMany({ orderBy: { id: 'asc' } });
  }

  findDomainBlock(id: bigint): Promise<DomainBlockRow | null> {
    return this.prisma.domainBlock.findUnique({ where: { id } });
  }

  /** The blocks of the domain and of the domains above it, longest (most specific) first. */
  async domainBlocksFor(domains: string[]): Promise<DomainBlockRow[]> {
    const rows = await this.prisma.domainBlock.findMany({ where: { domain: { in: domains } } });
    return rows.sort((a, b) => b.domain.length - a.domain.length);
  }

  createDomainBlock(data: Prisma.DomainBlockCreateInput, audit: AuditEntry): Promise<DomainBlockRow> {
    return this.logged('DomainBlock', audit, (tx) => tx.domainBlock.create({ data }));
  }

  updateDomainBlock(id: bigint, data: Prisma.DomainBlockUpdateInput, audit: AuditEntry): Promise<DomainBlockRow> {
    return this.logged('DomainBlock', audit, (tx) => tx.domainBlock.update({ where: { id }, data }));
  }

  deleteDomainBlock(id: bigint, audit: AuditEntry): Promise<DomainBlockRow> {
    return this.logged('DomainBlock', audit, (tx) => tx.domainBlock.delete({ where: { id } }));
  }

  // ------------------------------------------------------------ domain allows

  async listDomainAllows(window: PageWindow): Promise<DomainAllowRow[]> {
    const rows = await this.prisma.domainAllow.findMany({ where: pageWhere(window), orderBy: { id: window.ascending ? 'asc' : 'desc' }, take: window.limit });
    return ordered(rows, window);
  }

  findDomainAllow(id: bigint): Promise<DomainAllowRow | null> {
    return this.prisma.domainAllow.findUnique({ where: { id } });
  }

  findDomainAllowByDomain(domain: string): Promise<DomainAllowRow | null> {
    return this.prisma.domainAllow.findUnique({ where: { domain } });
  }

  createDomainAllow(domain: string, audit: AuditEntry): Promise<DomainAllowRow> {
    return this.logged('DomainAllow', audit, (tx) => tx.domainAllow.create({ data: { domain } }));
  }

  deleteDomainAllow(id: bigint, audit: AuditEntry): Promise<DomainAllowRow> {
    return this.logged('DomainAllow', audit, (tx) => tx.domainAllow.delete({ where: { id } }));
  }

  // ------------------------------------------------------------ e-mail domain blocks

  async listEmailDomainBlocks(window: PageWindow): Promise<EmailDomainBlockRow[]> {
    const rows = await this.prisma.emailDomainBlock.findMany({ where: pageWhere(window), orderBy: { id: window.ascending ? 'asc' : 'desc' }, take: window.limit });
    return ordered(rows, window);
  }

  findEmailDomainBlock(id: bigint): Promise<EmailDomainBlockRow | null> {
    return this.prisma.emailDomainBlock.findUnique({ where: { id } });
  }

  findEmailDomainBlockByDomain(domain: string): Promise<EmailDomainBlockRow | null> {
    return this.prisma.emailDomainBlock.findUnique({ where: { domain } });
  }

  /** The blocks among these domains (an address's domain and the domains above it). */
  emailDomainBlocksAmong(domains: string[]): Promise<EmailDomainBlockRow[]> {
    return this.prisma.emailDomainBlock.findMany({ where: { domain: { in: domains } } });
  }

  createEmailDomainBlock(domain: string, audit: AuditEntry): Promise<EmailDomainBlockRow> {
    return this.logged('EmailDomainBlock', audit, (tx) => tx.emailDomainBlock.create({ data: { domain } }));
  }

  deleteEmailDomainBlock(id: bigint, audit: AuditEntry): Promise<EmailDomainBlockRow> {
    return this.logged('EmailDomainBlock', audit, (tx) => tx.emailDomainBlock.delete({ where: { id } }));
  }

  /** A refused sign-up, for the blocks' history. */
  async recordEmailDomainAttempts(blockIds: bigint[], ip: string | null): Promise<void> {
    if (blockIds.length === 0) return;
    await this.prisma.emailDomainBlockAttempt.createMany({ data: blockIds.map((blockId) => ({ blockId, ip })) });
  }

  /** Refused sign-ups per block and day since `since`: uses, and distinct addresses. */
  async emailDomainHistory(blockIds: bigint[], since: Date): Promise<Array<{ blockId: bigint; day: Date; uses: number; accounts: number }>> {
    if (blockIds.length === 0) return [];
    const rows = await this.prisma.$queryRaw<Array<{ block_id: bigint; day: Date; uses: bigint; accounts: bigint }>>`
      SELECT email_domain_block_id AS block_id, date_trunc('day', created_at AT TIME ZONE 'UTC') AS day,
             count(*) AS uses, count(DISTINCT ip) AS accounts
      FROM email_domain_block_attempts
      WHERE email_domain_block_id = ANY(${blockIds}::bigint[]) AND created_at >= ${since}
      GROUP BY 1, 2`;
    return rows.map((row) => ({ blockId: row.block_id, day: row.day, uses: Number(row.uses), accounts: Number(row.accounts) }));
  }

  // ------------------------------------------------------------ IP blocks

  async listIpBlocks(window: PageWindow): Promise<IpBlockRow[]> {
    const rows = await this.prisma.ipBlock.findMany({ where: pageWhere(window), orderBy: { id: window.ascending ? 'asc' : 'desc' }, take: window.limit });
    return ordered(rows, window);
  }

  /** The blocks in force (not expired): what requests and sign-ups are checked against. */
  activeIpBlocks(now: Date): Promise<IpBlockRow[]> {
    return this.prisma.ipBlock.findMany({ where: { OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] } });
  }

  findIpBlock(id: bigint): Promise<IpBlockRow | null> {
    return this.prisma.ipBlock.findUnique({ where: { id } });
  }

  findIpBlockByIp(ip: string): Promise<IpBlockRow | null> {
    return this.prisma.ipBlock.findUnique({ where: { ip } });
  }

  createIpBlock(data: Prisma.IpBlockCreateInput, audit: AuditEntry): Promise<IpBlockRow> {
    return this.logged('IpBlock', audit, (tx) => tx.ipBlock.create({ data }));
  }

  updateIpBlock(id: bigint, data: Prisma.IpBlockUpdateInput, audit: AuditEntry): Promise<IpBlockRow> {
    return this.logged('IpBlock', audit, (tx) => tx.ipBlock.update({ where: { id }, data }));
  }

  deleteIpBlock(id: bigint, audit: AuditEntry): Promise<IpBlockRow> {
    return this.logged('IpBlock', audit, (tx) => tx.ipBlock.delete({ where: { id } }));
  }

  // ------------------------------------------------------------ canonical e-mail blocks

  async listCanonicalEmailBlocks(window: PageWindow): Promise<CanonicalEmailBlockRow[]> {
    const rows = await this.prisma.canonicalEmailBlock.findMany({ where: pageWhere(window), orderBy: { id: window.ascending ? 'asc' : 'desc' }, take: window.limit });
    return ordered(rows, window);
  }

  findCanonicalEmailBlock(id: bigint): Promise<CanonicalEmailBlockRow | null> {
    return this.prisma.canonicalEmailBlock.findUnique({ where: { id } });
  }

  findCanonicalEmailBlockByHash(hash: string): Promise<CanonicalEmailBlockRow | null> {
    return this.prisma.canonicalEmailBlock.findUnique({ where: { canonicalEmailHash: hash } });
  }

  createCanonicalEmailBlock(canonicalEmailHash: string, referenceAccountId: bigint | null, audit: AuditEntry): Promise<CanonicalEmailBlockRow> {
    return this.logged('CanonicalEmailBlock', audit, (tx) => tx.canonicalEmailBlock.create({ data: { canonicalEmailHash, referenceAccountId } }));
  }

  deleteCanonicalEmailBlock(id: bigint, audit: AuditEntry): Promise<CanonicalEmailBlockRow> {
    return this.logged('CanonicalEmailBlock', audit, (tx) => tx.canonicalEmailBlock.delete({ where: { id } }));
  }

  /** The account whose user has this address (lower-cased), for a block made from an address. */
  async accountIdByEmail(email: string): Promise<bigint | null> {
    const user = await this.prisma.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { accountId: true } });
    return user?.accountId ?? null;
  }
}
