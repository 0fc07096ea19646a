import { randomBytes } from 'node:crypto';
import { NO_INVALIDATION, type CacheInvalidation } from '@social/cache';
import { AppError } from '@social/errors';
import { isUniqueViolation } from '@social/db';
import { validationMessages, type AccountService } from '../account/account.service.js';
import { hashPassword } from '../crypto/secrets.js';
import type { IdentityEvents } from '../oauth/token.events.js';
import { OPERATOR, type AccountModeration } from '../moderation/moderation.service.js';
import type { AdminAccountRecord, AdminData, AdminTokenRecord } from './admin.data.js';

/** A generated password: 24 URL-safe characters (144 bits), easy to paste. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Which tokens a `tokens` command is about: an app's (by client_id) and/or an account's. */
export interface TokenSelector {
  clientId?: string;
  account?: string;
}

/**
 * The operator's commands on identity (the admin CLI): accounts and tokens.
 * Accounts are named by username or id. Every token taken out of service
 * (revoked, or its account suspended or deleted) is announced, so the
 * streams opened with it close in every process.
 */
export class IdentityAdmin {
  constructor(
    private readonly data: AdminData,
    private readonly accounts: AccountService,
    private readonly events: IdentityEvents,
    /** Suspending and deleting go through the moderators' own rules (docs/api/moderation.md), as the operator. */
    private readonly moderation: AccountModeration,
    /** Cached statuses show their author: suspending, unsuspending, confirming or deleting an account retires its token. */
    private readonly invalidation: CacheInvalidation = NO_INVALIDATION,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async findAccount(usernameOrId: string): Promise<AdminAccountRecord> {
    const handle = usernameOrId.replace(/^@/, '');
    const byName = await this.data.findAccountByUsername(handle);
    const account = byName ?? (/^\d{1,19}$/.test(handle) ? await this.data.findAccountById(BigInt(handle)) : null);
    if (!account) throw new AppError('NOT_FOUND', `No account ${usernameOrId}`);
    return account;
  }

  /** Creates a confirmed (unless told otherwise) account with a generated password, returned once. */
  async createAccount(input: { username: string; email: string; confirmed: boolean }): Promise<{ account: AdminAccountRecord; password: string }> {
    const password = generatePassword();
    const details = await this.accounts.validate({ username: input.username.trim(), email: input.email.trim(), password, agreement: true });
    if (Object.keys(details).length > 0) throw AppError.validation(validationMessages(details), details);
    const id = await this.data
      .createAccount({ username: input.username.trim(), email: input.email.trim(), passwordHash: await hashPassword(password), confirmed: input.confirmed })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw AppError.validation(['Username has already been taken']);
        throw error;
      });
    return { account: (await this.data.findAccountById(id)) as AdminAccountRecord, password };
  }

  /** A new generated password; as in Mastodon's reset, every token of the account is revoked. */
  async resetPassword(usernameOrId: string): Promise<{ account: AdminAccountRecord; password: string; revoked: number }> {
    const account = await this.withUser(usernameOrId);
    const password = generatePassword();
    await this.data.setPasswordHash(account.id, await hashPassword(password));
    const revoked = await this.revokeSelected({ accountId: account.id });
    return { account, password, revoked };
  }

  async confirm(usernameOrId: string): Promise<{ account: AdminAccountRecord; changed: boolean }> {
    const account = await this.withUser(usernameOrId);
    await this.data.confirm(account.id);
    await this.invalidation.changed({ accounts: [account.id] });
    return { account, changed: account.user?.confirmedAt === null };
  }

  /**
   * The moderators' suspension (docs/api/moderation.md#suspending), by the operator: everything of the
   * account hidden, its sign-in and tokens refused (kept: unsuspending gives them back, as in Mastodon),
   * its streams closed, and its data deleted 30 days later unless the suspension is lifted first.
   */
  async suspend(usernameOrId: string): Promise<{ account: AdminAccountRecord; changed: boolean }> {
    const account = await this.findAccount(usernameOrId);
    if (account.suspendedAt) return { account, changed: false };
    await this.moderation.act(account.id, { type: 'suspend' }, OPERATOR);
    return { account, changed: true };
  }

  async unsuspend(usernameOrId: string): Promise<{ account: AdminAccountRecord; changed: boolean }> {
    const account = await this.findAccount(usernameOrId);
    if (!account.suspendedAt) return { account, changed: false };
    if (!account.user) throw AppError.unprocessable(`${account.username} was deleted; a deleted account cannot be unsuspended`);
    await this.moderation.unsuspend(account.id, OPERATOR);
    return { account, changed: true };
  }

  /**
   * Identity's part of deleting an account now (the admin CLI's `accounts delete`, which runs the other
   * subgraphs' parts itself): suspended first if it was not, then the deletion job's own step.
   */
  async deleteAccount(account: AdminAccountRecord): Promise<{ revoked: number }> {
    if (!account.suspendedAt) await this.moderation.act(account.id, { type: 'suspend' }, OPERATOR);
    return { revoked: (await this.moderation.purge(account.id, null, { next: false })) ?? 0 };
  }

  async listTokens(selector: TokenSelector): Promise<AdminTokenRecord[]> {
    return this.data.listTokens(await this.filterOf(selector));
  }

  /** Revokes the selected live tokens; returns how many this call revoked. */
  async revokeTokens(selector: TokenSelector): Promise<number> {
    return this.revokeSelected(await this.filterOf(selector));
  }

  private async revokeSelected(filter: { applicationId?: bigint; accountId?: bigint }): Promise<number> {
    const live = await this.data.listTokens({ ...filter, liveOnly: true });
    const revoked = await this.data.revokeTokens(live.map((token) => token.id), this.now());
    for (const id of revoked) this.events.emit({ type: 'token.revoked', tokenId: id.toString() });
    return revoked.length;
  }

  private async filterOf(selector: TokenSelector): Promise<{ applicationId?: bigint; accountId?: bigint }> {
    if (!selector.clientId && !selector.account) throw AppError.badRequest('Name an app (its client_id) or an account');
    const filter: { applicationId?: bigint; accountId?: bigint } = {};
    if (selector.clientId) {
      const application = await this.data.findApplicationByClientId(selector.clientId);
      if (!application) throw new AppError('NOT_FOUND', `No app with client_id ${selector.clientId}`);
      filter.applicationId = application.id;
    }
    if (selector.account) filter.accountId = (await this.findAccount(selector.account)).id;
    return filter;
  }

  private async withUser(usernameOrId: string): Promise<AdminAccountRecord> {
    const account = await this.findAccount(usernameOrId);
    if (!account.user) throw AppError.unprocessable(`${account.username} was deleted; it has no login any more`);
    return account;
  }
}
