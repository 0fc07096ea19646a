import { testAccount, testMention } from '../fixtures.test-helper.js';
import { expectGolden } from '../golden.test-helper.js';
import type { AdminAccountFieldsFragment, ReportFieldsFragment } from '../../gql/operations.js';
import { adminReportToMastodon, reportToMastodon } from './to-mastodon.js';

const spammer = testAccount('spammer', '109876543210999999');
const alice = testAccount('alice', '109876543210987654');
const status = testMention(spammer, [alice], '@alice buy now');

const report: ReportFieldsFragment = {
  id: '7', actionTaken: false, actionTakenAt: null, category: 'SPAM', comment: 'Ads in my mentions', forwarded: false,
  createdAt: '2026-11-25T05:00:00.123Z', statusIds: [status.id], ruleIds: [], targetAccount: spammer,
};

const moderatorRole = { id: '3', name: 'Moderator', color: '', permissions: '1308', highlighted: true };

function admin(account: typeof alice, email: string, role = { id: '-99', name: '', color: '', permissions: '0', highlighted: false }): AdminAccountFieldsFragment {
  return { ...account, adminInfo: { email, locale: null, ip: null, confirmed: true, approved: true, disabled: false, role } };
}

describe('report mappers', () => {
  it("maps the reporter's Report, an empty rule list as null (golden)", () => {
    expectGolden(__dirname, 'report', reportToMastodon(report));
  });

  it('maps an Admin::Report, resolved and assigned, with Admin::Accounts (golden)', () => {
    const moderator = admin(testAccount('mod', '109876543210911111'), 'mod@example.com', moderatorRole);
    expectGolden(__dirname, 'admin-report', adminReportToMastodon({
      ...report, updatedAt: '2026-11-25T06:00:00Z', actionTaken: true, actionTakenAt: '2026-11-25T06:00:00Z',
      account: admin(alice, 'alice@example.com'), targetAccount: admin(spammer, 'spammer@example.com'),
      assignedAccount: moderator, actionTakenByAccount: moderator, statuses: [status],
      category: 'VIOLATION', ruleIds: ['2'], rules: [{ id: '2', text: 'No spam.', hint: '' }],
    }));
  });

  it('shows an Admin::Account without the user side (adminInfo null) with nulls and the everyone role', () => {
    const json = adminReportToMastodon({
      ...report, updatedAt: report.createdAt, account: { ...alice, adminInfo: null }, targetAccount: { ...spammer, adminInfo: null },
      assignedAccount: null, actionTakenByAccount: null, statuses: [], rules: [],
    });
    expect(json.account).toMatchObject({ email: null, role: { id: '-99' }, confirmed: false, domain: null });
    expect(json).toMatchObject({ assigned_account: null, action_taken_by_account: null, rules: [] });
  });
});
