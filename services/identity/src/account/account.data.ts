import type { PrismaClient } from '@social/db';

export interface AccountRecord {
  id: bigint;
  username: string;
  displayName: string;
  note: string;
  locked: boolean;
  bot: boolean;
  discoverable: boolean;
  avatarKey: string | null;
  headerKey: string | null;
  fields: unknown;
  suspendedAt: Date | null;
  createdAt: Date;
  /** The login's settings; read by findByIds only for the account named in `userOf` (the viewer's own). */
  user?: { email: string; locale: string | null; defaultPrivacy: string; defaultSensitive: boolean; defaultLanguage: string | null } | null;
}

const SELECT = {
  id: true, username: true, displayName: true, note: true, locked: true, bot: true, discoverable: true,
  avatarKey: true, headerKey: true, fields: true, suspendedAt: true, createdAt: true,
  user: { select: { email: true, locale: true, defaultPrivacy: true, defaultSensitive: true, defaultLanguage: true } },
} as const;

interface AccountRow {
  id: bigint; username: string; display_name: string; note: string; locked: boolean; bot: boolean; discoverable: boolean;
  avatar_key: string | null; header_key: string | null; fields: unknown; suspended_at: Date | null; created_at: Date;
  has_user: boolean; email: string | null; locale: string | null; default_privacy: string | null; default_sensitive: boolean | null;
  default_language: string | null;
}

function toAccountRecord(row: AccountRow, withUser: boolean): AccountRecord {
  const record: AccountRecord = {
    id: row.id, username: row.username, displayName: row.display_name, note: row.note, locked: row.locked, bot: row.bot,
    discoverable: row.discoverable, avatarKey: row.avatar_key, headerKey: row.header_key, fields: row.fields,
    suspendedAt: row.suspended_at, createdAt: row.created_at,
  };
  if (withUser) {
    record.user = row.has_user
      ? {
          email: row.email as string, locale: row.locale, defaultPrivacy: row.default_privacy as string,
          defaultSensitive: row.default_sensitive as boolean, defaultLanguage: row.default_language,
        }
      : null;
  }
  return record;
}

export interface NewAccount {
  username: string;
  email: string;
  passwordHash: string;
  locale: string | null;
  applicationId: bigint;
  signUpIp: string | null;
  /** Scopes of the token issued with the account. */
  tokenScopes: string;
  tokenHash: string;
}

export class AccountData {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Accounts by id, in one statement; the login row is joined only for
   * `userOf` (only the viewer's own account shows it). This is the Account
   * reference of every status shown, so it is raw SQL: through Prisma the
   * user relation was a second query, and Prisma's query building cost about
   * as much CPU again as the whole raw query (bench/README.md).
   */
  async findByIds(ids: readonly string[], userOf: string | null = null): Promise<Array<AccountRecord | null>> {
    const rows = await this.prisma.$queryRaw<AccountRow[]>`
      SELECT a.id, a.username, a.display_name, a.note, a.locked, a.bot, a.discoverable, a.avatar_key, a.header_key, a.fields,
        a.suspended_at, a.created_at, u.id IS NOT NULL AS has_user, u.email, u.locale, u.default_privacy::text AS default_privacy,
        u.default_sensitive, u.default_language
      FROM accounts a LEFT JOIN users u ON u.account_id = a.id AND a.id = ${userOf}::bigint
      WHERE a.id = ANY(${ids.map(String)}::text[]::bigint[])`;
    const byId = new Map(rows.map((row) => [row.id.toString(), toAccountRecord(row, row.id.toString() === userOf)]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /** The local account with this username, in any case, with its login (null once deleted); or null. */
  findByUsername(username: string): Promise<AccountRecord | null> {
    return this.prisma.account.findUnique({ where: { usernameLower: username.toLowerCase() }, select: SELECT });
  }

  /** The account if its user may act: not suspended, not disabled. */
  findActive(id: bigint): Promise<AccountRecord | null> {
    return this.prisma.account.findFirst({ where: { id, suspendedAt: null, user: { disabled: false } }, select: SELECT });
  }

  async usernameTaken(username: string): Promise<boolean> {
    return (await this.prisma.account.count({ where: { usernameLower: username.toLowerCase() } })) > 0;
  }

  async emailTaken(email: string): Promise<boolean> {
    return (await this.prisma.user.count({ where: { email: email.toLowerCase() } })) > 0;
  }

  findUserByEmail(email: string) {
    return this.prisma.user.findUnique({
      where: { email: email.toLowerCase() },
      select: { accountId: true, passwordHash: true, confirmedAt: true, disabled: true, account: { select: { suspendedAt: true } } },
    });
  }

  /** Account, user and first token in one transaction: a sign-up is whole or absent. */
  async create(input: NewAccount): Promise<{ accountId: bigint; token: { createdAt: Date; scopes: string } }> {
    return this.prisma.$transaction(async (tx) => {
      const account = await tx.account.create({
        data: {
          username: input.username,
          usernameLower: input.username.toLowerCase(),
          user: {
            create: {
              email: input.email.toLowerCase(),
              passwordHash: input.passwordHash,
              locale: input.locale,
              confirmedAt: new Date(),
              signUpApplicationId: input.applicationId,
              signUpIp: input.signUpIp,
            },
          },
        },
        select: { id: true },
      });
      const token = await tx.accessToken.create({
        data: { tokenHash: input.tokenHash, applicationId: input.applicationId, accountId: account.id, scopes: input.tokenScopes },
        select: { createdAt: true, scopes: true },
      });
      return { accountId: account.id, token };
    });
  }
}
