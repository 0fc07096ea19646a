import { ANONYMOUS, PERMISSIONS, type Principal } from '@social/federation';
import { alertsOf, alertTypes } from './push-alerts';

const USER: Principal = { ...ANONYMOUS, kind: 'user', accountId: '1', tokenId: '1', scopes: ['push'] };
const MODERATOR: Principal = { ...USER, permissions: PERMISSIONS.manage_reports };

describe('alertTypes', () => {
  it('keeps the alerts given true, by their notification type names', () => {
    expect(alertTypes([], { mention: true, followRequest: true, favourite: false }, USER)).toEqual(['mention', 'follow_request']);
  });

  it('changes only the alerts given, keeping the others as they were', () => {
    expect(alertTypes(['mention', 'reblog'], { reblog: false, poll: true }, USER)).toEqual(['mention', 'poll']);
    expect(alertTypes(['mention'], null, USER)).toEqual(['mention']);
  });

  it('keeps an admin alert only for a role with its permission', () => {
    expect(alertTypes([], { adminReport: true, adminSignUp: true }, USER)).toEqual([]);
    expect(alertTypes([], { adminReport: true, adminSignUp: true }, MODERATOR)).toEqual(['admin_report']);
    expect(alertTypes([], { adminReport: true, adminSignUp: true }, { ...USER, permissions: PERMISSIONS.administrator })).toEqual(['admin_sign_up', 'admin_report']);
  });
});

describe('alertsOf', () => {
  it('answers every alert, on or off', () => {
    expect(alertsOf(['follow_request', 'admin_report'])).toEqual({
      mention: false, status: false, reblog: false, follow: false, followRequest: true, favourite: false, poll: false, update: false, adminSignUp: false, adminReport: true,
    });
  });
});
