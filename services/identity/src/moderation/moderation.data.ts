import type { Prisma, PrismaClient } from '@social/db';
import { ACCOUNT_PURGE_QUEUE, ACCOUNT_PURGE_STATUSES_QUEUE, type AccountPurgePayload, type AccountPurgeStepPayload, type JobQueue } from '@social/jobs';

/** An account as moderation rules see it: its states, and its user's (null once deleted). */
export interface ModerationTarget {
  id: bigint;
  username: string;
  suspendedAt: Date | null;
  silencedAt: Date | null;
  sensitizedAt: Date | null;
  user: { id: bigint; approved: boolean; disabled: boolean; rolePosition: number | null } | null;
}

/** One row of the audit log (docs/api/moderation.md#audit-log). */
export interface AuditRow {
  action: string;
  targetType: 'Account' | 'User' | 'Report' | 'AccountWarning';
  targetId: bigint;
  details: string;
}

/** What one moderator action writes, in one transaction: states, the warning, resolved reports, audit rows, the deletion job. */
export interface ModerationWrite {
  target: ModerationTarget;
  /** The moderator; null for the operator (admin CLI). */
  actorId: bigint | null;
  account?: { suspendedAt?: Date | null; silencedAt?: Date | null; sensitizedAt?: Date | null };
  user?: { disabled?: boolean; approved?: boolean };
  log: AuditRow[];
  /** Mastodon's AccountWarning (a strike); logged when `logWarning`. */
  warning?: { action: string; text: string; reportId: bigint | null; statusIds: bigint[]; logWarning: boolean };
  /** Reports resolved by the action: this one, and with `allOpen` every open report about the account. */
  resolve?: { reportId: bigint | null; allOpen: boolean; at: Date };
  /** Enqueues the account's deletion at this time, keyed by the suspension it follows. */
  purge?: { runAt: Date; suspendedAt: Date };
}

const TARGET_SELECT = {
  id: true, username: true, suspendedAt: true, silencedAt: true, sensitizedAt: true,
  user: { select: { id: true, approved: true, disabled: true, role: { select: { position: true } } } },
} as const;

type TargetRow = Prisma.AccountGetPayload<{ select: typeof TARGET_SELECT }>;

function toTarget(row: TargetRow): ModerationTarget {
  const { user, ...account } = row;
  return { ...account, user: user && { id: user.id, approved: user.approved, disabled: user.disabled, rolePosition: user.role?.position ?? null } };
}

/** The Prisma calls of account moderation (docs/api/moderation.md#acting-on-an-account). */
export class ModerationData {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly jobs: JobQueue,
  ) {}

  async findTarget(id: bigint): Promise<ModerationTarget | null> {
    const row = await this.prisma.account.findUnique({ where: { id }, select: TARGET_SELECT });
    return row && toTarget(row);
  }

  /** The position of the user's staff role; null without one (the everyone role). */
  async rolePosition(accountId: bigint): Promise<number | null> {
    const user = await this.prisma.user.findUnique({ where: { accountId }, select: { role: { select: { position: true } } } });
    return user?.role?.position ?? null;
  }

  /** The report, whether it exists and whom it is about (the statuses subgraph's table, read-only here). */
  findReport(id: bigint): Promise<{ id: bigint; targetAccountId: bigint; statusIds: bigint[] } | null> {
    return this.prisma.report.findUnique({ where: { id }, select: { id: true, targetAccountId: true, statusIds: true } });
  }

  /** The live tokens of the account, whose streams close when it is suspended or disabled. */
  async liveTokenIds(accountId: bigint): Promise<bigint[]> {
    const rows = await this.prisma.accessToken.findMany({ where: { accountId, revokedAt: null }, select: { id: true } });
    return rows.map((row) => row.id);
  }

  /** Applies one action whole: nothing of it is written if any part fails. Returns the reports it resolved. */
  async commit(write: ModerationWrite): Promise<bigint[]> {
    const resolved = await this.prisma.$transaction(async (tx) => {
      const { target, actorId } = write;
      if (write.account) await tx.account.update({ where: { id: target.id }, data: write.account, select: { id: true } });
      if (write.user && target.user) await tx.user.update({ where: { id: target.user.id }, data: write.user, select: { id: true } });
      const log = [...write.log];
      if (write.warning) {
        const { logWarning, ...warning } = write.warning;
        const created = await tx.accountWarning.create({ data: { ...warning, accountId: actorId, targetAccountId: target.id }, select: { id: true } });
        if (logWarning) log.push({ action: 'create', targetType: 'AccountWarning', targetId: created.id, details: `warning to ${target.username}` });
      }
      const resolved = write.resolve ? await this.resolveReports(tx, target.id, actorId, write.resolve) : [];
      for (const id of resolved) log.push({ action: 'resolve', targetType: 'Report', targetId: id, details: `report ${id} on account ${target.id}` });
      if (log.length > 0) await tx.adminActionLog.createMany({ data: log.map((row) => ({ ...row, accountId: actorId })) });
      if (write.purge) await this.enqueuePurge(tx, target.id, write.purge.suspendedAt, write.purge.runAt);
      return resolved;
    });
    // A deletion asked for now: this process's worker takes it at once.
    if (write.purge && write.purge.runAt.getTime() <= Date.now()) this.jobs.notify(ACCOUNT_PURGE_QUEUE);
    return resolved;
  }

  /** Enqueues the account's deletion (ACCOUNT_PURGE_QUEUE) in the caller's transaction. */
  private async enqueuePurge(tx: Prisma.TransactionClient, accountId: bigint, suspendedAt: Date, runAt: Date): Promise<void> {
    const payload: AccountPurgePayload = { accountId: accountId.toString(), suspendedAt: suspendedAt.toISOString() };
    await this.jobs.enqueue(ACCOUNT_PURGE_QUEUE, payload, { tx, runAt });
  }

  /**
   * Identity's part of deleting an account, if still due (its suspension is the one the deletion was asked for):
   * the login, its sign-in codes and tokens go, the profile is blanked, and the statuses subgraph's part is enqueued.
   * The row stays, suspended, so the username is never handed to someone else (as in Mastodon). Null when not due
   * or done already (no login left); else the tokens it revoked and the keys of the avatar and header files it
   * cleared (the caller removes the files once this committed). `next`: enqueue the statuses subgraph's part.
   */
  async purge(accountId: bigint, suspendedAt: Date | null, now: Date, next: boolean): Promise<{ revoked: bigint[]; imageKeys: string[] } | null> {
    const purged = await this.prisma.$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<Array<{ suspended_at: Date | null; has_user: boolean; image_keys: Array<string | null> }>>`
        SELECT a.suspended_at, EXISTS (SELECT 1 FROM users u WHERE u.account_id = a.id) AS has_user,
          ARRAY[a.avatar_key, a.avatar_static_key, a.header_key, a.header_static_key] AS image_keys
        FROM accounts a WHERE a.id = ${accountId}::bigint FOR UPDATE`;
      if (!row || row.suspended_at === null || !row.has_user) return null;
      if (suspendedAt !== null && row.suspended_at.getTime() !== suspendedAt.getTime()) return null;
      const live = await tx.accessToken.findMany({ where: { accountId, revokedAt: null }, select: { id: true } });
      await tx.accessToken.updateMany({ where: { accountId, revokedAt: null }, data: { revokedAt: now } });
      // A revoked token's Web Push subscription goes with it (docs/api/push.md#subscriptions).
      await tx.webPushSubscription.deleteMany({ where: { accountId } });
      await tx.authorizationCode.deleteMany({ where: { accountId } });
      await tx.user.deleteMany({ where: { accountId } });
      await tx.account.update({
        where: { id: accountId },
        data: {
          displayName: '', note: '', noteHtml: '', fields: [], avatarKey: null, avatarStaticKey: null, headerKey: null, headerStaticKey: null,
          locked: false, bot: false, discoverable: false, indexable: false, silencedAt: null, sensitizedAt: null,
        },
        select: { id: true },
      });
      const step: AccountPurgeStepPayload = { accountId: accountId.toString() };
      if (next) await this.jobs.enqueue(ACCOUNT_PURGE_STATUSES_QUEUE, step, { tx });
      return { revoked: live.map((token) => token.id), imageKeys: row.image_keys.filter((key): key is string => key !== null) };
    });
    if (purged && next) this.jobs.notify(ACCOUNT_PURGE_STATUSES_QUEUE);
    return purged;
  }

  /**
   * A rejected sign-up: the user, its tokens and codes and the account row itself go (Mastodon frees the
   * username and e-mail of a rejected sign-up); the statuses subgraph clears anything pointing at it.
   */
  async reject(target: ModerationTarget, actorId: bigint | null): Promise<bigint[]> {
    const revoked = await this.prisma.$transaction(async (tx) => {
      const live = await tx.accessToken.findMany({ where: { accountId: target.id, revokedAt: null }, select: { id: true } });
      await tx.accessToken.deleteMany({ where: { accountId: target.id } });
      await tx.authorizationCode.deleteMany({ where: { accountId: target.id } });
      await tx.accountWarning.deleteMany({ where: { targetAccountId: target.id } });
      await tx.account.delete({ where: { id: target.id }, select: { id: true } });
      if (target.user) {
        await tx.adminActionLog.create({ data: { accountId: actorId, action: 'reject', targetType: 'User', targetId: target.user.id, details: target.username } });
      }
      const step: AccountPurgeStepPayload = { accountId: target.id.toString() };
      await this.jobs.enqueue(ACCOUNT_PURGE_STATUSES_QUEUE, step, { tx });
      return live.map((token) => token.id);
    });
    this.jobs.notify(ACCOUNT_PURGE_STATUSES_QUEUE);
    return revoked;
  }

  /** Resolves the report named and, with `allOpen`, every open report about the account (Mastodon's AccountAction#reports). */
  private async resolveReports(tx: Prisma.TransactionClient, targetId: bigint, actorId: bigint | null, resolve: NonNullable<ModerationWrite['resolve']>): Promise<bigint[]> {
    const where: Prisma.ReportWhereInput[] = [];
    if (resolve.reportId !== null) where.push({ id: resolve.reportId });
    if (resolve.allOpen) where.push({ targetAccountId: targetId, actionTakenAt: null });
    if (where.length === 0) return [];
    const reports = await tx.report.findMany({ where: { OR: where }, select: { id: true }, orderBy: { id: 'asc' } });
    const ids = reports.map((report) => report.id);
    if (ids.length > 0) await tx.report.updateMany({ where: { id: { in: ids } }, data: { actionTakenAt: resolve.at, actionTakenByAccountId: actorId } });
    return ids;
  }
}
