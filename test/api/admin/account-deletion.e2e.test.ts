// Deleting a suspended account's data (docs/api/moderation.md#deleting-an-account): DELETE
// /api/v1/admin/accounts/:id (delete_user_data: the Admin, not the Moderator; only a suspended account)
// answers {} and a background job deletes its statuses, follows, favourites and media, its login and
// tokens, keeping the username taken; an unsuspension is then refused. The 30-day deletion after a
// suspension is the same job, enqueued with the suspension: where the test reaches the database, its time
// is brought forward, and a suspension lifted before it makes it do nothing.
import { eventually, type JsonObject, type MastodonStatus, type TestUser } from '@social/testkit';
import { connectDatabase, describeWithDatabase } from '../../support/database';
import { expectError, expectJson } from '../../support/expectations';
import { follow } from '../../support/interactions';
import * as images from '../../support/images';
import { download, uploaded } from '../../support/media';
import { api, rig } from '../../support/server';
import { NOT_ALLOWED, adminAccountAction, moderate, staffToken } from '../../support/staff';

jest.setTimeout(90_000);

/** A user with an avatar and a header, a status (with media), a follower, a follow and a favourite of the reader's status. */
async function activeUser(prefix: string, reader: TestUser): Promise<{ user: TestUser; post: MastodonStatus; readersPost: MastodonStatus; profileImages: string[] }> {
  const user = await rig.newUser(prefix);
  const body = new FormData();
  for (const [name, file] of [['avatar', await images.png(400, 400)], ['header', await images.jpeg(1500, 500)]] as const) {
    body.append(name, new Blob([file.data], { type: file.contentType }), file.fileName);
  }
  const profile = await api.send<JsonObject>('PATCH', '/api/v1/accounts/update_credentials', { token: user.token, body });
  expectJson(profile, 200);
  const profileImages = [profile.body.avatar, profile.body.avatar_static, profile.body.header, profile.body.header_static] as string[];
  for (const url of profileImages) expect((await download(url)).status).toBe(200);
  const media = await uploaded(api, user.token, { file: await images.png() });
  const post = await rig.post(user.token, { status: 'to be deleted', media_ids: [media.id as string] });
  const readersPost = await rig.post(reader.token, 'favourited by the deleted one');
  await follow(user, reader);
  await follow(reader, user);
  await api.post(`/api/v1/statuses/${readersPost.id}/favourite`, { token: user.token });
  return { user, post, readersPost, profileImages };
}

/** Until the account's data is gone: its status and the reader's counters it fed. */
async function deleted(post: MastodonStatus, reader: TestUser, readersPost: MastodonStatus): Promise<void> {
  await eventually(async () => (await api.get(`/api/v1/statuses/${post.id}`, { token: reader.token })).status === 404, { timeoutMs: 30_000 });
  await eventually(async () => (await rig.verifyCredentials(reader.token)).followers_count === 0 && (await rig.verifyCredentials(reader.token)).following_count === 0, { timeoutMs: 30_000 });
  await eventually(async () => (await api.get<MastodonStatus>(`/api/v1/statuses/${readersPost.id}`, { token: reader.token })).body.favourites_count === 0, { timeoutMs: 30_000 });
}

describe('DELETE /api/v1/admin/accounts/:id', () => {
  let reader: TestUser;

  beforeAll(async () => {
    reader = await rig.newUser('dreader');
  });

  it('answers 403 for an account that is not suspended, and to a Moderator (no delete_user_data)', async () => {
    const user = await rig.newUser('notsuspended');
    expectError(await api.delete(`/api/v1/admin/accounts/${user.account.id}`, { token: await staffToken('Admin') }), 403, NOT_ALLOWED);
    await moderate(user.account.id, { type: 'suspend' });
    expectError(await api.delete(`/api/v1/admin/accounts/${user.account.id}`, { token: await staffToken('Moderator') }), 403, NOT_ALLOWED);
    expectError(await api.delete('/api/v1/admin/accounts/999999999999', { token: await staffToken('Admin') }), 404, 'Record not found');
  });

  it("deletes a suspended account's data in the background, keeps its username taken, and refuses to unsuspend it", async () => {
    const { user, post, readersPost, profileImages } = await activeUser('deleted', reader);
    expectJson(await moderate(user.account.id, { type: 'suspend' }), 200);

    const response = await api.delete(`/api/v1/admin/accounts/${user.account.id}`, { token: await staffToken('Admin') });

    expectJson(response, 200);
    expect(response.body).toEqual({});
    await deleted(post, reader, readersPost);
    const token = await staffToken('Moderator');
    await eventually(async () => (await api.get<JsonObject>(`/api/v1/admin/accounts/${user.account.id}`, { token })).body.email === null, { timeoutMs: 30_000 });
    expect((await api.get<JsonObject>(`/api/v1/admin/accounts/${user.account.id}`, { token })).body).toMatchObject({ suspended: true, email: null, account: { display_name: '' } });
    // Mastodon's purge_profile! destroys the avatar and header: their files are gone, not only unlinked.
    for (const url of profileImages) await eventually(async () => (await download(url)).status === 404, { timeoutMs: 15_000 });
    expectError(await adminAccountAction(user.account.id, 'unsuspend'), 403, NOT_ALLOWED);
    expectError(await api.delete(`/api/v1/admin/accounts/${user.account.id}`, { token: await staffToken('Admin') }), 403, NOT_ALLOWED);
    const signUp = await api.postForm<JsonObject>('/api/v1/accounts', { username: user.username, email: `again-${user.email}`, password: 'correct horse battery', agreement: 'true' }, { token: await rig.appToken(reader.app, 'write') });
    expect(signUp.body).toMatchObject({ error: expect.stringContaining('Username has already been taken') });
  });
});

describeWithDatabase('the deletion 30 days after a suspension', () => {
  const sql = connectDatabase();
  let reader: TestUser;

  beforeAll(async () => {
    reader = await rig.newUser('dreader');
  });

  /** The account's pending deletion job, run now (its time brought forward), as if 30 days had passed. */
  async function bringForward(accountId: string): Promise<number> {
    const { rowCount } = await sql.query(`UPDATE jobs SET run_at = now() WHERE queue = 'accounts.purge' AND payload->>'accountId' = $1`, [accountId]);
    return rowCount ?? 0;
  }

  it('is enqueued for 30 days after the suspension, and deletes the data then', async () => {
    const { user, post, readersPost } = await activeUser('expired', reader);
    expectJson(await moderate(user.account.id, { type: 'suspend' }), 200);
    const { rows } = await sql.query(`SELECT run_at FROM jobs WHERE queue = 'accounts.purge' AND payload->>'accountId' = $1`, [user.account.id]);
    expect(rows).toHaveLength(1);
    const days = (new Date(rows[0].run_at as string).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);

    expect(await bringForward(user.account.id)).toBe(1);

    await deleted(post, reader, readersPost);
    const { rows: users } = await sql.query('SELECT count(*)::int AS n FROM users WHERE account_id = $1', [user.account.id]);
    expect(users).toEqual([{ n: 0 }]);
    await eventually(async () => (await sql.query('SELECT count(*)::int AS n FROM media_attachments WHERE account_id = $1', [user.account.id])).rows[0].n === 0, { timeoutMs: 30_000 });
  });

  it('does nothing once the suspension was lifted', async () => {
    const { user, post } = await activeUser('forgiven', reader);
    expectJson(await moderate(user.account.id, { type: 'suspend' }), 200);
    expectJson(await adminAccountAction(user.account.id, 'unsuspend'), 200);

    expect(await bringForward(user.account.id)).toBe(1);

    await eventually(async () => (await sql.query(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'accounts.purge' AND payload->>'accountId' = $1`, [user.account.id])).rows[0].n === 0, { timeoutMs: 30_000 });
    expectJson(await api.get(`/api/v1/statuses/${post.id}`, { token: reader.token }), 200);
    expect((await sql.query('SELECT count(*)::int AS n FROM users WHERE account_id = $1', [user.account.id])).rows).toEqual([{ n: 1 }]);
  });
});
