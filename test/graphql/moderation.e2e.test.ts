// The moderation operations over GraphQL (docs/graphql.md#moderation, docs/api/moderation.md): fileReport
// with its payload errors, the admin fields refused without the role's permission whatever the
// token's scopes, and the viewer's own role.
import type { TestUser } from '@social/testkit';
import { gql, gqlData } from '../support/graphql';
import { rig } from '../support/server';

describe('moderation over GraphQL', () => {
  let reporter: TestUser;
  let target: TestUser;

  beforeAll(async () => {
    [reporter, target] = await Promise.all([rig.newUser('reporter', 'read write admin:read admin:write'), rig.newUser('target')]);
  });

  it('files a report with fileReport, and refuses a long comment in errors, on its field', async () => {
    const mutation = `mutation ($input: FileReportInput!) {
      fileReport(input: $input) { report { id category comment statusIds ruleIds targetAccount { id } } errors { code message field } }
    }`;
    const filed = await gqlData(mutation, { input: { accountId: target.account.id, comment: 'spam', category: 'SPAM' } }, reporter.token);
    expect(filed.fileReport).toEqual({
      report: { id: expect.stringMatching(/^\d+$/), category: 'SPAM', comment: 'spam', statusIds: [], ruleIds: [], targetAccount: { id: target.account.id } },
      errors: [],
    });

    const refused = await gqlData(mutation, { input: { accountId: target.account.id, comment: 'x'.repeat(1001) } }, reporter.token);
    expect(refused.fileReport).toEqual({
      report: null,
      errors: [{ code: 'INVALID', message: 'Validation failed: Comment is too long (maximum is 1000 characters)', field: ['input', 'comment'] }],
    });
  });

  it('refuses adminReports, adminAccounts and the report actions with FORBIDDEN to a user without the permission', async () => {
    const reads = await gql('{ adminReports { items { id } } }', {}, reporter.token);
    expect(reads.errors?.[0]).toMatchObject({ message: 'This action is not allowed', extensions: { code: 'FORBIDDEN' } });
    const accounts = await gql('{ adminAccounts { items { id } } }', {}, reporter.token);
    expect(accounts.errors?.[0]).toMatchObject({ message: 'This action is not allowed', extensions: { code: 'FORBIDDEN' } });
    const action = await gql('mutation { resolveReport(input: { reportId: "1" }) { report { id } errors { code } } }', {}, reporter.token);
    expect(action.errors?.[0]).toMatchObject({ message: 'This action is not allowed', extensions: { code: 'FORBIDDEN' } });
  });

  it("shows the viewer's own role, the everyone role without a staff one, and no adminInfo to a non-moderator", async () => {
    const data = await gqlData(`query ($id: ID!) { viewer { role { id name permissions highlighted } adminInfo { email } } account(id: $id) { role { id } adminInfo { email } } }`, { id: target.account.id }, reporter.token);
    expect(data).toEqual({
      viewer: { role: { id: '-99', name: '', permissions: '0', highlighted: false }, adminInfo: null },
      account: { role: null, adminInfo: null },
    });
  });
});
