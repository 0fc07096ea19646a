// editStatus, Status.history and Status.source on /graphql (docs/graphql.md#editing, docs/api/edits.md).
import type { TestUser } from '@social/testkit';
import { gqlData } from '../../../support/graphql';
import { rig } from '../../../support/server';

const EDIT = `mutation E($input: EditStatusInput!) {
  editStatus(input: $input) { status { id content editedAt spoilerText sensitive } errors { code message field } }
}`;
const READ = `query S($id: ID!) { status(id: $id) { id editedAt source { id text spoilerText } history { createdAt content spoilerText sensitive account { id } poll { options { title } } mediaAttachments { description } } } }`;

describe('editStatus on /graphql', () => {
  let author: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [author, other] = await Promise.all([rig.newUser('gqleditor'), rig.newUser('gqleditother')]);
  });

  it('edits the status, and its history and source follow', async () => {
    const status = await rig.post(author.token, 'graphql before');

    const answer = (await gqlData(EDIT, { input: { statusId: status.id, status: 'graphql after', spoilerText: 'cw' } }, author.token)).editStatus;

    expect(answer.errors).toEqual([]);
    expect(answer.status).toMatchObject({ id: status.id, content: '<p>graphql after</p>', spoilerText: 'cw', sensitive: true, editedAt: expect.any(String) });
    const read = (await gqlData(READ, { id: status.id }, author.token)).status;
    expect(read.source).toEqual({ id: status.id, text: 'graphql after', spoilerText: 'cw' });
    expect(read.history).toEqual([
      { createdAt: status.created_at, content: '<p>graphql before</p>', spoilerText: '', sensitive: false, account: { id: author.account.id }, poll: null, mediaAttachments: [] },
      { createdAt: read.editedAt, content: '<p>graphql after</p>', spoilerText: 'cw', sensitive: true, account: { id: author.account.id }, poll: null, mediaAttachments: [] },
    ]);
    // Another reader sees the history but not the source.
    expect((await gqlData(READ, { id: status.id }, other.token)).status).toMatchObject({ source: null, history: [expect.anything(), expect.anything()] });
  });

  it("answers NOT_FOUND for another's status and changes nothing", async () => {
    const status = await rig.post(author.token, 'not theirs');
    const answer = (await gqlData(EDIT, { input: { statusId: status.id, status: 'taken' } }, other.token)).editStatus;
    expect(answer.status).toBeNull();
    expect(answer.errors).toEqual([expect.objectContaining({ code: 'NOT_FOUND' })]);
    expect((await gqlData(READ, { id: status.id }, author.token)).status).toMatchObject({ editedAt: null, history: [expect.objectContaining({ content: '<p>not theirs</p>' })] });
  });
});
