import { isUniqueViolation, type PrismaClient, type WebPushPolicy as DbPolicy } from '@social/db';

/** A subscription row as the service reads it (the sealed token stays in the data layer but for delivery). */
export interface PushSubscriptionRecord {
  id: bigint;
  accessTokenId: bigint;
  accountId: bigint;
  endpoint: string;
  keyP256dh: string;
  keyAuth: string;
  standard: boolean;
  /** Notification types pushed, by their notification_type names (admin_report). */
  alerts: string[];
  policy: DbPolicy;
}

/** What delivering one push needs of identity's rows: the subscription, its token still live, its user's locale. */
export interface PushTarget extends PushSubscriptionRecord {
  sealedToken: string;
  /** The user's interface language (users.locale), null when unset. */
  locale: string | null;
}

export interface NewPushSubscription {
  accessTokenId: bigint;
  accountId: bigint;
  endpoint: string;
  keyP256dh: string;
  keyAuth: string;
  standard: boolean;
  alerts: string[];
  policy: DbPolicy;
  sealedToken: string;
}

const SELECT = { id: true, accessTokenId: true, accountId: true, endpoint: true, keyP256dh: true, keyAuth: true, standard: true, alerts: true, policy: true } as const;

/** The web_push_subscriptions table (docs/api/push.md): one row per access token at most. */
export class PushSubscriptionData {
  constructor(private readonly prisma: PrismaClient) {}

  findByToken(accessTokenId: bigint): Promise<PushSubscriptionRecord | null> {
    return this.prisma.webPushSubscription.findUnique({ where: { accessTokenId }, select: SELECT });
  }

  /**
   * The token's new subscription; its old one, if any, is removed (Mastodon
   * destroys it and creates another): a new id, so pushes still queued for
   * the old one are not sent to the new endpoint. Two at once for one token:
   * the later one wins.
   */
  async replace(subscription: NewPushSubscription): Promise<PushSubscriptionRecord> {
    const attempt = async () => {
      const [, created] = await this.prisma.$transaction([
        this.prisma.webPushSubscription.deleteMany({ where: { accessTokenId: subscription.accessTokenId } }),
        this.prisma.webPushSubscription.create({ data: subscription, select: SELECT }),
      ]);
      return created;
    };
    try {
      return await attempt();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return attempt();
    }
  }

  /** Null when the token has no subscription (any more). */
  async update(accessTokenId: bigint, changes: { alerts?: string[]; policy?: DbPolicy }): Promise<PushSubscriptionRecord | null> {
    const { count } = await this.prisma.webPushSubscription.updateMany({ where: { accessTokenId }, data: changes });
    return count === 0 ? null : this.findByToken(accessTokenId);
  }

  /** The id of the subscription removed, or null when the token had none. */
  async deleteByToken(accessTokenId: bigint): Promise<bigint | null> {
    const found = await this.findByToken(accessTokenId);
    if (!found) return null;
    await this.prisma.webPushSubscription.deleteMany({ where: { id: found.id } });
    return found.id;
  }

  /** A push service answered that the subscription is gone (or a push can no longer be made for it). */
  async deleteById(id: bigint): Promise<void> {
    await this.prisma.webPushSubscription.deleteMany({ where: { id } });
  }

  /** The subscription with what a push needs, or null when it is gone, its token revoked or its user no longer active. */
  async target(id: bigint): Promise<PushTarget | null> {
    const row = await this.prisma.webPushSubscription.findUnique({
      where: { id },
      select: {
        ...SELECT,
        sealedToken: true,
        accessToken: { select: { revokedAt: true } },
        // The token's account: users.account_id is unique.
      },
    });
    if (!row || row.accessToken.revokedAt) return null;
    const user = await this.prisma.user.findUnique({ where: { accountId: row.accountId }, select: { locale: true, disabled: true, account: { select: { suspendedAt: true } } } });
    if (!user || user.disabled || user.account.suspendedAt) return null;
    const { accessToken: _token, ...subscription } = row;
    return { ...subscription, locale: user.locale };
  }
}
