import type { PrismaClient } from '@social/db';

/** Who owns an attachment and which posted status holds it: what decides who may see it. */
export interface AttachmentPlacement {
  accountId: string;
  statusId: string | null;
}

export class NodeData {
  constructor(private readonly prisma: PrismaClient) {}

  async attachmentPlacement(id: bigint): Promise<AttachmentPlacement | null> {
    const row = await this.prisma.mediaAttachment.findUnique({ where: { id }, select: { accountId: true, statusId: true } });
    return row ? { accountId: row.accountId.toString(), statusId: row.statusId?.toString() ?? null } : null;
  }
}
