import { col, Entity, sqlOf, statement, type PrismaClient, type RowOf } from '@social/db';

export interface AccountRecord {
  id: bigint;
  username: string;
  displayName: string;
  note: string;
  noteHtml: string;
  locked: boolean;
  bot: boolean;
  discoverable: boolean;
  indexable: boolean;
  hideCollections: boolean;
  avatarKey: string | null;
  avatarStaticKey: string | null;
  headerKey: string | null;
  headerStaticKey: string | null;
  fields: unknown;
  suspendedAt: Date | null;
  /** Limited by a moderator (Mastodon's silenced): the Account entity's `limited`. */
  silencedAt: Date | null;
  createdAt: Date;
  /** The login's settings; read by findByIds only for the account named in `userOf` (the viewer's own). */
  user?: { email: string; locale: string | null; defaultPrivacy: string; defaultSensitive: boolean; defaultLanguage: string | null; followRequestsCount?: number } | null;
}

const SELECT = {
  id: true, username: true, displayName: true, note: true, noteHtml: true, locked: true, bot: true, discoverable: true,
  indexable: true, hideCollections: true, avatarKey: true, avatarStaticKey: true, headerKey: true, headerStaticKey: true, fields: true, suspendedAt: true, silencedAt: true, createdAt: true,
  user: { select: { email: true, locale: true, defaultPrivacy: true, defaultSensitive: true, defaultLanguage: true } },
} as const;

/** The accounts columns of AccountRecord, named as its fields: what the raw reads select. */
const ACCOUNT = new Entity({
  id: ['id', col.bigint],
  username: ['username', col.text],
  displayName: ['display_name', col.text],
  note: ['note', col.text],
  noteHtml: ['note_html', col.text],
  locked: ['locked', col.bool],
  bot: ['bot', col.bool],
  discoverable: ['discoverable', col.bool],
  indexable: ['indexable', col.bool],
  hideCollections: ['hide_collections', col.bool],
  avatarKey: ['avatar_key', col.nullable(col.text)],
  avatarStaticKey: ['avatar_static_key', col.nullable(col.text)],
  headerKey: ['header_key', col.nullable(col.text)],
  headerStaticKey: ['header_static_key', col.nullable(col.text)],
  fields: ['fields', col.json()],
  suspendedAt: ['suspended_at', col.nullable(col.timestamp)],
  silencedAt: ['silenced_at', col.nullable(col.timestamp)],
  createdAt: ['created_at', col.timestamp],
});

/** The users columns AccountRecord.user shows; null when there is no login row (joined only for the viewer). */
const USER = new Entity({
  email: ['email', col.nullable(col.text)],
  locale: ['locale', col.nullable(col.text)],
  defaultPrivacy: ['default_privacy', col.nullable(col.enumText())],
  defaultSensitive: ['default_sensitive', col.nullable(col.bool)],
  defaultLanguage: ['default_language', col.nullable(col.text)],
});

/**
 * Accounts by id, the login row joined only for `$2` (only the viewer's own
 * account shows it), with the viewer's pending follow requests counted
 * (the statuses service's follow_requests, read-only here; docs/api/follow-requests.md). This is the Account reference of every status shown:
 * through Prisma the user relation was a second query, and Prisma's query
 * building cost about as much CPU again as the whole raw query.
 */
const BY_IDS = statement(
  'identity.accountsByIds',
  ['bigint[]', 'bigint?'],
  { ...ACCOUNT.shape, hasUser: col.bool, ...USER.shape, followRequestsCount: col.int },
  `SELECT ${ACCOUNT.select('a')}, u.id IS NOT NULL AS "hasUser", ${USER.select('u')},
    CASE WHEN u.id IS NULL THEN 0 ELSE (SELECT count(*) FROM follow_requests r WHERE r.target_account_id = a.id) END AS "followRequestsCount"
  FROM accounts a LEFT JOIN users u ON u.account_id = a.id AND a.id = $2::bigint
  WHERE a.id = ANY($1::bigint[])`,
);

function toAccountRecord(row: RowOf<typeof BY_IDS.shape>, withUser: boolean): AccountRecord {
  const record: AccountRecord = {
    id: row.id, username: row.username, displayName: row.displayName, note: row.note, noteHtml: row.noteHtml, locked: row.locked, bot: row.bot,
    discoverable: row.discoverable, indexable: row.indexable, hideCollections: row.hideCollections, avatarKey: row.avatarKey,
    avatarStaticKey: row.avatarStaticKey, headerKey: row.headerKey, headerStaticKey: row.headerStaticKey, fields: row.fields,
    suspendedAt: row.suspendedAt, silencedAt: row.silencedAt, createdAt: row.createdAt,
  };
  if (withUser) {
    record.user = row.hasUser
      ? {
          email: row.email as string, locale: row.locale, defaultPrivacy: row.defaultPrivacy as string,
          defaultSensitive: row.defaultSensitive as boolean, defaultLanguage: row.defaultLanguage, followRequestsCount: row.followRequestsCount,
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
  /** False when sign-ups wait for a moderator (REGISTRATIONS_MODE=approved). */
  approved: boolean;
  /** The sign-up's `reason`, for the moderators approving it. */
  reason: string | null;
  /** Scopes of the token issued with the account. */
  tokenScopes: string;
  tokenHash: string;
}

/** What a profile edit writes: account columns and the login's posting defaults; absent ones stay. */
export interface ProfileChanges {
  account: Partial<Pick<AccountRecord,
    'displayName' | 'note' | 'noteHtml' | 'locked' | 'bot' | 'discoverable' | 'indexable' | 'hideCollections'
    | 'avatarKey' | 'avatarStaticKey' | 'headerKey' | 'headerStaticKey'>> & { fields?: StoredField[] };
  user: { defaultPrivacy?: 'public' | 'unlisted' | 'private'; defaultSensitive?: boolean; defaultLanguage?: string | null };
}

/** A profile field as stored (accounts.fields): the plain value and its HTML. */
export interface StoredField {
  name: string;
  value: string;
  valueHtml: string;
  verifiedAt: string | null;
}

export class AccountData {
  constructor(private readonly prisma: PrismaClient) {}

  /** Accounts by id, in their order (null where none); the login only for `userOf` (BY_IDS). */
  async findByIds(ids: readonly string[], userOf: string | null = null): Promise<Array<AccountRecord | null>> {
    const rows = await sqlOf(this.prisma).query(BY_IDS, ids, userOf);
    const byId = new Map(rows.map((row) => [row.id.toString(), toAccountRecord(row, row.id.toString() === userOf)]));
    return ids.map((id) => byId.get(id) ?? null);
  }

  /** The local account with this username, in any case, with its login (null once deleted); or null. */
  findByUsername(username: string): Promise<AccountRecord | null> {
    return this.prisma.account.findUnique({ where: { usernameLower: username.toLowerCase() }, select: SELECT });
  }

  /** The account if its user may act: not suspended, not disabled, approved. */
  findActive(id: bigint): Promise<AccountRecord | null> {
    return this.prisma.account.findFirst({ where: { id, suspendedAt: null, user: { disabled: false, approved: true } }, select: SELECT });
  }

  /** Local accounts by username (case-insensitive): the accounts a note's mentions link to. */
  findLocalByUsernames(usernames: readonly string[]): Promise<Array<{ id: bigint; username: string }>> {
    if (usernames.length === 0) return Promise.resolve([]);
    return this.prisma.account.findMany({
      where: { usernameLower: { in: usernames.map((u) => u.toLowerCase()) }, suspendedAt: null },
      select: { id: true, username: true },
    });
  }

  /** One profile edit: the account row and the login's defaults together, or neither. */
  async updateProfile(id: bigint, changes: ProfileChanges): Promise<void> {
    const { fields, ...account } = changes.account;
    const hasUser = Object.keys(changes.user).length > 0;
    await this.prisma.$transaction(async (tx) => {
      await tx.account.update({ where: { id }, data: { ...account, ...(fields ? { fields: fields as never } : {}) }, select: { id: true } });
      if (hasUser) await tx.user.update({ where: { accountId: id }, data: changes.user, select: { id: true } });
    });
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
      select: { accountId: true, passwordHash: true, confirmedAt: true, disabled: true, approved: true, account: { select: { suspendedAt: true } } },
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
              approved: input.approved,
              signUpReason: input.reason,
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
