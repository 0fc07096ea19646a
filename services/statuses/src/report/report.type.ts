import { ArgsType, Field, ID, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { InstanceRule, UserError } from '@social/federation';
import { Account } from '../account/account.type.js';
import { Status } from '../status/status.type.js';

/** What a report is about (docs/api/moderation.md#reports). */
export enum ReportCategory {
  SPAM = 'spam',
  LEGAL = 'legal',
  VIOLATION = 'violation',
  OTHER = 'other',
}

registerEnumType(ReportCategory, {
  name: 'ReportCategory',
  description: 'What a report is about.',
  valuesConfig: {
    SPAM: { description: 'Unwanted advertising or repetitive content.' },
    LEGAL: { description: 'Content illegal where the server or the reporter is.' },
    VIOLATION: { description: "A breach of the server's rules (given as ruleIds)." },
    OTHER: { description: 'Anything else.' },
  },
})

/** The fields the reporter's and the moderators' views share. */
@ObjectType({ description: 'Internal: the fields Report and AdminReport share.' })
abstract class ReportBase {
  @Field(() => ID, { description: 'The report.' })
  id!: string;

  @Field(() => Boolean, { description: 'Whether a moderator has resolved it.' })
  actionTaken!: boolean;

  @Field(() => Date, { nullable: true, description: 'When it was resolved; null while open.' })
  actionTakenAt!: Date | null;

  @Field(() => ReportCategory, { description: 'What it is about.' })
  category!: ReportCategory;

  @Field(() => String, { description: "The reporter's comment; empty when none." })
  comment!: string;

  @Field(() => Boolean, { description: "Whether it was forwarded to the reported account's server (never for a local account)." })
  forwarded!: boolean;

  @Field(() => Date, { description: 'When it was filed.' })
  createdAt!: Date;

  @Field(() => [ID], { description: 'The server rules it says were broken (violation reports).' })
  ruleIds!: string[];
}

@ObjectType({ description: "A report as its reporter sees it (Mastodon's Report)." })
export class Report extends ReportBase {
  @Field(() => [ID], { description: 'The reported statuses.' })
  statusIds!: string[];

  @Field(() => Account, { description: 'The reported account.' })
  targetAccount!: Account;
}

@ObjectType({ description: "A report as a moderator handles it (Mastodon's Admin::Report)." })
export class AdminReport extends ReportBase {
  @Field(() => Date, { description: 'When it last changed (assigned, resolved, reopened...).' })
  updatedAt!: Date;

  @Field(() => Account, { description: 'Who filed it.' })
  account!: Account;

  @Field(() => Account, { description: 'Who is reported.' })
  targetAccount!: Account;

  @Field(() => Account, { nullable: true, description: 'The moderator handling it; null when unassigned.' })
  assignedAccount!: Account | null;

  @Field(() => Account, { nullable: true, description: 'The moderator who resolved it; null while open.' })
  actionTakenByAccount!: Account | null;

  @Field(() => [Status], { description: 'The reported statuses that still exist, whatever their visibility.' })
  statuses!: Status[];

  @Field(() => [InstanceRule], { description: "The server's rules the report names (ruleIds), in the server's order." })
  rules!: InstanceRule[];
}

@ObjectType({ description: "A moderator's note on a report, for the other moderators (not in Mastodon's REST API)." })
export class ReportNote {
  @Field(() => ID, { description: 'The note.' })
  id!: string;

  @Field(() => String, { description: 'What the moderator wrote.' })
  content!: string;

  @Field(() => Account, { description: 'The moderator who wrote it.' })
  account!: Account;

  @Field(() => Date, { description: 'When it was written.' })
  createdAt!: Date;
}

@InputType({ description: 'A note to add to a report.' })
export class AddReportNoteInput {
  @Field(() => ID, { description: 'The report.' })
  reportId!: string;

  @Field(() => String, { description: 'The note (at most 2000 characters, not blank).' })
  content!: string;
}

@ObjectType({ description: 'What addReportNote answers.' })
export class AddReportNotePayload {
  @Field(() => ReportNote, { nullable: true, description: 'The note added; null when there are errors.' })
  reportNote!: ReportNote | null;

  @Field(() => [UserError], { description: 'Why nothing was added (an unknown report, a blank or too long note).' })
  errors!: UserError[];
}

@InputType({ description: 'The report note to delete.' })
export class DeleteReportNoteInput {
  @Field(() => ID, { description: 'The note.' })
  reportNoteId!: string;
}

@ObjectType({ description: 'What deleteReportNote answers.' })
export class DeleteReportNotePayload {
  @Field(() => ID, { nullable: true, description: 'The note deleted; null when there are errors.' })
  deletedReportNoteId!: string | null;

  @Field(() => [UserError], { description: "Why nothing was deleted (an unknown note, or another moderator's)." })
  errors!: UserError[];
}

@InputType({ description: 'A report of an account, and optionally some of its statuses, to the moderators.' })
export class FileReportInput {
  @Field(() => ID, { description: 'The reported account.' })
  accountId!: string;

  @Field(() => [ID], { nullable: true, description: "Statuses of the reported account to attach; each must be the account's." })
  statusIds?: string[] | null;

  @Field(() => String, { nullable: true, description: 'Why (at most 1000 characters).' })
  comment?: string | null;

  @Field(() => ReportCategory, { nullable: true, description: 'What it is about: OTHER when absent, VIOLATION when ruleIds are given.' })
  category?: ReportCategory | null;

  @Field(() => [ID], { nullable: true, description: "The server's rules broken (their ids, as the instance's rules number them); any other id is refused." })
  ruleIds?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: "Forward to the reported account's server (remote accounts only; ignored for local ones)." })
  forward?: boolean | null;
}

@ObjectType({ description: 'What fileReport answers.' })
export class FileReportPayload {
  @Field(() => Report, { nullable: true, description: 'The report filed; null when there are errors.' })
  report!: Report | null;

  @Field(() => [UserError], { description: 'Why nothing was filed (a comment too long, an unknown category or rule).' })
  errors!: UserError[];
}

/** The input and payload types of one moderator action on a report (each mutation has its own, docs/graphql.md#mutations). */
function reportAction(name: string, what: string) {
  @InputType(`${name}Input`, { description: `The report to ${what}.` })
  class Input {
    @Field(() => ID, { description: 'The report.' })
    reportId!: string;
  }

  @ObjectType(`${name}Payload`, { description: `What ${name.charAt(0).toLowerCase()}${name.slice(1)} answers.` })
  class Payload {
    @Field(() => AdminReport, { nullable: true, description: 'The report after the action; null when there are errors.' })
    report!: AdminReport | null;

    @Field(() => [UserError], { description: 'Why nothing changed.' })
    errors!: UserError[];
  }
  return { Input, Payload };
}

export const AssignReportToSelf = reportAction('AssignReportToSelf', 'assign to yourself');

@InputType({ description: "A moderator's change of what a report is about; fields left out stay as they are." })
export class UpdateReportInput {
  @Field(() => ID, { description: 'The report.' })
  reportId!: string;

  @Field(() => ReportCategory, { nullable: true, description: 'The new category.' })
  category?: ReportCategory | null;

  @Field(() => [ID], { nullable: true, description: "The server's rules it names (an empty list: none); any other id is refused." })
  ruleIds?: string[] | null;
}

@ObjectType({ description: 'What updateReport answers.' })
export class UpdateReportPayload {
  @Field(() => AdminReport, { nullable: true, description: 'The report after the change; null when there are errors.' })
  report!: AdminReport | null;

  @Field(() => [UserError], { description: 'Why nothing changed (an unknown rule).' })
  errors!: UserError[];
}
export const UnassignReport = reportAction('UnassignReport', 'unassign');
export const ResolveReport = reportAction('ResolveReport', 'resolve');
export const ReopenReport = reportAction('ReopenReport', 'reopen');

/** What every report action takes and answers. */
export interface ReportActionInput {
  reportId: string;
}
export interface AdminReportPayload {
  report: AdminReport | null;
  errors: UserError[];
}

@ArgsType()
export class AdminReportFilterArgs {
  @Field(() => Boolean, { nullable: true, description: 'Resolved reports when true; open ones otherwise (the default).' })
  resolved?: boolean | null;

  @Field(() => ID, { nullable: true, description: 'Only reports filed by this account.' })
  accountId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only reports about this account.' })
  targetAccountId?: string | null;
}

@ObjectType({ description: 'A page of reports, newest first, with the cursors of its ends (report ids).' })
export class AdminReportPage {
  @Field(() => [AdminReport], { description: 'The reports, newest first.' })
  items!: AdminReport[];

  @Field(() => ID, { nullable: true, description: 'Cursor of the oldest item: pass it as maxId for the next page. Null when empty.' })
  nextMaxId!: string | null;

  @Field(() => ID, { nullable: true, description: 'Cursor of the newest item: pass it as minId (or sinceId) for the previous page. Null when empty.' })
  prevMinId!: string | null;
}
