import { AppError } from '@social/errors';
import type { InstanceRule } from '@social/federation';
import { parseId } from '@social/db';
import type { StatusesContext } from '../context.js';
import type { NotificationRecorder } from '../notification/notification.recorder.js';
import { cursors, pageRequest } from '../page/page.js';
import type { PageArgs } from '../page/page.type.js';
import type { StatusService } from '../status/status.service.js';
import type { Status } from '../status/status.type.js';
import type { ReportChange, ReportData, ReportNoteRecord, ReportRecord } from './report.data.js';
import {
  ReportCategory, type AddReportNoteInput, type AdminReport, type AdminReportFilterArgs, type AdminReportPage, type FileReportInput, type Report, type ReportNote, type UpdateReportInput,
} from './report.type.js';

/** What the reporter's and the moderators' views share. */
function reportFields(record: ReportRecord) {
  return {
    id: record.id.toString(),
    actionTaken: record.actionTakenAt !== null,
    actionTakenAt: record.actionTakenAt,
    category: record.category as ReportCategory,
    comment: record.comment,
    forwarded: record.forwarded,
    createdAt: record.createdAt,
    ruleIds: record.ruleIds.map(String),
  };
}

/** Mastodon's limit on a report's comment (docs/limits.md). */
const REPORT_COMMENT_LIMIT = 1000;

/** Mastodon's limit on a report note (docs/api/moderation.md#report-notes). */
const REPORT_NOTE_LIMIT = 2000;

/** The admin list's page: 100 by default, at most 200, as Mastodon's admin API. */
const ADMIN_REPORT_PAGE = { default: 100, max: 200 } as const;

/**
 * Reports (docs/api/moderation.md): a user files one about an account and
 * some of its statuses; the moderators whose role handles reports hear of it
 * (admin.report), list them, take one, resolve and reopen it. Access (scopes
 * and the role's permission) is checked by the resolvers.
 */
export class ReportService {
  constructor(
    private readonly data: ReportData,
    private readonly statuses: StatusService,
    private readonly notifications: NotificationRecorder,
    /** The server's rules, numbered as GET /api/v1/instance/rules numbers them. */
    private readonly rules: readonly InstanceRule[] = [],
    private readonly now: () => Date = () => new Date(),
  ) {}

  async file(input: FileReportInput, ctx: StatusesContext): Promise<Report> {
    const reporterId = BigInt(ctx.principal.accountId as string);
    const targetId = parseId(input.accountId);
    if (targetId === null || (await ctx.usernames.load(targetId.toString())) === null) throw AppError.notFound();
    const comment = input.comment ?? '';
    if ([...comment].length > REPORT_COMMENT_LIMIT) {
      throw AppError.validation([`Comment is too long (maximum is ${REPORT_COMMENT_LIMIT} characters)`], undefined, ['input', 'comment']);
    }
    // Naming any of the server's rules makes the report a violation (Mastodon's rule).
    const ruleIds = this.ruleIdsOf(input.ruleIds);
    const statusIds = [...new Set((input.statusIds ?? []).map((id) => parseId(id)))];
    if (statusIds.includes(null)) throw AppError.notFound();
    const wanted = statusIds as bigint[];
    const owned = await this.data.statusesOf(targetId, wanted);
    // Every status must be the reported account's, as Mastodon finds them among its statuses.
    if (owned.size !== wanted.length) throw AppError.notFound();
    const report = await this.data.create({
      accountId: reporterId,
      targetAccountId: targetId,
      statusIds: wanted,
      ruleIds,
      comment,
      category: ruleIds.length > 0 ? ReportCategory.VIOLATION : (input.category ?? ReportCategory.OTHER),
      // Every account here is local: there is no other server to forward to.
      forwarded: false,
    });
    await this.notifications.reported(report.id, reporterId, await this.data.moderators());
    return this.toReport(report, ctx);
  }

  async get(id: string, ctx: StatusesContext): Promise<AdminReport> {
    return this.toAdminReport(await this.find(id), ctx);
  }

  async list(filter: AdminReportFilterArgs, page: PageArgs, ctx: StatusesContext): Promise<AdminReportPage> {
    const accountId = filter.accountId ? parseId(filter.accountId) : null;
    const targetAccountId = filter.targetAccountId ? parseId(filter.targetAccountId) : null;
    // An unparseable account filter matches nothing rather than everything.
    if ((filter.accountId && accountId === null) || (filter.targetAccountId && targetAccountId === null)) return { items: [], nextMaxId: null, prevMinId: null };
    const rows = await this.data.list({ resolved: filter.resolved === true, accountId, targetAccountId }, pageRequest(page, ADMIN_REPORT_PAGE));
    return { items: await Promise.all(rows.map((row) => this.toAdminReport(row, ctx))), ...cursors(rows.map((row) => row.id)) };
  }

  assignToSelf(id: string, ctx: StatusesContext): Promise<AdminReport> {
    return this.change(id, { action: 'assigned_to_self' }, ctx);
  }

  unassign(id: string, ctx: StatusesContext): Promise<AdminReport> {
    return this.change(id, { action: 'unassigned' }, ctx);
  }

  resolve(id: string, ctx: StatusesContext): Promise<AdminReport> {
    return this.change(id, { action: 'resolve', at: this.now() }, ctx);
  }

  reopen(id: string, ctx: StatusesContext): Promise<AdminReport> {
    return this.change(id, { action: 'reopen' }, ctx);
  }

  /**
   * A moderator's recategorisation (PUT /api/v1/admin/reports/:id): the category and the rules named, each
   * only when given; rules must be the server's, as when filing (docs/api/moderation.md#handling-a-report).
   */
  update(input: UpdateReportInput, ctx: StatusesContext): Promise<AdminReport> {
    const ruleIds = input.ruleIds == null ? undefined : this.ruleIdsOf(input.ruleIds);
    return this.change(input.reportId, { action: 'update', category: input.category ?? undefined, ruleIds }, ctx);
  }

  /** Rule ids as given (repeats once), each one of the server's rules, else INVALID. */
  private ruleIdsOf(given: readonly string[] | null | undefined): bigint[] {
    const ruleIds = [...new Set(given ?? [])].map((id) => parseId(id));
    if (ruleIds.some((id) => id === null || id < 1n || id > BigInt(this.rules.length))) {
      throw AppError.validation(['Rule ids is invalid'], undefined, ['input', 'ruleIds']);
    }
    return ruleIds as bigint[];
  }

  /** The notes of these reports, oldest first (one query for a page of reports). */
  async notesOf(reportIds: readonly string[], ctx: StatusesContext): Promise<ReportNote[][]> {
    const byReport = await this.data.notesOf(reportIds.map((id) => BigInt(id)));
    return Promise.all(reportIds.map((id) => Promise.all((byReport.get(BigInt(id)) ?? []).map((note) => this.toNote(note, ctx)))));
  }

  /** A moderator's note on a report (docs/api/moderation.md#report-notes). */
  async addNote(input: AddReportNoteInput, ctx: StatusesContext): Promise<ReportNote> {
    const report = await this.find(input.reportId);
    const content = input.content.trim();
    if (content === '') throw AppError.validation(["Content can't be blank"], undefined, ['input', 'content']);
    if ([...content].length > REPORT_NOTE_LIMIT) {
      throw AppError.validation([`Content is too long (maximum is ${REPORT_NOTE_LIMIT} characters)`], undefined, ['input', 'content']);
    }
    return this.toNote(await this.data.addNote(report.id, BigInt(ctx.principal.accountId as string), content), ctx);
  }

  /** Deletes a note: only its author may. */
  async deleteNote(id: string, ctx: StatusesContext): Promise<void> {
    const noteId = parseId(id);
    const note = noteId === null ? null : await this.data.findNote(noteId);
    if (!note) throw AppError.notFound();
    if (note.accountId.toString() !== ctx.principal.accountId) throw AppError.notAllowed();
    if (!(await this.data.deleteNote(note.id))) throw AppError.notFound();
  }

  /** The report named in an admin.report notification, as its reporter's Report entity shows it. */
  async forNotification(id: bigint, ctx: StatusesContext): Promise<Report | null> {
    const record = await this.data.findById(id);
    return record ? this.toReport(record, ctx) : null;
  }

  private async change(id: string, change: ReportChange, ctx: StatusesContext): Promise<AdminReport> {
    const report = await this.find(id);
    const changed = await this.data.change(report.id, BigInt(ctx.principal.accountId as string), change);
    return this.toAdminReport(changed, ctx);
  }

  private async find(id: string): Promise<ReportRecord> {
    const reportId = parseId(id);
    const record = reportId === null ? null : await this.data.findById(reportId);
    if (!record) throw AppError.notFound();
    return record;
  }

  private async account(id: bigint, ctx: StatusesContext) {
    return { id: id.toString(), ...(await ctx.accountStats.load(id.toString())) };
  }

  private async toNote(note: ReportNoteRecord, ctx: StatusesContext): Promise<ReportNote> {
    return { id: note.id.toString(), content: note.content, createdAt: note.createdAt, account: await this.account(note.accountId, ctx) };
  }

  private async toReport(record: ReportRecord, ctx: StatusesContext): Promise<Report> {
    return {
      ...reportFields(record),
      statusIds: record.statusIds.map(String),
      targetAccount: await this.account(record.targetAccountId, ctx),
    };
  }

  /** A moderator sees every reported status that still exists, whatever its visibility. */
  private async toAdminReport(record: ReportRecord, ctx: StatusesContext): Promise<AdminReport> {
    const optional = (id: bigint | null) => (id === null ? null : this.account(id, ctx));
    const [account, targetAccount, assignedAccount, actionTakenByAccount, statuses] = await Promise.all([
      this.account(record.accountId, ctx),
      this.account(record.targetAccountId, ctx),
      optional(record.assignedAccountId),
      optional(record.actionTakenByAccountId),
      this.reportedStatuses(record, ctx),
    ]);
    return {
      ...reportFields(record),
      updatedAt: record.updatedAt,
      account,
      targetAccount,
      assignedAccount,
      actionTakenByAccount,
      statuses,
      rules: this.rules.filter((rule) => record.ruleIds.includes(BigInt(rule.id))),
    };
  }

  private async reportedStatuses(record: ReportRecord, ctx: StatusesContext): Promise<Status[]> {
    const found = await ctx.statuses.loadMany(record.statusIds.map(String));
    const records = found.flatMap((status) => (status && !(status instanceof Error) ? [status] : []));
    return Promise.all(records.map((status) => this.statuses.toStatus(status, ctx)));
  }
}
