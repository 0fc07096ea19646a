import type { PrismaClient } from '@social/db';

export interface NotificationRecord {
  id: bigint;
  accountId: bigint;
  fromAccountId: bigint;
  type: string;
  statusId: bigint | null;
  createdAt: Date;
}

/** Reads notifications (recording them is the notifications feature's). */
export class NotificationData {
  constructor(private readonly prisma: PrismaClient) {}

  findById(id: bigint): Promise<NotificationRecord | null> {
    return this.prisma.notification.findUnique({ where: { id } });
  }
}
