import DataLoader from 'dataloader';
import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { Access, AdminAccess, acceptedScopes, deletedPayload, payload } from '@social/federation';
import type { StatusesContext } from '../context.js';
import type { NotificationData } from '../notification/notification.data.js';
import { Notification, NotificationType } from '../notification/notification.type.js';
import { PageArgs } from '../page/page.type.js';
import type { ReportService } from './report.service.js';
import {
  AddReportNoteInput, AddReportNotePayload, AdminReport, AdminReportFilterArgs, AdminReportPage, AssignReportToSelf, DeleteReportNoteInput, DeleteReportNotePayload,
  FileReportInput, FileReportPayload, ReopenReport, Report, ReportNote, ResolveReport, UnassignReport, UpdateReportInput, UpdateReportPayload, type AdminReportPayload, type ReportActionInput,
} from './report.type.js';

const READ_REPORTS = acceptedScopes('admin:read:reports');
const WRITE_REPORTS = acceptedScopes('admin:write:reports');

/** Filing reports, and the moderators' handling of them (docs/api/moderation.md). */
@Resolver(() => AdminReport)
export class ReportResolver {
  private readonly noteLoaders = new WeakMap<StatusesContext, DataLoader<string, ReportNote[]>>();

  constructor(private readonly service: ReportService) {}

  @Mutation(() => FileReportPayload, { description: 'Reports an account, and optionally some of its statuses, to the moderators (POST /api/v1/reports).' })
  @Access({ scopes: acceptedScopes('write:reports'), user: true })
  fileReport(@Arg('input', () => FileReportInput, { description: 'The report.' }) input: FileReportInput, @Ctx() ctx: StatusesContext): Promise<FileReportPayload> {
    return payload(async () => ({ report: await this.service.file(input, ctx) }), { report: null });
  }

  @Query(() => AdminReportPage, {
    description: 'Reports for moderators, newest first; cursors are report ids (GET /api/v1/admin/reports). Needs admin:read:reports and a role with manage_reports.',
  })
  @AdminAccess(READ_REPORTS, 'manage_reports')
  adminReports(@Args(() => AdminReportFilterArgs) filter: AdminReportFilterArgs, @Args(() => PageArgs) page: PageArgs, @Ctx() ctx: StatusesContext): Promise<AdminReportPage> {
    return this.service.list(filter, page, ctx);
  }

  @Query(() => AdminReport, { description: 'One report, for moderators (GET /api/v1/admin/reports/:id). Needs admin:read:reports and a role with manage_reports.' })
  @AdminAccess(READ_REPORTS, 'manage_reports')
  adminReport(@Arg('id', () => ID, { description: 'The report.' }) id: string, @Ctx() ctx: StatusesContext): Promise<AdminReport> {
    return this.service.get(id, ctx);
  }

  @FieldResolver(() => [ReportNote], { description: "The moderators' notes on the report, oldest first (docs/api/moderation.md#report-notes)." })
  notes(@Root() report: AdminReport, @Ctx() ctx: StatusesContext): Promise<ReportNote[]> {
    let loader = this.noteLoaders.get(ctx);
    if (!loader) {
      loader = new DataLoader((ids: readonly string[]) => this.service.notesOf(ids, ctx));
      this.noteLoaders.set(ctx, loader);
    }
    return loader.load(report.id);
  }

  @Mutation(() => AddReportNotePayload, { description: "Adds the caller's note to a report, for the other moderators. Needs admin:write:reports and a role with manage_reports." })
  @AdminAccess(WRITE_REPORTS, 'manage_reports')
  addReportNote(@Arg('input', () => AddReportNoteInput, { description: 'The report and the note.' }) input: AddReportNoteInput, @Ctx() ctx: StatusesContext): Promise<AddReportNotePayload> {
    return payload(async () => ({ reportNote: await this.service.addNote(input, ctx) }), { reportNote: null });
  }

  @Mutation(() => DeleteReportNotePayload, { description: 'Deletes a report note; only its author may (NOT_ALLOWED otherwise). Needs admin:write:reports and a role with manage_reports.' })
  @AdminAccess(WRITE_REPORTS, 'manage_reports')
  deleteReportNote(@Arg('input', () => DeleteReportNoteInput, { description: 'The note.' }) input: DeleteReportNoteInput, @Ctx() ctx: StatusesContext): Promise<DeleteReportNotePayload> {
    return deletedPayload('deletedReportNoteId', input.reportNoteId, () => this.service.deleteNote(input.reportNoteId, ctx));
  }

  @Mutation(() => AssignReportToSelf.Payload, { description: 'Assigns the report to the caller (POST /api/v1/admin/reports/:id/assign_to_self). Logged in the audit log.' })
  @AdminAccess(WRITE_REPORTS, 'manage_reports')
  assignReportToSelf(@Arg('input', () => AssignReportToSelf.Input, { description: 'The report.' }) input: ReportActionInput, @Ctx() ctx: StatusesContext): Promise<AdminReportPayload> {
    return payload(async () => ({ report: await this.service.assignToSelf(input.reportId, ctx) }), { report: null });
  }

  @Mutation(() => UnassignReport.Payload, { description: 'Leaves the report unassigned (POST /api/v1/admin/reports/:id/unassign). Logged in the audit log.' })
  @AdminAccess(WRITE_REPORTS, 'manage_reports')
  unassignReport(@Arg('input', () => UnassignReport.Input, { description: 'The report.' }) input: ReportActionInput, @Ctx() ctx: StatusesContext): Promise<AdminReportPayload> {
    return payload(async () => ({ report: await this.service.unassign(input.reportId, ctx) }), { report: null });
  }

  @Mutation(() => ResolveReport.Payload, { description: 'Marks the report resolved by the caller (POST /api/v1/admin/reports/:id/resolve). Logged in the audit log.' })
  @AdminAccess(WRITE_REPORTS, 'manage_reports')
  resolveReport(@Arg('input', () => ResolveReport.Input, { description: 'The report.' }) input: ReportActionInput, @Ctx() ctx: StatusesContext): Promise<AdminReportPayload> {
    return payload(async () => ({ report: await this.service.resolve(input.reportId, ctx) }), { report: null });
  }

  @Mutation(() => UpdateReportPayload, { description: "Changes a report's category and the rules it names (PUT /api/v1/admin/reports/:id). Logged in the audit log." })
  @AdminAccess(WRITE_REPORTS, 'manage_reports')
  updateReport(@Arg('input', () => UpdateReportInput, { description: 'The report and what changes.' }) input: UpdateReportInput, @Ctx() ctx: StatusesContext): Promise<UpdateReportPayload> {
    return payload(async () => ({ report: await this.service.update(input, ctx) }), { report: null });
  }

  @Mutation(() => ReopenReport.Payload, { description: 'Opens a resolved report again (POST /api/v1/admin/reports/:id/reopen). Logged in the audit log.' })
  @AdminAccess(WRITE_REPORTS, 'manage_reports')
  reopenReport(@Arg('input', () => ReopenReport.Input, { description: 'The report.' }) input: ReportActionInput, @Ctx() ctx: StatusesContext): Promise<AdminReportPayload> {
    return payload(async () => ({ report: await this.service.reopen(input.reportId, ctx) }), { report: null });
  }
}

/** An admin.report notification's report; the reports of one request's notifications are read in one query. */
@Resolver(() => Notification)
export class NotificationReportResolver {
  private readonly loaders = new WeakMap<StatusesContext, DataLoader<bigint, bigint | null>>();

  constructor(
    private readonly service: ReportService,
    private readonly notifications: NotificationData,
  ) {}

  @FieldResolver(() => Report, { nullable: true, description: 'The report filed, for an ADMIN_REPORT notification; null for the other types.' })
  async report(@Root() notification: Notification, @Ctx() ctx: StatusesContext): Promise<Report | null> {
    if (notification.type !== NotificationType.ADMIN_REPORT) return null;
    let loader = this.loaders.get(ctx);
    if (!loader) {
      loader = new DataLoader(async (ids: readonly bigint[]) => {
        const found = await this.notifications.reportIds(ids);
        return ids.map((id) => found.get(id) ?? null);
      });
      this.loaders.set(ctx, loader);
    }
    const reportId = await loader.load(BigInt(notification.id));
    return reportId === null ? null : this.service.forNotification(reportId, ctx);
  }
}
