// POST /api/v1/accounts/:id/block and /unblock, GET /api/v1/blocks, and what a block does.
// docs/api/safety.md#blocks (follow, write or write:blocks; read:blocks); Mastodon's BlockService and StatusPolicy.
import type { TestUser } from '@social/testkit';
import { conversationWith, directMessage, listConversations } from '../../../support/conversations';
import { OUTSIDE_SCOPES, expectError, expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';

const ids = (body: unknown) => (body as Array<{ id: string }>).map((item) => item.id);

describe('blocking an account', () => {
  let blocker: TestUser;
  let blocked: TestUser;
  let blockedPost: string;
  let blockerPost: string;
  /** The blocker's conversations: with the blocked account, with it and a third, with the third alone; and the blocked's own. */
  const conversations = { withBlocked: '', group: '', withThird: '', blockedOwn: '' };

  beforeAll(async () => {
    let third: TestUser;
    [blocker, blocked, third] = await Promise.all([rig.newUser('blocker'), rig.newUser('blocked'), rig.newUser('blockthird')]);
    const dm = await directMessage(blocker, [blocked], 'a private word');
    const group = await directMessage(blocker, [blocked, third], 'to both');
    const aside = await directMessage(blocker, [third], 'just us');
    conversations.withBlocked = (await conversationWith(blocker, dm.id)).id;
    conversations.group = (await conversationWith(blocker, group.id)).id;
    conversations.withThird = (await conversationWith(blocker, aside.id)).id;
    conversations.blockedOwn = (await conversationWith(blocked, dm.id)).id;
    await api.post(`/api/v1/accounts/${blocked.account.id}/follow`, { token: blocker.token });
    await api.post(`/api/v1/accounts/${blocker.account.id}/follow`, { token: blocked.token });
    blockerPost = ((await api.postJson('/api/v1/statuses', { status: 'from the blocker' }, { token: blocker.token })).body as { id: string }).id;
    blockedPost = ((await api.postJson('/api/v1/statuses', { status: 'from the blocked' }, { token: blocked.token })).body as { id: string }).id;
    await api.post(`/api/v1/statuses/${blockerPost}/favourite`, { token: blocked.token });
    await api.postJson('/api/v1/statuses', { status: 'a reply', in_reply_to_id: blockerPost }, { token: blocked.token });
  });

  it('answers the Relationship with blocking, the follows both ways gone', async () => {
    // Before the block, the blocked account's follow and favourite notified the blocker.
    expect(((await api.get('/api/v1/notifications/unread_count', { token: blocker.token })).body as { count: number }).count).toBe(2);
    const response = await api.post(`/api/v1/accounts/${blocked.account.id}/block`, { token: blocker.token });

    expectJson(response, 200);
    expect(response.body).toMatchObject({ id: blocked.account.id, blocking: true, blocked_by: false, following: false, followed_by: false });
    const theirs = await api.get('/api/v1/accounts/relationships', { token: blocked.token, query: { id: [blocker.account.id] } });
    expect(theirs.body).toEqual([expect.objectContaining({ blocked_by: true, blocking: false, following: false })]);
  });

  it("removes the blocker's conversations that have the blocked account in them, and only those", async () => {
    // Mastodon's AfterBlockService: the blocker's rows go; the blocked account's own list is not the blocker's to clear.
    const listed = (await listConversations(blocker, '?limit=40')).body.map((conversation) => conversation.id);
    expect(listed).not.toContain(conversations.withBlocked);
    expect(listed).not.toContain(conversations.group);
    expect(listed).toContain(conversations.withThird);
    expectError(await api.post(`/api/v1/conversations/${conversations.withBlocked}/read`, { token: blocker.token }), 404, 'Record not found');
    expect((await listConversations(blocked, '?limit=40')).body.map((conversation) => conversation.id)).toContain(conversations.blockedOwn);
  });

  it('is idempotent and listed in GET /api/v1/blocks', async () => {
    expectJson(await api.post(`/api/v1/accounts/${blocked.account.id}/block`, { token: blocker.token }), 200);
    const list = await api.get('/api/v1/blocks', { token: blocker.token });

    expectJson(list, 200);
    expect(ids(list.body)).toEqual([blocked.account.id]);
  });

  it('refuses a follow either way with 403', async () => {
    expectError(await api.post(`/api/v1/accounts/${blocker.account.id}/follow`, { token: blocked.token }), 403, 'This action is not allowed');
    expectError(await api.post(`/api/v1/accounts/${blocked.account.id}/follow`, { token: blocker.token }), 403, 'This action is not allowed');
  });

  it("hides the blocker's statuses from the blocked account: 404 by id, favourite, boost and reply", async () => {
    expectError(await api.get(`/api/v1/statuses/${blockerPost}`, { token: blocked.token }), 404, 'Record not found');
    expectError(await api.post(`/api/v1/statuses/${blockerPost}/favourite`, { token: blocked.token }), 404, 'Record not found');
    expectError(await api.post(`/api/v1/statuses/${blockerPost}/reblog`, { token: blocked.token }), 404, 'Record not found');
    expect((await api.postJson('/api/v1/statuses', { status: 'again', in_reply_to_id: blockerPost }, { token: blocked.token })).status).toBe(404);
    expect((await api.get(`/api/v1/accounts/${blocker.account.id}/statuses`, { token: blocked.token })).body).toEqual([]);
    expect(ids((await api.get('/api/v1/timelines/public', { token: blocked.token })).body)).not.toContain(blockerPost);
  });

  it("leaves the blocked account's statuses out of the blocker's home, public timeline, context and notifications", async () => {
    const home = await api.get('/api/v1/timelines/home', { token: blocker.token });
    expect(ids(home.body)).not.toContain(blockedPost);
    const publicTimeline = await api.get('/api/v1/timelines/public', { token: blocker.token });
    expect(ids(publicTimeline.body)).not.toContain(blockedPost);
    const anonymous = await api.get('/api/v1/timelines/public');
    expect(ids(anonymous.body)).toContain(blockedPost);
    const context = await api.get(`/api/v1/statuses/${blockerPost}/context`, { token: blocker.token });
    expect((context.body as { descendants: unknown[] }).descendants).toEqual([]);
    const notifications = await api.get<Array<{ account: { id: string } }>>('/api/v1/notifications', { token: blocker.token });
    expect(notifications.body.map((n) => n.account.id)).not.toContain(blocked.account.id);
    expect((await api.get('/api/v1/notifications/unread_count', { token: blocker.token })).body).toEqual({ count: 0 });
  });

  it('unblock answers the Relationship without blocking and brings the statuses back', async () => {
    const response = await api.post(`/api/v1/accounts/${blocked.account.id}/unblock`, { token: blocker.token });

    expectJson(response, 200);
    expect(response.body).toMatchObject({ blocking: false, following: false });
    expectJson(await api.get(`/api/v1/statuses/${blockerPost}`, { token: blocked.token }), 200);
    expect(ids((await api.get('/api/v1/timelines/public', { token: blocker.token })).body)).toContain(blockedPost);
  });

  it('blocking oneself changes nothing; an unknown account is 404', async () => {
    const self = await api.post(`/api/v1/accounts/${blocker.account.id}/block`, { token: blocker.token });
    expectJson(self, 200);
    expect(self.body).toMatchObject({ id: blocker.account.id, blocking: false });
    expectError(await api.post('/api/v1/accounts/999999999999/block', { token: blocker.token }), 404, 'Record not found');
  });

  it('needs write:blocks (or follow, write)', async () => {
    const token = await rig.passwordToken(await rig.registerApp('read write:mutes'), blocker.email, blocker.password, 'read write:mutes');
    expectError(await api.post(`/api/v1/accounts/${blocked.account.id}/block`, { token }), 403, OUTSIDE_SCOPES);
    expectError(await api.get('/api/v1/blocks', { token: await rig.passwordToken(await rig.registerApp('read:mutes'), blocker.email, blocker.password, 'read:mutes') }), 403, OUTSIDE_SCOPES);
  });
});

describe('who favourited and boosted a status, for a viewer who blocks or mutes some of them', () => {
  it('leaves out the accounts the viewer blocks, those blocking the viewer, and those the viewer mutes; others still see them', async () => {
    const [author, viewer, blockedFan, blockingFan, mutedFan, plainFan] = await Promise.all(
      ['byauthor', 'byviewer', 'byblocked', 'byblocking', 'bymuted', 'byplain'].map((name) => rig.newUser(name)),
    );
    const status = ((await api.postJson('/api/v1/statuses', { status: 'liked by many' }, { token: author.token })).body as { id: string }).id;
    for (const fan of [blockedFan, blockingFan, mutedFan, plainFan]) {
      expectJson(await api.post(`/api/v1/statuses/${status}/favourite`, { token: fan.token }), 200);
      expectJson(await api.post(`/api/v1/statuses/${status}/reblog`, { token: fan.token }), 200);
    }
    expectJson(await api.post(`/api/v1/accounts/${blockedFan.account.id}/block`, { token: viewer.token }), 200);
    expectJson(await api.post(`/api/v1/accounts/${viewer.account.id}/block`, { token: blockingFan.token }), 200);
    expectJson(await api.post(`/api/v1/accounts/${mutedFan.account.id}/mute`, { token: viewer.token }), 200);

    for (const path of [`/api/v1/statuses/${status}/favourited_by`, `/api/v1/statuses/${status}/reblogged_by`]) {
      const seen = await api.get(path, { token: viewer.token });
      expectJson(seen, 200);
      expect(ids(seen.body)).toEqual([plainFan.account.id]);
      const everyone = [plainFan, mutedFan, blockingFan, blockedFan].map((fan) => fan.account.id);
      expect(ids((await api.get(path, { token: author.token })).body)).toEqual(everyone);
      expect(ids((await api.get(path)).body)).toEqual(everyone);
    }
  });
});
