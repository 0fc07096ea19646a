// Every raw statement of the media subgraph, run against the migrated schema on PostgreSQL and
// PGlite with rows to find, and their decoded rows checked (docs/data-access.md).
import './index';
import type { Database } from '@social/db';
import { describeStatements } from '../../../packages/db/src/statements.test-helper';

jest.setTimeout(120_000);

async function seed({ prisma }: Database): Promise<Record<string, bigint>> {
  const account = (await prisma.account.create({ data: { username: 'author', usernameLower: 'author' } })).id;
  const status = (await prisma.status.create({ data: { accountId: account, text: 'with media' } })).id;
  const attach = (position: number, extra: object = {}) =>
    prisma.mediaAttachment.create({ data: { accountId: account, statusId: status, position, type: 'image', processing: 'done', fileKey: `f${position}`, ...extra } });
  const second = (await attach(1)).id;
  const first = (await attach(0, { meta: { original: { width: 640, height: 480 } }, description: 'alt', fileSize: 1234, blurhash: 'LEHV6nWB2yk8' })).id;
  await prisma.mediaAttachment.create({ data: { accountId: account, fileKey: 'unattached' } });
  return { account, status, first, second };
}

describeStatements(__filename, 'media', seed, {
  'media.attachmentsByStatus': {
    params: (s) => [[s.status, 1n]],
    expect: (rows, s) => {
      expect(rows.map((row) => row.id)).toEqual([s.first, s.second]);
      expect(rows[0]).toEqual({
        id: s.first, accountId: s.account, statusId: s.status, scheduledStatusId: null, position: 0, type: 'image', processing: 'done', fileKey: 'f0',
        fileContentType: null, fileSize: 1234, previewKey: null, thumbnailKey: null, description: 'alt', meta: { original: { width: 640, height: 480 } },
        blurhash: 'LEHV6nWB2yk8', shortcode: expect.any(String), createdAt: expect.any(Date), updatedAt: expect.any(Date),
      });
    },
  },
});
