import type { Prisma, PrismaClient } from '@social/db';
import { AppError } from '@social/errors';
import type { JobQueue } from '@social/jobs';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';
import { claimIdempotencyKey } from '../status/idempotency.data.js';
import { claimMediaAttachments } from '../status/media-claim.data.js';
import type { PublishWrite } from '../status/status.data.js';

/** The time's limits refuse the time asked for: where in the input that is (UserError.field). */
const SCHEDULED_AT_FIELD = ['input', 'scheduledAt'];

/** The queue of the job that publishes one scheduled status at its time. */
export const PUBLISH_SCHEDULED_QUEUE = 'statuses.publish-scheduled';

/** Mastodon's ScheduledStatus::TOTAL_LIMIT and DAILY_LIMIT (pending ones, per account). */
const SCHEDULED_LIMITS = { total: 300, daily: 25 } as const;

/** Mastodon's params hash, with its key names; values as the API received them. */
export interface ScheduledParams {
  text: string | null;
  poll: { options: string[]; expires_in: number | null; multiple: boolean | null; hide_totals: boolean | null } | null;
  media_ids: string[] | null;
  sensitive: boolean | null;
  spoiler_text: string | null;
  visibility: string | null;
  language: string | null;
  /** Kept as a string: a snowflake does not survive a JSON number. */
  in_reply_to_id: string | null;
  application_id: string | null;
  scheduled_at: null;
  idempotency: null;
  with_rate_limit: false;
}

export interface ScheduledStatusRecord {
  id: bigint;
  accountId: bigint;
  scheduledAt: Date;
  params: ScheduledParams;
}

const SELECT = { id: true, accountId: true, scheduledAt: true, params: true } as const;

function toRecord(row: { id: bigint; accountId: bigint; scheduledAt: Date; params: Prisma.JsonValue }): ScheduledStatusRecord {
  return { ...row, params: row.params as unknown as ScheduledParams };
}

export interface NewScheduledStatus {
  accountId: bigint;
  scheduledAt: Date;
  params: ScheduledParams;
  /** Refusals found before counting (a time too soon): reported together with the limits, as Rails does. */
  refusals: string[];
  idempotencyKey: string | null;
}

/**
 * The `scheduled_statuses` table and the publish job of each row. A pending
 * row has no published_status_id; publishing sets it in the transaction that
 * creates the status, which is what makes a publication happen once.
 */
export class ScheduledStatusData {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Counts, inserts, claims the media and enqueues the publish job in one
   * transaction, under a per-account lock so that concurrent requests cannot
   * pass the limits together. A repeated idempotency key answers the first row.
   */
  create(input: NewScheduledStatus): Promise<{ created: ScheduledStatusRecord } | { duplicateOf: bigint | null }> {
    return this.prisma.$transaction(async (tx) => {
      await lockAccount(tx, input.accountId);
      if (input.idempotencyKey !== null) {
        const holder = await claimIdempotencyKey(tx, input.accountId, input.idempotencyKey);
        if (holder) return { duplicateOf: holder.scheduledStatusId };
      }
      const refusals = [...input.refusals, ...(await limitRefusals(tx, input.accountId, input.scheduledAt, null))];
      if (refusals.length > 0) throw AppError.validation(refusals, undefined, SCHEDULED_AT_FIELD);
      const row = await tx.scheduledStatus.create({
        data: { accountId: input.accountId, scheduledAt: input.scheduledAt, params: input.params as unknown as Prisma.InputJsonValue },
        select: SELECT,
      });
      await claimMediaAttachments(tx, input.accountId, { scheduledStatusId: row.id }, input.params.media_ids ?? []);
      await this.jobs.enqueue(PUBLISH_SCHEDULED_QUEUE, { scheduledStatusId: row.id.toString() }, { tx, runAt: input.scheduledAt, maxAttempts: 10 });
      if (input.idempotencyKey !== null) {
        await tx.idempotencyKey.update({
          where: { accountId_key: { accountId: input.accountId, key: input.idempotencyKey } },
          data: { scheduledStatusId: row.id },
        });
      }
      return { created: toRecord(row) };
    });
  }

  /** A pending scheduled status of this account (any account's when `accountId` is null). */
  async findPending(id: bigint, accountId: bigint | null): Promise<ScheduledStatusRecord | null> {
    const row = await this.prisma.scheduledStatus.findFirst({
      where: { id, publishedStatusId: null, ...(accountId === null ? {} : { accountId }) },
      select: SELECT,
    });
    return row ? toRecord(row) : null;
  }

  async page(accountId: bigint, page: PageRequest): Promise<ScheduledStatusRecord[]> {
    if (page.limit === 0) return [];
    const { where, order } = idWindow(page);
    const rows = await this.prisma.scheduledStatus.findMany({
      where: { accountId, publishedStatusId: null, id: where },
      orderBy: { id: order },
      take: page.limit,
      select: SELECT,
    });
    return newestFirst(rows, page).map(toRecord);
  }

  /** Moves a pending row and its job to a new time; null when it is gone (published or deleted meanwhile). */
  reschedule(id: bigint, accountId: bigint, scheduledAt: Date, refusals: string[]): Promise<ScheduledStatusRecord | null> {
    return this.prisma.$transaction(async (tx) => {
      await lockAccount(tx, accountId);
      const all = [...refusals, ...(await limitRefusals(tx, accountId, scheduledAt, id))];
      if (all.length > 0) throw AppError.validation(all, undefined, SCHEDULED_AT_FIELD);
      const { count } = await tx.scheduledStatus.updateMany({ where: { id, accountId, publishedStatusId: null }, data: { scheduledAt } });
      if (count === 0) return null;
      // A job already running keeps its lock; it finds the new time and hands over to the job below or this one.
      const moved = await tx.$executeRaw`
        UPDATE jobs SET run_at = ${scheduledAt} WHERE queue = ${PUBLISH_SCHEDULED_QUEUE} AND payload->>'scheduledStatusId' = ${id.toString()}`;
      if (moved === 0) await this.jobs.enqueue(PUBLISH_SCHEDULED_QUEUE, { scheduledStatusId: id.toString() }, { tx, runAt: scheduledAt, maxAttempts: 10 });
      const row = await tx.scheduledStatus.findUniqueOrThrow({ where: { id }, select: SELECT });
      return toRecord(row);
    });
  }

  /** Removes a pending row (its media become free again) and its job; false when it was not there. */
  delete(id: bigint, accountId: bigint | null): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.scheduledStatus.deleteMany({ where: { id, publishedStatusId: null, ...(accountId === null ? {} : { accountId }) } });
      if (count === 0) return false;
      await tx.mediaAttachment.updateMany({ where: { scheduledStatusId: id }, data: { scheduledStatusId: null, position: null } });
      await tx.$executeRaw`
        DELETE FROM jobs WHERE queue = ${PUBLISH_SCHEDULED_QUEUE} AND payload->>'scheduledStatusId' = ${id.toString()} AND locked_by IS NULL`;
      return true;
    });
  }

  /** Another publish job for a row whose time moved while its job was running. */
  async enqueuePublish(id: bigint, runAt: Date): Promise<void> {
    await this.jobs.enqueue(PUBLISH_SCHEDULED_QUEUE, { scheduledStatusId: id.toString() }, { runAt, maxAttempts: 10 });
  }

  /** Pending rows whose time has come, oldest first (the catch-up run). */
  async dueIds(limit: number): Promise<bigint[]> {
    const rows = await this.prisma.scheduledStatus.findMany({
      where: { publishedStatusId: null, scheduledAt: { lte: new Date() } },
      orderBy: { scheduledAt: 'asc' },
      take: limit,
      select: { id: true },
    });
    return rows.map((row) => row.id);
  }
}

/** Thrown inside the publish transaction when the row was published (or deleted) meanwhile: the new status rolls back. */
export class AlreadyPublished extends Error {
  constructor(id: bigint) {
    super(`scheduled status ${id} is no longer pending`);
    this.name = 'AlreadyPublished';
  }
}

/**
 * The write that makes a publication count once: the row is marked with the
 * new status only while still pending. A concurrent publisher waits on the
 * row lock, then sees it taken and rolls its own status back.
 */
export function markPublished(id: bigint): PublishWrite {
  return async (tx, status) => {
    const count = await tx.$executeRaw`
      UPDATE scheduled_statuses SET published_status_id = ${status.id} WHERE id = ${id} AND published_status_id IS NULL`;
    if (count === 0) throw new AlreadyPublished(id);
  };
}

async function lockAccount(tx: Prisma.TransactionClient, accountId: bigint): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`scheduled_statuses:${accountId}`}))) AS l`;
}

/** Mastodon's validate_total_limit and validate_daily_limit (the day of scheduled_at, UTC), not counting `exceptId`. */
async function limitRefusals(tx: Prisma.TransactionClient, accountId: bigint, scheduledAt: Date, exceptId: bigint | null): Promise<string[]> {
  const day = scheduledAt.toISOString().slice(0, 10);
  const [counts] = await tx.$queryRaw<Array<{ total: number; daily: number }>>`
    SELECT count(*)::int AS total, (count(*) FILTER (WHERE scheduled_at::date = ${day}::date))::int AS daily
    FROM scheduled_statuses
    WHERE account_id = ${accountId} AND published_status_id IS NULL AND id IS DISTINCT FROM ${exceptId}::bigint`;
  const refusals: string[] = [];
  if ((counts?.total ?? 0) >= SCHEDULED_LIMITS.total) refusals.push(`You have exceeded the limit of ${SCHEDULED_LIMITS.total} scheduled posts`);
  if ((counts?.daily ?? 0) >= SCHEDULED_LIMITS.daily) refusals.push(`You have exceeded the limit of ${SCHEDULED_LIMITS.daily} scheduled posts for today`);
  return refusals;
}
