// Moderators' notes on a report over GraphQL (docs/api/moderation.md#report-notes; Mastodon's REST API has
// none): AdminReport.notes, addReportNote and deleteReportNote, written by the target's Moderator and Admin
// (test/support/staff.ts), so on every target; refused without manage_reports or admin:write, a note's
// deletion refused to anyone but its author.
import type { TestUser } from '@social/testkit';
import { gql, gqlData } from '../support/graphql';
import { rig } from '../support/server';
import { staffAccountId, staffToken } from '../support/staff';

const ADD = `mutation ($input: AddReportNoteInput!) {
  addReportNote(input: $input) { reportNote { id content createdAt account { id } } errors { code message field } }
}`;
const DELETE = 'mutation ($id: ID!) { deleteReportNote(input: { reportNoteId: $id }) { deletedReportNoteId errors { code message } } }';
const NOTES = 'query ($id: ID!) { adminReport(id: $id) { id updatedAt notes { id content createdAt account { id } } } }';

describe('report notes over GraphQL', () => {
  let reporter: TestUser;
  let reportId: string;
  let moderator: string;
  let admin: string;

  beforeAll(async () => {
    let target: TestUser;
    [reporter, target] = await Promise.all([rig.newUser('notereporter', 'read write admin:read admin:write'), rig.newUser('notetarget')]);
    const filed = await gqlData('mutation ($id: ID!) { fileReport(input: { accountId: $id, comment: "spam" }) { report { id } errors { code } } }', { id: target.account.id }, reporter.token);
    reportId = filed.fileReport.report.id;
    [moderator, admin] = await Promise.all([staffToken('Moderator'), staffToken('Admin')]);
  });

  it('adds notes from two moderators, listed oldest first with their authors; a note marks the report changed', async () => {
    const before = (await gqlData(NOTES, { id: reportId }, moderator)).adminReport;
    expect(before.notes).toEqual([]);

    const first = (await gqlData(ADD, { input: { reportId, content: '  Looked at the statuses: spam.  ' } }, moderator)).addReportNote;
    expect(first).toEqual({
      reportNote: { id: expect.stringMatching(/^\d+$/), content: 'Looked at the statuses: spam.', createdAt: expect.any(String), account: { id: await staffAccountId('Moderator') } },
      errors: [],
    });
    const second = (await gqlData(ADD, { input: { reportId, content: 'Agreed, suspending.' } }, admin)).addReportNote;
    expect(second.errors).toEqual([]);

    const after = (await gqlData(NOTES, { id: reportId }, admin)).adminReport;
    expect(after.notes).toEqual([first.reportNote, { ...second.reportNote, account: { id: await staffAccountId('Admin') } }]);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    // The list of reports carries them too.
    const listed = await gqlData('query ($id: ID!) { adminReports(targetAccountId: $id) { items { id notes { id } } } }', { id: (await gqlData('query ($id: ID!) { adminReport(id: $id) { targetAccount { id } } }', { id: reportId }, admin)).adminReport.targetAccount.id }, admin);
    expect(listed.adminReports.items).toEqual([{ id: reportId, notes: [{ id: first.reportNote.id }, { id: second.reportNote.id }] }]);
  });

  it('refuses a blank note, one over 2000 characters and an unknown report in errors', async () => {
    const blank = (await gqlData(ADD, { input: { reportId, content: '   ' } }, moderator)).addReportNote;
    expect(blank).toEqual({ reportNote: null, errors: [{ code: 'INVALID', message: "Validation failed: Content can't be blank", field: ['input', 'content'] }] });
    const long = (await gqlData(ADD, { input: { reportId, content: 'é'.repeat(2001) } }, moderator)).addReportNote;
    expect(long).toEqual({ reportNote: null, errors: [{ code: 'INVALID', message: 'Validation failed: Content is too long (maximum is 2000 characters)', field: ['input', 'content'] }] });
    expect((await gqlData(ADD, { input: { reportId, content: 'é'.repeat(2000) } }, moderator)).addReportNote.errors).toEqual([]);
    const unknown = (await gqlData(ADD, { input: { reportId: '999999999999', content: 'hello' } }, moderator)).addReportNote;
    expect(unknown).toEqual({ reportNote: null, errors: [{ code: 'NOT_FOUND', message: 'Record not found', field: null }] });
  });

  it("lets only a note's author delete it: NOT_ALLOWED for another moderator, NOT_FOUND once gone", async () => {
    const note = (await gqlData(ADD, { input: { reportId, content: 'mine' } }, moderator)).addReportNote.reportNote;
    expect((await gqlData(DELETE, { id: note.id }, admin)).deleteReportNote).toEqual({ deletedReportNoteId: null, errors: [{ code: 'NOT_ALLOWED', message: 'This action is not allowed' }] });
    expect((await gqlData(NOTES, { id: reportId }, admin)).adminReport.notes.map((shown: { id: string }) => shown.id)).toContain(note.id);

    expect((await gqlData(DELETE, { id: note.id }, moderator)).deleteReportNote).toEqual({ deletedReportNoteId: note.id, errors: [] });
    expect((await gqlData(NOTES, { id: reportId }, admin)).adminReport.notes.map((shown: { id: string }) => shown.id)).not.toContain(note.id);
    expect((await gqlData(DELETE, { id: note.id }, moderator)).deleteReportNote).toEqual({ deletedReportNoteId: null, errors: [{ code: 'NOT_FOUND', message: 'Record not found' }] });
    expect((await gqlData(DELETE, { id: 'nonsense' }, moderator)).deleteReportNote.errors).toEqual([{ code: 'NOT_FOUND', message: 'Record not found' }]);
  });

  it('refuses the notes and their mutations with FORBIDDEN without manage_reports, and the mutations without admin:write', async () => {
    for (const [query, variables] of [[ADD, { input: { reportId, content: 'x' } }], [DELETE, { id: '1' }], [NOTES, { id: reportId }]] as const) {
      const refused = await gql(query, variables, reporter.token);
      expect(refused.errors?.map((error) => error.extensions?.code)).toEqual(['FORBIDDEN']);
    }
    const readOnly = await staffToken('Moderator', 'read admin:read');
    for (const [query, variables] of [[ADD, { input: { reportId, content: 'x' } }], [DELETE, { id: '1' }]] as const) {
      const refused = await gql(query, variables, readOnly);
      expect(refused.errors?.map((error) => error.extensions?.code)).toEqual(['FORBIDDEN']);
    }
    expect((await gqlData(NOTES, { id: reportId }, readOnly)).adminReport.notes.length).toBeGreaterThan(0);
  });
});
