// What a direct status stores for each participant (Mastodon's AccountConversation rows): written with
// the status, moved back or removed with its deletion. Read from the database, which the API does not
// show whole (the statuses a row keeps); the embedded target has no database to read, so it skips.
// docs/api/timelines.md#conversations.
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { act } from '../../../support/interactions';
import { api, rig } from '../../../support/server';
import { connectDatabase, describeWithDatabase } from '../../../support/database';

interface StoredRow {
  account_id: string;
  participant_account_ids: string[];
  status_ids: string[];
  last_status_id: string;
  unread: boolean;
}

const byId = (a: string, b: string) => (BigInt(a) === BigInt(b) ? 0 : BigInt(a) < BigInt(b) ? -1 : 1);

describeWithDatabase('the conversation rows of direct statuses', () => {
  const sql = connectDatabase();
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([rig.newUser('rowsalice'), rig.newUser('rowsbob'), rig.newUser('rowscarol')]);
  });

  /** The thread (conversation) of a status. */
  async function threadOf(statusId: string): Promise<string> {
    const { rows } = await sql.query<{ id: string }>('SELECT conversation_id::text AS id FROM statuses WHERE id = $1', [statusId]);
    return rows[0]?.id as string;
  }

  /** Every row of the thread of `statusId`, sorted by account and participants. */
  async function rowsOfThread(statusId: string, thread?: string): Promise<StoredRow[]> {
    const { rows } = await sql.query<StoredRow>(
      `SELECT account_id::text, participant_account_ids::text[], status_ids::text[], last_status_id::text, unread
         FROM account_conversations
        WHERE conversation_id = $1`,
      [thread ?? (await threadOf(statusId))],
    );
    return sorted(rows);
  }

  const dm = (author: TestUser, text: string, fields: Record<string, string> = {}) => rig.post(author.token, { status: text, visibility: 'direct', ...fields });
  const others = (...users: TestUser[]) => users.map((user) => user.account.id).sort(byId);
  const row = (owner: TestUser, participants: TestUser[], statusIds: string[], unread: boolean): StoredRow => ({
    account_id: owner.account.id,
    participant_account_ids: others(...participants),
    status_ids: statusIds,
    last_status_id: [...statusIds].sort(byId).at(-1) as string,
    unread,
  });
  /** Rows in one order on both sides: by account, then by participants. */
  const sorted = (rows: StoredRow[]) => [...rows].sort((a, b) => byId(a.account_id, b.account_id) || a.participant_account_ids.join().localeCompare(b.participant_account_ids.join()));

  it('gives each participant a row with the others, read for the author and unread for the recipients', async () => {
    const first = await dm(alice, `@${bob.username} @${carol.username} lunch?`);

    expect(await rowsOfThread(first.id)).toEqual(
      sorted([row(alice, [bob, carol], [first.id], false), row(bob, [alice, carol], [first.id], true), row(carol, [alice, bob], [first.id], true)]),
    );
  });

  it('adds a reply to the same rows: unread for everyone but its author, who has read the thread by answering', async () => {
    const first = await dm(alice, `@${bob.username} @${carol.username} coffee?`);
    const reply = await dm(bob, `@${alice.username} @${carol.username} yes`, { in_reply_to_id: first.id });

    expect(await rowsOfThread(first.id)).toEqual(
      sorted([row(alice, [bob, carol], [first.id, reply.id], true), row(bob, [alice, carol], [first.id, reply.id], false), row(carol, [alice, bob], [first.id, reply.id], true)]),
    );
  });

  it('keeps another set of participants in the same thread in rows of its own', async () => {
    const first = await dm(alice, `@${bob.username} @${carol.username} tea?`);
    const aside = await dm(bob, `@${alice.username} only you`, { in_reply_to_id: first.id });

    expect(await rowsOfThread(first.id)).toEqual(
      sorted([
        row(alice, [bob], [aside.id], true),
        row(alice, [bob, carol], [first.id], false),
        row(bob, [alice], [aside.id], false),
        row(bob, [alice, carol], [first.id], true),
        row(carol, [alice, bob], [first.id], true),
      ]),
    );
  });

  it('falls back to the previous status when the newest is deleted, and removes the rows with the last one', async () => {
    const first = await dm(alice, `@${bob.username} dinner?`);
    const reply = await dm(bob, `@${alice.username} sure`, { in_reply_to_id: first.id });

    expectJson(await api.delete(`/api/v1/statuses/${reply.id}`, { token: bob.token }), 200);
    expect(await rowsOfThread(first.id)).toEqual(sorted([row(alice, [bob], [first.id], true), row(bob, [alice], [first.id], false)]));

    const thread = await threadOf(first.id);
    expectJson(await api.delete(`/api/v1/statuses/${first.id}`, { token: alice.token }), 200);
    expect(await rowsOfThread(first.id, thread)).toEqual([]);
  });

  it('keeps the newest status when an older one is deleted', async () => {
    const first = await dm(alice, `@${bob.username} movie?`);
    const reply = await dm(bob, `@${alice.username} which?`, { in_reply_to_id: first.id });

    expectJson(await api.delete(`/api/v1/statuses/${first.id}`, { token: alice.token }), 200);

    expect(await rowsOfThread(reply.id)).toEqual(sorted([row(alice, [bob], [reply.id], true), row(bob, [alice], [reply.id], false)]));
  });

  it('gives a note to oneself one row with no other participant', async () => {
    const note = await dm(carol, 'remember the milk');

    expect(await rowsOfThread(note.id)).toEqual([row(carol, [], [note.id], false)]);
  });

  it('writes nothing for statuses that are not direct', async () => {
    const statuses = await Promise.all(['public', 'unlisted', 'private'].map((visibility) => rig.post(alice.token, { status: `@${bob.username} ${visibility}`, visibility })));

    for (const status of statuses) expect(await rowsOfThread(status.id)).toEqual([]);
  });

  it('leaves the row of a recipient who muted the thread alone', async () => {
    const first = await dm(alice, `@${bob.username} walk?`);
    await act(bob, first.id, 'mute');
    const second = await dm(alice, `@${bob.username} walk now?`, { in_reply_to_id: first.id });

    expect(await rowsOfThread(first.id)).toEqual(sorted([row(alice, [bob], [first.id, second.id], false), row(bob, [alice], [first.id], true)]));
  });
});
