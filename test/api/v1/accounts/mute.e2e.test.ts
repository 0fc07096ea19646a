// POST /api/v1/accounts/:id/mute and /unmute, GET /api/v1/mutes, and what a mute does; the GraphQL mutations.
// docs/api/safety.md#mutes (follow, write or write:mutes; read:mutes); Mastodon's MuteService and FeedManager.
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { gqlData } from '../../../support/graphql';
import { api, rig } from '../../../support/server';

const ids = (body: unknown) => (body as Array<{ id: string }>).map((item) => item.id);
const fromAccounts = (body: unknown) => (body as Array<{ account: { id: string } }>).map((item) => item.account.id);
const post = async (user: TestUser, status: string) => ((await api.postJson('/api/v1/statuses', { status }, { token: user.token })).body as { id: string }).id;

describe('muting an account', () => {
  let muter: TestUser;
  let muted: TestUser;
  let booster: TestUser;
  let mutedPost: string;
  let boost: string;
  let list: string;

  beforeAll(async () => {
    [muter, muted, booster] = await Promise.all([rig.newUser('muter'), rig.newUser('muted'), rig.newUser('booster')]);
    await api.post(`/api/v1/accounts/${muted.account.id}/follow`, { token: muter.token });
    await api.post(`/api/v1/accounts/${booster.account.id}/follow`, { token: muter.token });
    mutedPost = await post(muted, 'from the muted account #mutedtag');
    list = ((await api.postJson('/api/v1/lists', { title: 'watched' }, { token: muter.token })).body as { id: string }).id;
    await api.postJson(`/api/v1/lists/${list}/accounts`, { account_ids: [muted.account.id] }, { token: muter.token });
    boost = ((await api.post(`/api/v1/statuses/${mutedPost}/reblog`, { token: booster.token })).body as { id: string }).id;
    const muterPost = await post(muter, 'from the muter');
    await api.post(`/api/v1/statuses/${muterPost}/favourite`, { token: muted.token });
  });

  it('answers the Relationship with muting and muting_notifications (default true)', async () => {
    const response = await api.post(`/api/v1/accounts/${muted.account.id}/mute`, { token: muter.token });

    expectJson(response, 200);
    expect(response.body).toMatchObject({ id: muted.account.id, muting: true, muting_notifications: true, muting_expires_at: null, following: true });
    const listed = await api.get('/api/v1/mutes', { token: muter.token });
    expect(ids(listed.body)).toEqual([muted.account.id]);
    expect(listed.body).toEqual([expect.objectContaining({ mute_expires_at: null })]);
  });

  it('leaves its statuses and boosts of them out of home and public timelines, and its notifications out', async () => {
    const home = ids((await api.get('/api/v1/timelines/home', { token: muter.token })).body);
    expect(home).not.toContain(mutedPost);
    expect(home).not.toContain(boost);
    expect(ids((await api.get('/api/v1/timelines/public', { token: muter.token })).body)).not.toContain(mutedPost);
    expect(ids((await api.get('/api/v1/timelines/tag/mutedtag', { token: muter.token })).body)).not.toContain(mutedPost);
    expect(ids((await api.get(`/api/v1/timelines/list/${list}`, { token: muter.token })).body)).not.toContain(mutedPost);
    expect(ids((await api.get('/api/v1/timelines/tag/mutedtag')).body)).toContain(mutedPost);
    expect(fromAccounts((await api.get('/api/v1/notifications', { token: muter.token })).body)).not.toContain(muted.account.id);
  });

  it('keeps its profile and the status itself readable', async () => {
    expect(ids((await api.get(`/api/v1/accounts/${muted.account.id}/statuses`, { token: muter.token })).body)).toContain(mutedPost);
    expectJson(await api.get(`/api/v1/statuses/${mutedPost}`, { token: muter.token }), 200);
  });

  it('with notifications=false hides the statuses but keeps the notifications', async () => {
    const response = await api.postJson(`/api/v1/accounts/${muted.account.id}/mute`, { notifications: false }, { token: muter.token });

    expect(response.body).toMatchObject({ muting: true, muting_notifications: false });
    expect(fromAccounts((await api.get('/api/v1/notifications', { token: muter.token })).body)).toContain(muted.account.id);
    expect(ids((await api.get('/api/v1/timelines/home', { token: muter.token })).body)).not.toContain(mutedPost);
  });

  it('unmute brings everything back', async () => {
    const response = await api.post(`/api/v1/accounts/${muted.account.id}/unmute`, { token: muter.token });

    expect(response.body).toMatchObject({ muting: false, muting_notifications: false });
    expect(ids((await api.get('/api/v1/timelines/home', { token: muter.token })).body)).toEqual(expect.arrayContaining([mutedPost, boost]));
    expect(ids((await api.get(`/api/v1/timelines/list/${list}`, { token: muter.token })).body)).toContain(mutedPost);
    expect((await api.get('/api/v1/mutes', { token: muter.token })).body).toEqual([]);
  });

  it('with a duration lapses on time', async () => {
    const before = Date.now();
    const response = await api.postJson(`/api/v1/accounts/${muted.account.id}/mute`, { duration: 2 }, { token: muter.token });
    expect(response.body).toMatchObject({ muting: true, muting_expires_at: expect.any(String) });
    const expiresAt = Date.parse((response.body as { muting_expires_at: string }).muting_expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 1_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 3_000);
    // The list says when each mute lapses, as the Relationship does.
    expect((await api.get('/api/v1/mutes', { token: muter.token })).body).toEqual([
      expect.objectContaining({ id: muted.account.id, mute_expires_at: (response.body as { muting_expires_at: string }).muting_expires_at }),
    ]);
    expect(ids((await api.get('/api/v1/timelines/home', { token: muter.token })).body)).not.toContain(mutedPost);

    await new Promise((resolve) => setTimeout(resolve, 2_500));

    const after = await api.get('/api/v1/accounts/relationships', { token: muter.token, query: { id: [muted.account.id] } });
    expect(after.body).toEqual([expect.objectContaining({ muting: false, muting_notifications: false })]);
    expect(ids((await api.get('/api/v1/timelines/home', { token: muter.token })).body)).toContain(mutedPost);
    expect((await api.get('/api/v1/mutes', { token: muter.token })).body).toEqual([]);
  });

  it('answers 422 for a negative duration and 404 for an unknown account', async () => {
    expect((await api.postJson(`/api/v1/accounts/${muted.account.id}/mute`, { duration: -5 }, { token: muter.token })).status).toBe(422);
    expect((await api.post('/api/v1/accounts/999999999999/mute', { token: muter.token })).status).toBe(404);
  });
});

describe('GraphQL muteAccount and blockAccount', () => {
  it('answer the relationship in the payload, and NOT_FOUND for an unknown account in errors', async () => {
    const [me, other] = await Promise.all([rig.newUser('gqlmuter'), rig.newUser('gqlother')]);
    const MUTE = 'mutation($input: MuteAccountInput!) { muteAccount(input: $input) { relationship { id muting mutingNotifications mutingExpiresAt } errors { code field } } }';

    const done = await gqlData(MUTE, { input: { accountId: other.account.id, notifications: false, duration: 3600 } }, me.token);
    expect(done.muteAccount).toEqual({ relationship: { id: other.account.id, muting: true, mutingNotifications: false, mutingExpiresAt: expect.any(String) }, errors: [] });

    const missing = await gqlData(MUTE, { input: { accountId: '999999999999' } }, me.token);
    expect(missing.muteAccount).toEqual({ relationship: null, errors: [{ code: 'NOT_FOUND', field: null }] });

    const BLOCK = 'mutation($input: BlockAccountInput!) { blockAccount(input: $input) { relationship { blocking } errors { code } } }';
    expect((await gqlData(BLOCK, { input: { accountId: other.account.id } }, me.token)).blockAccount).toEqual({ relationship: { blocking: true }, errors: [] });
    const listed = await gqlData('{ me { blocks(first: 5) { edges { node { id } } } mutes(first: 5) { edges { node { id } } } } }', {}, me.token);
    expect(listed.me).toEqual({ blocks: { edges: [{ node: { id: other.account.id } }] }, mutes: { edges: [{ node: { id: other.account.id } }] } });
  });
});
