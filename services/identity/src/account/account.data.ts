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

const ACCOUNT_SELECT = {
  id: true, username: true, displayName: true, note: true, locked: true, bot: true, discoverable: true,
  avatarKey: true, headerKey: true, fields: true, suspendedAt: true, createdAt: true,
} as const;
const USER_SELECT = { email: true, locale: true, defaultPrivacy: true, defaultSensitive: true, defaultLanguage: true } as const;
const SELECT = { ...ACCOUNT_SELECT, user: { select: USER_SELECT } } as const;

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
   * Accounts by id. Only `userOf`'s login row is read (Prisma reads a
   * relation in a query of its own, and only the viewer's own account shows
   * it): other viewers' reads of an account cost one query.
   */
  async findByIds(ids: readonly string[], userOf: string | null = null): Promise<Array<AccountRecord | null>> {
    const withUser = userOf !== null && ids.includes(userOf);
    const [rows, user] = await Promise.all([
      this.prisma.account.findMany({ where: { id: { in: ids.map(BigInt) } }, select: ACCOUNT_SELECT }),
      withUser ? this.prisma.user.findUnique({ where: { accountId: BigInt(userOf) }, select: USER_SELECT }) : null,
    ]);
    const byId = new Map<string, AccountRecord>(rows.map((row) => [row.id.toString(), row]));
    const own = withUser ? byId.get(userOf) : undefined;
    if (own) own.user = user;
    return ids.map((id) => byId.get(id) ?? null);
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
