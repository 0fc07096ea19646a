// The moderation operations over GraphQL (docs/graphql.md#moderation, docs/api/moderation.md): fileReport
// with its payload errors, the admin fields refused without the role's permission whatever the
// token's scopes, the viewer's own role, and the account actions (moderateAccount and the undos) with
// their UserErrors, done by the target's Moderator.
import type { TestUser } from '@social/testkit';
import { gql, gqlData } from '../support/graphql';
import { rig } from '../support/server';
import { staffAccountId, staffToken } from '../support/staff';

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

describe('account actions over GraphQL', () => {
  const ACCOUNT = 'account { id limited suspended adminInfo { silenced sensitized disabled approved } }';
  let target: TestUser;

  beforeAll(async () => {
    target = await rig.newUser('gqltarget');
  });

  it('limits an account with moderateAccount and lifts it with unsilenceAccount, answering the account as moderators see it', async () => {
    const token = await staffToken('Moderator');
    const limited = await gqlData(`mutation ($input: ModerateAccountInput!) { moderateAccount(input: $input) { ${ACCOUNT} errors { code } } }`, {
      input: { accountId: target.account.id, type: 'SILENCE', text: 'Calm down' },
    }, token);
    expect(limited.moderateAccount).toEqual({
      account: { id: target.account.id, limited: true, suspended: false, adminInfo: { silenced: true, sensitized: false, disabled: false, approved: true } },
      errors: [],
    });

    const lifted = await gqlData(`mutation ($input: UnsilenceAccountInput!) { unsilenceAccount(input: $input) { ${ACCOUNT} errors { code } } }`, { input: { accountId: target.account.id } }, token);
    expect(lifted.unsilenceAccount).toMatchObject({ account: { limited: false, adminInfo: { silenced: false } }, errors: [] });
  });

  it('answers UserErrors: NOT_FOUND for an unknown account or report, NOT_ALLOWED above its role, INVALID without a type', async () => {
    const token = await staffToken('Moderator');
    const act = async (input: Record<string, unknown>) =>
      (await gqlData(`mutation ($input: ModerateAccountInput!) { moderateAccount(input: $input) { account { id } errors { code message field } } }`, { input }, token)).moderateAccount;

    expect(await act({ accountId: '999999999999', type: 'SUSPEND' })).toEqual({ account: null, errors: [{ code: 'NOT_FOUND', message: 'Record not found', field: null }] });
    expect(await act({ accountId: target.account.id, type: 'NONE', reportId: '999999999999' })).toEqual({ account: null, errors: [{ code: 'NOT_FOUND', message: 'Record not found', field: null }] });
    expect(await act({ accountId: await staffAccountId('Admin'), type: 'SUSPEND' })).toEqual({ account: null, errors: [{ code: 'NOT_ALLOWED', message: 'This action is not allowed', field: null }] });
    expect(await act({ accountId: target.account.id })).toEqual({
      account: null,
      errors: [{ code: 'INVALID', message: "Validation failed: Type can't be blank, Type is not included in the list", field: ['input', 'type'] }],
    });
  });

  it('refuses the account mutations with FORBIDDEN to a user without the permission', async () => {
    const user = await rig.newUser('gqlplain', 'read write admin:read admin:write');
    for (const mutation of ['moderateAccount(input: { accountId: "1", type: SUSPEND })', 'unsuspendAccount(input: { accountId: "1" })', 'approveAccount(input: { accountId: "1" })']) {
      const response = await gql(`mutation { ${mutation} { errors { code } } }`, {}, user.token);
      expect(response.errors?.[0]).toMatchObject({ message: 'This action is not allowed', extensions: { code: 'FORBIDDEN' } });
    }
  });
});
