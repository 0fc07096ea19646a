// Every raw statement of the identity subgraph, run against the migrated schema on PostgreSQL and
// PGlite with rows to find, and their decoded rows checked (docs/data-access.md).
import './index';
import type { Database } from '@social/db';
import { describeStatements } from '../../../packages/db/src/statements.test-helper';

jest.setTimeout(120_000);

async function seed({ prisma }: Database): Promise<Record<string, bigint>> {
  const viewer = (
    await prisma.account.create({
      data: {
        username: 'Viewer', usernameLower: 'viewer', displayName: 'The viewer', fields: [{ name: 'site', value: 'x' }],
        user: { create: { email: 'viewer@example.com', passwordHash: 'x', locale: 'de', defaultPrivacy: 'unlisted', confirmedAt: new Date() } },
      },
    })
  ).id;
  const other = (await prisma.account.create({ data: { username: 'other', usernameLower: 'other', suspendedAt: new Date('2024-01-01T00:00:00Z') } })).id;
  const application = (await prisma.application.create({ data: { name: 'app', redirectUris: 'urn:ietf:wg:oauth:2.0:oob', clientId: 'c', clientSecretHash: 'h' } })).id;
  await prisma.accessToken.create({ data: { tokenHash: 'viewer-token', applicationId: application, accountId: viewer, scopes: 'read write' } });
  // `other` asks to follow the viewer: the viewer's own row counts the request.
  await prisma.followRequest.create({ data: { accountId: other, targetAccountId: viewer } });
  await prisma.accessToken.create({ data: { tokenHash: 'app-token', applicationId: application, scopes: 'read', revokedAt: new Date() } });
  // `other` boosts the viewer's status, notified (what a Web Push delivery reads).
  const status = (await prisma.status.create({ data: { accountId: viewer, text: 'Hello', spoilerText: 'cw' } })).id;
  const boost = (await prisma.status.create({ data: { accountId: other, reblogOfId: status } })).id;
  const reblogNotification = (await prisma.notification.create({ data: { accountId: viewer, fromAccountId: other, type: 'reblog', statusId: boost } })).id;
  return { viewer, other, application, reblogNotification };
}

describeStatements(__filename, 'identity', seed, {
  'identity.accountsByIds': {
    params: (s) => [[s.viewer, s.other, 1n], s.viewer],
    expect: (rows, s) => {
      expect(rows).toHaveLength(2);
      expect(rows.find((row) => row.id === s.viewer)).toEqual({
        id: s.viewer, username: 'Viewer', displayName: 'The viewer', note: '', noteHtml: '', locked: false, bot: false, discoverable: false,
        indexable: false, hideCollections: false, avatarKey: null, avatarStaticKey: null, headerKey: null, headerStaticKey: null,
        fields: [{ name: 'site', value: 'x' }], suspendedAt: null, silencedAt: null, createdAt: expect.any(Date),
        hasUser: true, email: 'viewer@example.com', locale: 'de', defaultPrivacy: 'unlisted', defaultSensitive: false, defaultLanguage: null,
        followRequestsCount: 1,
      });
      // The login is joined for the viewer only.
      expect(rows.find((row) => row.id === s.other)).toMatchObject({ suspendedAt: new Date('2024-01-01T00:00:00Z'), hasUser: false, email: null, defaultPrivacy: null, followRequestsCount: 0 });
    },
  },
  // A boost's notification points at the boost; the push shows the boosted status (the favourite and follow cases: test/api/v1/push/delivery.e2e.test.ts).
  'identity.pushedNotification': {
    params: (s) => [s.reblogNotification],
    expect: (rows, s) => {
      expect(rows).toEqual([{ id: s.reblogNotification, accountId: s.viewer, fromAccountId: s.other, type: 'reblog', spoilerText: 'cw', text: 'Hello' }]);
    },
  },
  'identity.principalByTokenHash': {
    params: () => ['viewer-token'],
    expect: (rows, s) => expect(rows).toEqual([{ id: expect.any(BigInt), applicationId: s.application, accountId: s.viewer, scopes: 'read write', revoked: false, userGone: false, refusal: null, permissions: 0,
      defaultPrivacy: 'unlisted', defaultSensitive: false, defaultLanguage: null,
    }]),
  },
});
