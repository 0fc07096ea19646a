import type { PrismaClient, WebPushPolicy } from '@social/db';

/** A recipient's Web Push subscription as the dispatch weighs it (identity's rows, read as docs/data-ownership.md declares). */
export interface PushTarget {
  id: bigint;
  accountId: bigint;
  /** The notification types it pushes, by their notification_type names. */
  alerts: string[];
  policy: WebPushPolicy;
}

export class PushTargetsData {
  constructor(private readonly prisma: PrismaClient) {}

  /** The subscriptions of these accounts (one index lookup; usually none). */
  subscriptionsOf(accountIds: readonly bigint[]): Promise<PushTarget[]> {
    return this.prisma.webPushSubscription.findMany({
      where: { accountId: { in: [...accountIds] } },
      select: { id: true, accountId: true, alerts: true, policy: true },
    });
  }
}
