import { isForeignKeyViolation, type PrismaClient } from '@social/db';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';

/** Bookmarks: private to their owner; the unique index (account, status) makes bookmarking idempotent. */
export class BookmarkData {
  constructor(private readonly prisma: PrismaClient) {}

  /** False when the status was deleted meanwhile. */
  async bookmark(accountId: bigint, statusId: bigint): Promise<boolean> {
    try {
      await this.prisma.bookmark.createMany({ data: [{ accountId, statusId }], skipDuplicates: true });
      return true;
    } catch (error) {
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  /** True when a bookmark was removed. */
  async unbookmark(accountId: bigint, statusId: bigint): Promise<boolean> {
    const { count } = await this.prisma.bookmark.deleteMany({ where: { accountId, statusId } });
    return count > 0;
  }

  /** An account's bookmarks, newest first (the row id is the cursor). */
  async bookmarksOf(accountId: bigint, page: PageRequest): Promise<Array<{ id: bigint; statusId: bigint }>> {
    const window = idWindow(page);
    const rows = await this.prisma.bookmark.findMany({
      where: { accountId, id: window.where },
      orderBy: { id: window.order },
      take: page.limit,
      select: { id: true, statusId: true },
    });
    return newestFirst(rows, page);
  }
}
