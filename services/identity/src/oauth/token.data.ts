import { col, sqlOf, statement, type PrismaClient } from '@social/db';
import type { LoginRefusal, PostingDefaults } from '@social/federation';

export interface TokenRecord {
  id: bigint;
  applicationId: bigint;
  accountId: bigint | null;
  scopes: string;
  createdAt: Date;
  revokedAt: Date | null;
}

/**
 * The token, why its user may not act (null: it may; Mastodon's
 * require_user! order, docs/api/oauth.md#users-who-may-not-sign-in) and the user's posting defaults,
 * in one statement (the principal of every signed-in request; three queries
 * through Prisma).
 */
const PRINCIPAL = statement(
  'identity.principalByTokenHash',
  ['text'],
  { id: col.bigint, applicationId: col.bigint, accountId: col.nullable(col.bigint), scopes: col.text, revoked: col.bool, userGone: col.bool, refusal: col.nullable(col.enumText<LoginRefusal>()), permissions: col.int,
    defaultPrivacy: col.nullable(col.enumText<PostingDefaults['visibility']>()), defaultSensitive: col.nullable(col.bool), defaultLanguage: col.nullable(col.text) },
  `SELECT t.id, t.application_id AS "applicationId", t.account_id AS "accountId", t.scopes, t.revoked_at IS NOT NULL AS revoked,
    (t.account_id IS NOT NULL AND u.id IS NULL) AS "userGone",
    CASE WHEN u.id IS NULL THEN NULL WHEN u.confirmed_at IS NULL THEN 'unconfirmed' WHEN NOT u.approved THEN 'pending'
      WHEN u.disabled OR a.suspended_at IS NOT NULL THEN 'disabled' END AS refusal,
    coalesce(r.permissions, 0)::int AS permissions,
    u.default_privacy::text AS "defaultPrivacy", u.default_sensitive AS "defaultSensitive", u.default_language AS "defaultLanguage"
  FROM oauth_access_tokens t
  LEFT JOIN users u ON u.account_id = t.account_id
  LEFT JOIN accounts a ON a.id = t.account_id
  LEFT JOIN user_roles r ON r.id = u.role_id
  WHERE t.token_hash = $1::text`,
);

export class TokenData {
  constructor(private readonly prisma: PrismaClient) {}

  create(input: { tokenHash: string; applicationId: bigint; accountId: bigint | null; scopes: string }): Promise<TokenRecord> {
    return this.prisma.accessToken.create({ data: input });
  }

  /** The token and whether its user may still act (not disabled, approved, not suspended). */
  findByHash(tokenHash: string) {
    return this.prisma.accessToken.findUnique({
      where: { tokenHash },
      select: {
        id: true, applicationId: true, accountId: true, scopes: true, revokedAt: true,
      },
    });
  }

  /** The token, whether its user is gone or why it may not act, its user's role's permission bits and posting defaults (PRINCIPAL; no defaults without a user). */
  async findPrincipalByHash(tokenHash: string): Promise<(Pick<TokenRecord, 'id' | 'applicationId' | 'accountId' | 'scopes'> & { revoked: boolean; userGone: boolean; refusal: LoginRefusal | null; permissions: number; postingDefaults: PostingDefaults | null }) | null> {
    const [row] = await sqlOf(this.prisma).query(PRINCIPAL, tokenHash);
    if (!row) return null;
    const { defaultPrivacy, defaultSensitive, defaultLanguage, ...token } = row;
    const postingDefaults = defaultPrivacy === null ? null : { visibility: defaultPrivacy, sensitive: defaultSensitive ?? false, language: defaultLanguage };
    return { ...token, postingDefaults };
  }

  async userActive(accountId: bigint): Promise<boolean> {
    const user = await this.prisma.user.findUnique({
      where: { accountId },
      select: { disabled: true, approved: true, account: { select: { suspendedAt: true } } },
    });
    return !!user && !user.disabled && user.approved && !user.account.suspendedAt;
  }

  /** Revokes once; a second revoke changes nothing. True when this call revoked it. Its Web Push subscription goes with it (docs/api/push.md#subscriptions). */
  async revoke(id: bigint): Promise<boolean> {
    const [{ count }] = await this.prisma.$transaction([
      this.prisma.accessToken.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: new Date() } }),
      this.prisma.webPushSubscription.deleteMany({ where: { accessTokenId: id } }),
    ]);
    return count === 1;
  }
}
