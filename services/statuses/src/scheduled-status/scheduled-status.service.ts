import type { Logger } from '@social/config';
import { parseId } from '@social/db';
import { AppError, ErrorCode } from '@social/errors';
import type { Principal } from '@social/federation';
import type { StatusesContext } from '../context.js';
import { cursors } from '../page/page.js';
import { pageRequest, STATUS_PAGE } from '../page/page.js';
import type { PageArgs } from '../page/page.type.js';
import { connection, type ConnectionRequest } from '../page/connection.js';
import type { StatusRecord } from '../status/status.data.js';
import type { StatusService } from '../status/status.service.js';
import type { PublishStatusInput, StatusVisibility } from '../status/status.type.js';
import { AlreadyPublished, markPublished, type ScheduledParams, type ScheduledStatusData, type ScheduledStatusRecord } from './scheduled-status.data.js';
import type { ScheduledStatus, ScheduledStatusConnection, ScheduledStatusPage, ScheduleStatusInput } from './scheduled-status.type.js';

/** Where an unreadable time is in scheduleStatus's and rescheduleStatus's input (UserError.field). */
const SCHEDULED_AT_FIELD = ['input', 'scheduledAt'];

/** Mastodon's PostStatusService::MIN_SCHEDULE_OFFSET: a scheduled time must be more than this ahead. */
const MIN_SCHEDULE_OFFSET_MS = 5 * 60_000;
/** A job that finds its status not yet due by more than this hands over to a job at the new time (clocks differ a little). */
const EARLY_TOLERANCE_MS = 5_000;

const MAX_SCHEDULED_AT_LENGTH = 100;
const TOO_SOON = 'Scheduled at date must be in the future';
const RECORD_INVALID = 'Record invalid';

/** Ruby's lenient `to_datetime`: ISO 8601 and the usual forms; a time without a zone is UTC. Null when unreadable. */
export function parseScheduledAt(value: string): Date | null {
  // No date-time is this long: unreadable without parsing it.
  if (value.length > MAX_SCHEDULED_AT_LENGTH) return null;
  const text = value.trim();
  if (!text) return null;
  const zoneless = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(text);
  const parsed = new Date(zoneless ? `${text.replace(' ', 'T')}${text.length > 10 ? '' : 'T00:00:00'}Z` : text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

export type ScheduleOutcome = { status: StatusRecord } | { scheduled: ScheduledStatusRecord };

/**
 * Scheduled statuses (Mastodon's ScheduledStatus and PublishScheduledStatusWorker):
 * checked like a post when scheduled, held with their media until their time,
 * then published once through the ordinary publish path.
 */
export class ScheduledStatusService {
  constructor(
    private readonly data: ScheduledStatusData,
    private readonly statuses: StatusService,
    /** A context acting as the author, for publishing when no request is running. */
    private readonly contextAs: (principal: Principal) => StatusesContext,
    private readonly logger?: Logger,
  ) {}

  /** POST /api/v1/statuses with scheduled_at: published now when the time has passed, else scheduled. */
  async schedule(input: ScheduleStatusInput, ctx: StatusesContext): Promise<ScheduleOutcome> {
    const scheduledAt = parseScheduledAt(input.scheduledAt);
    if (!scheduledAt) throw AppError.unprocessable(RECORD_INVALID, SCHEDULED_AT_FIELD);
    const publishInput: PublishStatusInput = { ...input };
    delete (publishInput as Partial<ScheduleStatusInput>).scheduledAt;
    if (scheduledAt.getTime() <= Date.now()) return { status: await this.statuses.publish(publishInput, ctx) };
    // Mastodon validates the would-be status first and answers a bare "Record invalid" for it.
    await this.statuses.prepare(publishInput, ctx).catch((error: unknown) => {
      if (error instanceof AppError && error.code === ErrorCode.BAD_USER_INPUT && error.message.startsWith('Validation failed')) {
        throw AppError.unprocessable(RECORD_INVALID, error.field);
      }
      throw error;
    });
    const accountId = BigInt(ctx.principal.accountId as string);
    const result = await this.data.create({
      accountId,
      scheduledAt,
      params: paramsOf(input, ctx.principal.applicationId),
      refusals: tooSoon(scheduledAt) ? [TOO_SOON] : [],
      idempotencyKey: input.idempotencyKey?.trim() || null,
    });
    if ('created' in result) return { scheduled: result.created };
    // A retry of the same request: the first answer again.
    const original = result.duplicateOf ? await this.data.findPending(result.duplicateOf, accountId) : null;
    if (!original) throw AppError.notFound();
    return { scheduled: original };
  }

  async list(args: PageArgs, ctx: StatusesContext): Promise<ScheduledStatusPage> {
    const records = await this.data.page(BigInt(ctx.principal.accountId as string), pageRequest(args, STATUS_PAGE));
    return { items: records.map(toScheduledStatus), ...cursors(records.map((record) => record.id)) };
  }

  /** The caller's scheduled statuses as a connection: the rows of list(). */
  listConnection(args: ConnectionRequest, ctx: StatusesContext): Promise<ScheduledStatusConnection> {
    const viewer = BigInt(ctx.principal.accountId as string);
    return connection(args, {
      rows: (page) => this.data.page(viewer, page),
      cursorOf: (record) => record.id,
      nodesOf: async (records) => records.map(toScheduledStatus),
    });
  }

  async view(id: string, ctx: StatusesContext): Promise<ScheduledStatusRecord> {
    const key = parseId(id);
    const record = key === null ? null : await this.data.findPending(key, BigInt(ctx.principal.accountId as string));
    if (!record) throw AppError.notFound();
    return record;
  }

  /** PUT: only scheduled_at changes, checked as when scheduling. */
  async reschedule(id: string, scheduledAtText: string | null | undefined, ctx: StatusesContext): Promise<ScheduledStatusRecord> {
    const record = await this.view(id, ctx);
    if (scheduledAtText === null || scheduledAtText === undefined) return record;
    const scheduledAt = parseScheduledAt(scheduledAtText);
    if (!scheduledAt) throw AppError.unprocessable(RECORD_INVALID, SCHEDULED_AT_FIELD);
    const moved = await this.data.reschedule(record.id, record.accountId, scheduledAt, tooSoon(scheduledAt) ? [TOO_SOON] : []);
    if (!moved) throw AppError.notFound();
    return moved;
  }

  async delete(id: string, ctx: StatusesContext): Promise<void> {
    const key = parseId(id);
    if (key === null || !(await this.data.delete(key, BigInt(ctx.principal.accountId as string)))) throw AppError.notFound();
  }

  /**
   * Publishes one scheduled status if it is pending and due (the job's work).
   * The status and the row's mark commit together, and a second run finds
   * the row marked (or, within the hour, the idempotency key taken): each is
   * published once. A status that can no longer be published (its reply
   * target or media gone) is dropped, as Mastodon drops it.
   */
  async publishDue(id: bigint): Promise<'published' | 'not-pending' | 'not-due' | 'dropped'> {
    const record = await this.data.findPending(id, null);
    if (!record) return 'not-pending';
    if (record.scheduledAt.getTime() > Date.now() + EARLY_TOLERANCE_MS) {
      // Rescheduled while this job was already running: a new job takes over at the new time.
      await this.data.enqueuePublish(record.id, record.scheduledAt);
      return 'not-due';
    }
    const params = record.params;
    const ctx = this.contextAs({
      kind: 'user',
      tokenId: null,
      accountId: record.accountId.toString(),
      applicationId: params.application_id,
      scopes: ['write:statuses'],
    });
    try {
      await this.statuses.publish(publishInputOf(record), ctx, { scheduledStatusId: record.id, writes: [markPublished(record.id)] });
      return 'published';
    } catch (error) {
      if (error instanceof AlreadyPublished) return 'not-pending';
      if (error instanceof AppError && (error.code === ErrorCode.BAD_USER_INPUT || error.code === ErrorCode.NOT_FOUND)) {
        this.logger?.warn({ scheduledStatusId: id.toString(), reason: error.message }, 'scheduled status dropped: it can no longer be published');
        await this.data.delete(record.id, null);
        return 'dropped';
      }
      throw error;
    }
  }

  /**
   * Publishes every pending scheduled status whose time has come, now, and
   * answers how many were published. The jobs do this on their own; this is
   * the catch-up an operator can run (an admin command).
   */
  async publishDueNow(batchSize = 100): Promise<number> {
    let published = 0;
    for (;;) {
      const ids = await this.data.dueIds(batchSize);
      let progressed = false;
      for (const id of ids) {
        const outcome = await this.publishDue(id);
        if (outcome === 'published') published += 1;
        if (outcome !== 'not-due') progressed = true;
      }
      if (ids.length < batchSize || !progressed) return published;
    }
  }
}

function tooSoon(scheduledAt: Date): boolean {
  return scheduledAt.getTime() <= Date.now() + MIN_SCHEDULE_OFFSET_MS;
}

function paramsOf(input: ScheduleStatusInput, applicationId: string | null): ScheduledParams {
  return {
    text: input.status ?? null,
    poll: input.poll?.options
      ? { options: input.poll.options, expires_in: input.poll.expiresIn ?? null, multiple: input.poll.multiple ?? null, hide_totals: input.poll.hideTotals ?? null }
      : null,
    media_ids: input.mediaIds ?? null,
    sensitive: input.sensitive ?? null,
    spoiler_text: input.spoilerText ?? null,
    visibility: input.visibility ?? null,
    language: input.language ?? null,
    in_reply_to_id: input.inReplyToId ?? null,
    application_id: applicationId,
    scheduled_at: null,
    idempotency: null,
    with_rate_limit: false,
  };
}

function publishInputOf(record: ScheduledStatusRecord): PublishStatusInput {
  const params = record.params;
  return {
    status: params.text,
    visibility: params.visibility as StatusVisibility | null,
    sensitive: params.sensitive,
    spoilerText: params.spoiler_text,
    language: params.language,
    inReplyToId: params.in_reply_to_id,
    // A key of its own: a run repeated within the hour answers the status the first one made.
    idempotencyKey: `scheduled:${record.id}`,
    mediaIds: params.media_ids,
    poll: params.poll ? { options: params.poll.options, expiresIn: params.poll.expires_in, multiple: params.poll.multiple, hideTotals: params.poll.hide_totals } : null,
  };
}

export function toScheduledStatus(record: ScheduledStatusRecord): ScheduledStatus {
  const params = record.params;
  return {
    id: record.id.toString(),
    scheduledAt: record.scheduledAt,
    params: {
      text: params.text,
      poll: params.poll
        ? { options: params.poll.options, expiresIn: params.poll.expires_in, multiple: params.poll.multiple, hideTotals: params.poll.hide_totals }
        : null,
      mediaIds: params.media_ids,
      sensitive: params.sensitive,
      spoilerText: params.spoiler_text,
      visibility: params.visibility as StatusVisibility | null,
      language: params.language,
      inReplyToId: params.in_reply_to_id,
      applicationId: params.application_id,
      idempotency: null,
      withRateLimit: false,
    },
  };
}
