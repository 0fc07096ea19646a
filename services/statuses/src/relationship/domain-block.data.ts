import type { PrismaClient } from '@social/db';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';

/** One blocked domain with its block's id (the page cursor). */
export interface DomainBlockRow {
  id: bigint;
  domain: string;
}

/** The domains users block (account_domain_blocks; docs/api/domain-blocks.md). */
export class DomainBlockData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Blocks the domain; blocking it again changes nothing. */
  async block(accountId: bigint, domain: string): Promise<void> {
    await this.prisma.accountDomainBlock.upsert({ where: { accountId_domain: { accountId, domain } }, create: { accountId, domain }, update: {} });
  }

  async unblock(accountId: bigint, domain: string): Promise<void> {
    await this.prisma.accountDomainBlock.deleteMany({ where: { accountId, domain } });
  }

  /** The account's blocked domains, newest block first. */
  async list(accountId: bigint, page: PageRequest): Promise<DomainBlockRow[]> {
    if (page.limit === 0) return [];
    const window = idWindow(page);
    const rows = await this.prisma.accountDomainBlock.findMany({
      where: { accountId, id: window.where },
      orderBy: { id: window.order },
      take: page.limit,
      select: { id: true, domain: true },
    });
    return newestFirst(rows, page);
  }
}
