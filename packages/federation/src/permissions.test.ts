import { AppError } from '@social/errors';
import { ANONYMOUS, type Principal } from './principal.js';
import { PERMISSIONS, assertAdminAccess, grants, hasPermission } from './permissions.js';

const user = (scopes: string[], permissions?: number): Principal => ({
  kind: 'user', tokenId: '1', applicationId: '2', accountId: '3', scopes, ...(permissions === undefined ? {} : { permissions }),
});

function refusal(run: () => void): string | null {
  try {
    run();
    return null;
  } catch (error) {
    return error instanceof AppError ? `${error.code} ${error.message}` : String(error);
  }
}

describe('role permissions (docs/api/moderation.md#roles)', () => {
  it("numbers the bits as Mastodon does", () => {
    expect([PERMISSIONS.administrator, PERMISSIONS.manage_reports, PERMISSIONS.manage_users, PERMISSIONS.manage_roles, PERMISSIONS.view_feeds]).toEqual([1, 16, 1024, 131072, 1048576]);
  });

  it('grants a permission by its bit, and every one to administrator', () => {
    const moderator = 1308;
    expect(grants(moderator, 'manage_reports')).toBe(true);
    expect(grants(moderator, 'manage_roles')).toBe(false);
    expect(grants(PERMISSIONS.administrator, 'manage_roles')).toBe(true);
    expect(grants(0, 'manage_reports')).toBe(false);
    expect(hasPermission(user(['admin:read']), 'manage_reports')).toBe(false);
  });

  it('checks the token, the admin scope, a user and then the permission, in that order', () => {
    const rule = { scopes: ['admin:read', 'admin:read:reports'] };
    expect(refusal(() => assertAdminAccess(ANONYMOUS, rule, 'manage_reports'))).toBe('UNAUTHENTICATED The access token is invalid');
    expect(refusal(() => assertAdminAccess(user(['read'], 1), rule, 'manage_reports'))).toBe('FORBIDDEN This action is outside the authorized scopes');
    expect(refusal(() => assertAdminAccess({ ...user(['admin:read']), kind: 'app', accountId: null }, rule, 'manage_reports'))).toBe(
      'FORBIDDEN This method requires an authenticated user',
    );
    expect(refusal(() => assertAdminAccess(user(['admin:read:reports']), rule, 'manage_reports'))).toBe('FORBIDDEN This action is not allowed');
    expect(refusal(() => assertAdminAccess(user(['admin:read:reports'], 1308), rule, 'manage_reports'))).toBeNull();
  });
});
