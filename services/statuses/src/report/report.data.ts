import type { PrismaClient, ReportCategory as DbReportCategory } from '@social/db';
import { PERMISSIONS } from '@social/federation';
import { idWindow, newestFirst, type PageRequest } from '../page/page.js';

export interface ReportRecord {
  id: bigint;
  accountId: bigint;
  targetAccountId: bigint;
  statusIds: bigint[];
  ruleIds: bigint[];
  comment: string;
  category: DbReportCategory;
  forwarded: boolean;
  assignedAccountId: bigint | null;
  actionTakenByAccountId: bigint | null;
  actionTakenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export type NewReport = Pick<ReportRecord, 'accountId' | 'targetAccountId' | 'statusIds' | 'ruleIds' | 'comment' | 'category' | 'forwarded'>;

export interface ReportFilter {
  resolved: boolean;
  accountId: bigint | null;
  targetAccountId: bigint | null;
}

/** How a moderator action changes a report (docs/api/moderation.md#handling-a-report). */
export type ReportChange =
  | { action: 'assigned_to_self' }
  | { action: 'unassigned' }
  | { action: 'resolve'; at: Date }
  | { action: 'reopen' }
  /** A moderator's recategorisation (PUT /api/v1/admin/reports/:id): only what is given changes. */
  | { action: 'update'; category?: DbReportCategory; ruleIds?: bigint[] };

/** A moderator's note on a report (docs/api/moderation.md#report-notes). */
export interface ReportNoteRecord {
  id: bigint;
  reportId: bigint;
  accountId: bigint;
  content: string;
  createdAt: Date;
}

const NOTE_FIELDS = { id: true, reportId: true, accountId: true, content: true, createdAt: true } as const;

/** The bits that let a role handle reports: manage_reports, or administrator (every permission). */
const HANDLES_REPORTS = BigInt(PERMISSIONS.manage_reports | PERMISSIONS.administrator);

/** The reports table, and the audit row each moderator action writes with it. */
export class ReportData {
  constructor(private readonly prisma: PrismaClient) {}

  create(report: NewReport): Promise<ReportRecord> {
    return this.prisma.report.create({ data: report });
  }

  findById(id: bigint): Promise<ReportRecord | null> {
    return this.prisma.report.findUnique({ where: { id } });
  }

  /** Of these ids, those of statuses the account posted (boosts excluded, as a report is about what it wrote). */
  async statusesOf(accountId: bigint, ids: bigint[]): Promise<Set<bigint>> {
    if (ids.length === 0) return new Set();
    const rows = await this.prisma.status.findMany({ where: { id: { in: ids }, accountId }, select: { id: true } });
    return new Set(rows.map((row) => row.id));
  }

  async list(filter: ReportFilter, page: PageRequest): Promise<ReportRecord[]> {
    if (page.limit === 0) return [];
    const window = idWindow(page);
    const rows = await this.prisma.report.findMany({
      where: {
        actionTakenAt: filter.resolved ? { not: null } : null,
        ...(filter.accountId !== null ? { accountId: filter.accountId } : {}),
        ...(filter.targetAccountId !== null ? { targetAccountId: filter.targetAccountId } : {}),
        id: window.where,
      },
      orderBy: { id: window.order },
      take: page.limit,
    });
    return newestFirst(rows, page);
  }

  /** Applies a moderator's change and writes its audit row, in one transaction (docs/api/moderation.md#audit-log). */
  async change(id: bigint, moderatorId: bigint, change: ReportChange): Promise<ReportRecord> {
    const data =
      change.action === 'assigned_to_self' ? { assignedAccountId: moderatorId }
      : change.action === 'unassigned' ? { assignedAccountId: null }
      : change.action === 'resolve' ? { actionTakenAt: change.at, actionTakenByAccountId: moderatorId }
      : change.action === 'update' ? { category: change.category, ruleIds: change.ruleIds }
      : { actionTakenAt: null, actionTakenByAccountId: null };
    return this.prisma.$transaction(async (tx) => {
      const report = await tx.report.update({ where: { id }, data });
      const summary = `report ${id} on account ${report.targetAccountId}`;
      await tx.adminActionLog.create({ data: { accountId: moderatorId, action: change.action, targetType: 'Report', targetId: id, details: summary } });
      return report;
    });
  }

  /** The notes of these reports, oldest first per report. */
  async notesOf(reportIds: readonly bigint[]): Promise<Map<bigint, ReportNoteRecord[]>> {
    const rows = await this.prisma.reportNote.findMany({ where: { reportId: { in: [...reportIds] } }, orderBy: { id: 'asc' }, select: NOTE_FIELDS });
    const byReport = new Map<bigint, ReportNoteRecord[]>();
    for (const row of rows) byReport.set(row.reportId, [...(byReport.get(row.reportId) ?? []), row]);
    return byReport;
  }

  findNote(id: bigint): Promise<ReportNoteRecord | null> {
    return this.prisma.reportNote.findUnique({ where: { id }, select: NOTE_FIELDS });
  }

  /** Adds a note and marks the report changed (its updatedAt), in one transaction. */
  addNote(reportId: bigint, accountId: bigint, content: string): Promise<ReportNoteRecord> {
    return this.prisma.$transaction(async (tx) => {
      const note = await tx.reportNote.create({ data: { reportId, accountId, content }, select: NOTE_FIELDS });
      await tx.report.update({ where: { id: reportId }, data: { updatedAt: note.createdAt } });
      return note;
    });
  }

  /** Deletes the note if it is still there; whether it was. */
  async deleteNote(id: bigint): Promise<boolean> {
    return (await this.prisma.reportNote.deleteMany({ where: { id } })).count === 1;
  }

  /** Local users whose role may handle reports: who hears of a new one. */
  async moderators(): Promise<bigint[]> {
    const rows = await this.prisma.$queryRaw<Array<{ account_id: bigint }>>`
      SELECT u.account_id FROM users u JOIN user_roles r ON r.id = u.role_id
      WHERE (r.permissions & ${HANDLES_REPORTS}::bigint) <> 0`;
    return rows.map((row) => row.account_id);
  }
}
