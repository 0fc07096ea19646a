import { NO_INVALIDATION, type CacheInvalidation } from '@social/cache';
import { exceedsCodePoints } from '@social/content';
import { parseId } from '@social/db';
import { AppError } from '@social/errors';
import { grants, PERMISSIONS } from '@social/federation';
import { ACCOUNT_DELETION_DELAY_MS } from '@social/jobs';
import type { IdentityEvents } from '../oauth/token.events.js';
import { NO_PROFILE_IMAGES, type ProfileImages } from '../profile/profile-images.js';
import type { AuditRow, ModerationData, ModerationTarget, ModerationWrite } from './moderation.data.js';

/** Mastodon's Admin::AccountAction types. */
export type AccountActionType = 'none' | 'sensitive' | 'disable' | 'silence' | 'suspend';

/** Who acts: a moderator (its account and its role's permission bits), or the operator through the admin CLI. */
export interface Moderator {
  /** Null for the operator, who has every permission and outranks every role. */
  accountId: bigint | null;
  permissions: number;
}

/** The operator at the admin CLI. */
export const OPERATOR: Moderator = Object.freeze({ accountId: null, permissions: PERMISSIONS.administrator });

export interface AccountAction {
  /** Null: none given, refused as Mastodon's validation does. */
  type: AccountActionType | null;
  /** The report acted on: resolved with the action. */
  reportId?: string | null;
  /** Kept as the warning's text. */
  text?: string | null;
}

/** This server's bound on a warning's text (Mastodon sets none; docs/limits.md). */
const WARNING_TEXT_LIMIT = 5000;

/**
 * Moderators' actions on accounts (docs/api/moderation.md#acting-on-an-account), as Mastodon's
 * Admin::AccountAction and the admin accounts controller: warn, limit (silence), suspend, force media
 * sensitive, disable the login, and undo each; approve or reject a pending sign-up; delete a suspended
 * account's data. The admin API and the admin CLI both act through here. Each action commits whole with
 * its audit rows; after it, the account's cached renderings are retired and, when its login stops
 * working, its tokens' streams close.
 */
export class AccountModeration {
  constructor(
    private readonly data: ModerationData,
    private readonly events: IdentityEvents,
    private readonly invalidation: CacheInvalidation = NO_INVALIDATION,
    private readonly now: () => Date = () => new Date(),
    /** A deletion removes the avatar and header files (docs/api/moderation.md#deleting-an-account). */
    private readonly images: ProfileImages = NO_PROFILE_IMAGES,
  ) {}

  async find(id: string | bigint): Promise<ModerationTarget> {
    const parsed = typeof id === 'bigint' ? id : parseId(id);
    const target = parsed === null ? null : await this.data.findTarget(parsed);
    if (!target) throw AppError.notFound();
    return target;
  }

  /** POST /api/v1/admin/accounts/:id/action: the action, its warning, the reports it resolves. */
  async act(id: string | bigint, action: AccountAction, moderator: Moderator): Promise<ModerationTarget> {
    const target = await this.find(id);
    if (action.type === null) throw AppError.validation(["Type can't be blank", 'Type is not included in the list'], undefined, ['input', 'type']);
    const type = action.type;
    const text = action.text ?? '';
    if (exceedsCodePoints(text, WARNING_TEXT_LIMIT)) {
      throw AppError.validation([`Text is too long (maximum is ${WARNING_TEXT_LIMIT} characters)`], undefined, ['input', 'text']);
    }
    const report = await this.report(action.reportId);
    // Acting on an account (a warning included) needs a role above the user's (Mastodon's role.overrides?).
    await this.assertOutranks(moderator, target);
    if (type === 'disable' && !target.user) throw AppError.notAllowed();
    const now = this.now();
    const write: ModerationWrite = {
      target,
      actorId: moderator.accountId,
      log: [],
      warning: { action: type, text, reportId: report?.id ?? null, statusIds: report?.statusIds ?? [], logWarning: type === 'none' && text !== '' },
      // A warning resolves the report it answers; any other action every open report about the account (Mastodon's).
      resolve: type === 'none' ? (report ? { reportId: report.id, allOpen: false, at: now } : undefined) : { reportId: null, allOpen: true, at: now },
    };
    const account = (what: AuditRow['action']): AuditRow => ({ action: what, targetType: 'Account', targetId: target.id, details: target.username });
    switch (type) {
      case 'disable':
        write.user = { disabled: true };
        write.log.push({ action: 'disable', targetType: 'User', targetId: (target.user as { id: bigint }).id, details: target.username });
        break;
      case 'sensitive':
        if (!target.sensitizedAt) write.account = { sensitizedAt: now };
        write.log.push(account('sensitive'));
        break;
      case 'silence':
        if (!target.silencedAt) write.account = { silencedAt: now };
        write.log.push(account('silence'));
        break;
      case 'suspend':
        // Suspending again keeps the first suspension's time, and its deletion date.
        if (!target.suspendedAt) {
          write.account = { suspendedAt: now };
          write.purge = { suspendedAt: now, runAt: new Date(now.getTime() + ACCOUNT_DELETION_DELAY_MS) };
        }
        write.log.push(account('suspend'));
        break;
      case 'none':
        break;
    }
    await this.data.commit(write);
    await this.changed(target, type === 'suspend' || type === 'disable');
    return this.find(target.id);
  }

  /** Signs in again (POST .../enable). */
  enable(id: string | bigint, moderator: Moderator): Promise<ModerationTarget> {
    return this.lift(id, moderator, (target) => {
      if (!target.user) throw AppError.notAllowed();
      return target.user.disabled ? { user: { disabled: false }, log: [{ action: 'enable', targetType: 'User', targetId: target.user.id, details: target.username }] } : null;
    });
  }

  /** Not limited any more (POST .../unsilence). */
  unsilence(id: string | bigint, moderator: Moderator): Promise<ModerationTarget> {
    return this.lift(id, moderator, (target) => (target.silencedAt ? { account: { silencedAt: null }, log: [accountRow('unsilence', target)] } : null));
  }

  /** Media shown as the author marks them again (POST .../unsensitive). */
  unsensitive(id: string | bigint, moderator: Moderator): Promise<ModerationTarget> {
    return this.lift(id, moderator, (target) => (target.sensitizedAt ? { account: { sensitizedAt: null }, log: [accountRow('unsensitive', target)] } : null));
  }

  /**
   * Lifts a suspension (POST .../unsuspend): everything of the account shows again, its tokens work again,
   * and its pending deletion is called off. An account whose data was deleted cannot be brought back.
   */
  unsuspend(id: string | bigint, moderator: Moderator): Promise<ModerationTarget> {
    return this.lift(id, moderator, (target) => {
      if (!target.user) throw AppError.notAllowed();
      return target.suspendedAt ? { account: { suspendedAt: null }, log: [accountRow('unsuspend', target)] } : null;
    });
  }

  /** A pending sign-up approved (POST .../approve): the user signs in, its token works. */
  approve(id: string | bigint, moderator: Moderator): Promise<ModerationTarget> {
    return this.lift(id, moderator, (target) => {
      if (!target.user || target.user.approved) throw AppError.notAllowed();
      return { user: { approved: true }, log: [{ action: 'approve', targetType: 'User', targetId: target.user.id, details: target.username }] };
    });
  }

  /** A pending sign-up rejected (POST .../reject): the account and its login are deleted, its username free again. */
  async reject(id: string | bigint, moderator: Moderator): Promise<void> {
    const target = await this.find(id);
    if (!target.user || target.user.approved) throw AppError.notAllowed();
    const revoked = await this.data.reject(target, moderator.accountId);
    this.revoked(revoked);
    await this.invalidation.changed({ accounts: [target.id] });
  }

  /**
   * DELETE /api/v1/admin/accounts/:id: the data of a suspended account is deleted now rather than 30 days
   * after its suspension (delete_user_data; Mastodon's suspended_temporarily?). Answers the account as it
   * was asked about; the deletion runs as a background job.
   */
  async requestDeletion(id: string | bigint, moderator: Moderator): Promise<void> {
    if (!grants(moderator.permissions, 'delete_user_data')) throw AppError.notAllowed();
    const target = await this.find(id);
    if (!target.suspendedAt || !target.user) throw AppError.notAllowed();
    await this.data.commit({ target, actorId: moderator.accountId, log: [accountRow('destroy', target)], purge: { suspendedAt: target.suspendedAt, runAt: this.now() } });
  }

  /**
   * Identity's part of deleting an account (the deletion job, and the admin CLI's `accounts delete`): only
   * while the suspension it was asked for stands (`suspendedAt`; null: whatever it is) and the data was
   * not deleted already. Resolves to the tokens it revoked, or null when it did nothing.
   */
  async purge(accountId: bigint, suspendedAt: Date | null, options: { next: boolean } = { next: true }): Promise<number | null> {
    const purged = await this.data.purge(accountId, suspendedAt, this.now(), options.next);
    if (purged === null) return null;
    this.revoked(purged.revoked);
    await this.invalidation.changed({ accounts: [accountId] });
    // Mastodon's DeleteAccountService#purge_profile! destroys both images; the files go once the blank profile committed.
    await this.images.remove(purged.imageKeys);
    return purged.revoked.length;
  }

  /** An undo: needs manage_users only (Mastodon's policies), changes nothing when there is nothing to undo. */
  private async lift(
    id: string | bigint,
    moderator: Moderator,
    change: (target: ModerationTarget) => Pick<ModerationWrite, 'account' | 'user' | 'log'> | null,
  ): Promise<ModerationTarget> {
    if (!grants(moderator.permissions, 'manage_users')) throw AppError.notAllowed();
    const target = await this.find(id);
    const write = change(target);
    if (!write) return target;
    await this.data.commit({ target, actorId: moderator.accountId, ...write });
    await this.changed(target, false);
    return this.find(target.id);
  }

  private async report(id: string | null | undefined) {
    if (id === null || id === undefined || id === '') return null;
    const parsed = parseId(id);
    const report = parsed === null ? null : await this.data.findReport(parsed);
    if (!report) throw AppError.notFound();
    return report;
  }

  /** Mastodon's role.overrides?: the moderator's role is above the user's (a user without a role is below every role). */
  private async assertOutranks(moderator: Moderator, target: ModerationTarget): Promise<void> {
    if (moderator.accountId === null) return;
    const targetPosition = target.user?.rolePosition ?? null;
    if (targetPosition === null && moderator.accountId !== target.id) return;
    const own = await this.data.rolePosition(moderator.accountId);
    if (own === null || targetPosition === null || own <= targetPosition) throw AppError.notAllowed();
  }

  /** After a change: cached renderings of the account go; when its login stopped working, its tokens' streams close. */
  private async changed(target: ModerationTarget, loginStopped: boolean): Promise<void> {
    await this.invalidation.changed({ accounts: [target.id] });
    if (loginStopped) this.revoked(await this.data.liveTokenIds(target.id));
  }

  /** Streams opened with these tokens close in every process (and cached principals go). */
  private revoked(tokenIds: readonly bigint[]): void {
    for (const id of tokenIds) this.events.emit({ type: 'token.revoked', tokenId: id.toString() });
  }
}

function accountRow(action: string, target: ModerationTarget): AuditRow {
  return { action, targetType: 'Account', targetId: target.id, details: target.username };
}
