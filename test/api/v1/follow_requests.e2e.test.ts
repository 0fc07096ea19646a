// Locked accounts and follow requests: POST /api/v1/accounts/:id/follow asks a locked account, GET /api/v1/follow_requests,
// POST /api/v1/follow_requests/:account_id/authorize and /reject, and what each does to followers-only statuses,
// notifications and relationships; unlocking accepts what is pending. The same through GraphQL (me.followRequests,
// authorizeFollowRequest, rejectFollowRequest). docs/api/follow-requests.md; Mastodon's FollowRequestsController,
// FollowService, AuthorizeFollowService, RejectFollowService.
import { eventually, type JsonObject, type TestUser } from '@social/testkit';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, expectError, expectJson } from '../../support/expectations';
import { gql, gqlData } from '../../support/graphql';
import { api, baseUrl, rig } from '../../support/server';

const ids = (body: unknown) => (body as Array<{ id: string }>).map((item) => item.id);

const setLocked = (user: TestUser, locked: boolean) =>
  api.send<JsonObject>('PATCH', '/api/v1/accounts/update_credentials', { token: user.token, contentType: 'application/json', body: JSON.stringify({ locked }) });

async function relationship(viewer: TestUser, other: TestUser): Promise<JsonObject> {
  const response = await api.get<JsonObject[]>('/api/v1/accounts/relationships', { token: viewer.token, query: { id: [other.account.id] } });
  expectJson(response, 200);
  return response.body[0];
}

async function post(user: TestUser, status: string, visibility: string): Promise<string> {
  const response = await api.postJson<{ id: string }>('/api/v1/statuses', { status, visibility }, { token: user.token });
  expectJson(response, 200);
  return response.body.id;
}

async function notifications(user: TestUser): Promise<Array<{ type: string; account: { id: string } }>> {
  return (await api.get<Array<{ type: string; account: { id: string } }>>('/api/v1/notifications', { token: user.token })).body;
}

/** What the viewer sees of the locked account's followers-only status: by id, in the account's statuses, in home, in a thread. */
async function sees(viewer: TestUser, owner: TestUser, statusId: string, replyId: string) {
  const [byId, account, home, context] = await Promise.all([
    api.get(`/api/v1/statuses/${statusId}`, { token: viewer.token }),
    api.get(`/api/v1/accounts/${owner.account.id}/statuses`, { token: viewer.token }),
    api.get('/api/v1/timelines/home', { token: viewer.token }),
    api.get<{ ancestors: Array<{ id: string }> }>(`/api/v1/statuses/${replyId}/context`, { token: viewer.token }),
  ]);
  return {
    byId: byId.status,
    account: ids(account.body).includes(statusId),
    home: ids(home.body).includes(statusId),
    context: ids(context.body.ancestors).includes(statusId),
  };
}

describe('following a locked account', () => {
  let owner: TestUser;
  let accepted: TestUser;
  let rejected: TestUser;
  let privateId: string;
  let publicReply: string;

  beforeAll(async () => {
    [owner, accepted, rejected] = await Promise.all([rig.newUser('lockedowner'), rig.newUser('accepted'), rig.newUser('rejected')]);
    expectJson(await setLocked(owner, true), 200);
    privateId = await post(owner, 'for followers only', 'private');
    const reply = await api.postJson<{ id: string }>('/api/v1/statuses', { status: 'a public reply', in_reply_to_id: privateId }, { token: owner.token });
    publicReply = reply.body.id;
  });

  it('asks instead of following: requested for the follower, requested_by for the owner, a follow_request notification', async () => {
    const response = await api.postJson(`/api/v1/accounts/${owner.account.id}/follow`, { reblogs: false, notify: true }, { token: accepted.token });

    expectJson(response, 200);
    expect(response.body).toMatchObject({ id: owner.account.id, following: false, requested: true, showing_reblogs: false, notifying: true });
    await api.post(`/api/v1/accounts/${owner.account.id}/follow`, { token: rejected.token });
    expect(await relationship(owner, accepted)).toMatchObject({ requested_by: true, followed_by: false });
    const owners = await notifications(owner);
    expect(owners.filter((n) => n.type === 'follow_request').map((n) => n.account.id).sort()).toEqual([accepted.account.id, rejected.account.id].sort());
    expect(owners.filter((n) => n.type === 'follow')).toEqual([]);
    const counts = await api.get<{ followers_count: number }>(`/api/v1/accounts/${owner.account.id}`, { token: owner.token });
    expect(counts.body.followers_count).toBe(0);
    // The owner's CredentialAccount counts what is pending.
    const credentials = await api.get<{ source: { follow_requests_count: number } }>('/api/v1/accounts/verify_credentials', { token: owner.token });
    expect(credentials.body.source.follow_requests_count).toBe(2);
  });

  it('shows no followers-only status to a requester', async () => {
    expect(await sees(accepted, owner, privateId, publicReply)).toEqual({ byId: 404, account: false, home: false, context: false });
  });

  it('lists the requests newest first, paged by request with Link headers', async () => {
    const all = await api.get('/api/v1/follow_requests', { token: owner.token });
    expectJson(all, 200);
    expect(ids(all.body)).toEqual([rejected.account.id, accepted.account.id]);

    const first = await api.get('/api/v1/follow_requests?limit=1', { token: owner.token });
    expect(ids(first.body)).toEqual([rejected.account.id]);
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link ?? '')?.[1];
    expect(next).toMatch(new RegExp(`^${baseUrl}/api/v1/follow_requests\\?limit=1&max_id=\\d+$`));
    expect(ids((await api.get(new URL(next!).pathname + new URL(next!).search, { token: owner.token })).body)).toEqual([accepted.account.id]);
    // Nobody asked the requester.
    expect((await api.get('/api/v1/follow_requests', { token: accepted.token })).body).toEqual([]);
  });

  it('authorize starts the follow with the options asked: private statuses show, a follow notification replaces the request', async () => {
    const response = await api.post(`/api/v1/follow_requests/${accepted.account.id}/authorize`, { token: owner.token });

    expectJson(response, 200);
    expect(response.body).toMatchObject({ id: accepted.account.id, followed_by: true, requested_by: false });
    expect(await relationship(accepted, owner)).toMatchObject({ following: true, requested: false, showing_reblogs: false, notifying: true });
    expect(await sees(accepted, owner, privateId, publicReply)).toEqual({ byId: 200, account: true, home: true, context: true });
    const owners = await notifications(owner);
    expect(owners.filter((n) => n.account.id === accepted.account.id).map((n) => n.type)).toEqual(['follow']);
    expect(ids((await api.get('/api/v1/follow_requests', { token: owner.token })).body)).toEqual([rejected.account.id]);
    expect((await api.get<{ followers_count: number }>(`/api/v1/accounts/${owner.account.id}`, { token: owner.token })).body.followers_count).toBe(1);
  });

  it('reject drops the request: still no private statuses, nothing pending', async () => {
    const response = await api.post(`/api/v1/follow_requests/${rejected.account.id}/reject`, { token: owner.token });

    expectJson(response, 200);
    expect(response.body).toMatchObject({ id: rejected.account.id, followed_by: false, requested_by: false });
    expect(await relationship(rejected, owner)).toMatchObject({ following: false, requested: false });
    expect(await sees(rejected, owner, privateId, publicReply)).toEqual({ byId: 404, account: false, home: false, context: false });
    expect((await api.get('/api/v1/follow_requests', { token: owner.token })).body).toEqual([]);
    expect((await notifications(owner)).filter((n) => n.type === 'follow_request')).toEqual([]);
  });

  it('answers 404 to authorizing or rejecting an account that did not ask, or an unknown one', async () => {
    expectError(await api.post(`/api/v1/follow_requests/${rejected.account.id}/authorize`, { token: owner.token }), 404, RECORD_NOT_FOUND);
    expectError(await api.post(`/api/v1/follow_requests/${rejected.account.id}/reject`, { token: owner.token }), 404, RECORD_NOT_FOUND);
    expectError(await api.post('/api/v1/follow_requests/999999999999/authorize', { token: owner.token }), 404, RECORD_NOT_FOUND);
    // The requester cannot answer its own request.
    await api.post(`/api/v1/accounts/${owner.account.id}/follow`, { token: rejected.token });
    expectError(await api.post(`/api/v1/follow_requests/${owner.account.id}/authorize`, { token: rejected.token }), 404, RECORD_NOT_FOUND);
    // Nor can anyone else but the account asked.
    expectError(await api.post(`/api/v1/follow_requests/${rejected.account.id}/authorize`, { token: accepted.token }), 404, RECORD_NOT_FOUND);
    expectError(await api.post(`/api/v1/follow_requests/${rejected.account.id}/reject`, { token: accepted.token }), 404, RECORD_NOT_FOUND);
    expect(ids((await api.get('/api/v1/follow_requests', { token: owner.token })).body)).toEqual([rejected.account.id]);
    await api.post(`/api/v1/accounts/${owner.account.id}/unfollow`, { token: rejected.token });
  });

  it('unfollow withdraws a pending request, with its notification', async () => {
    const withdrawer = await rig.newUser('withdrawer');
    await api.post(`/api/v1/accounts/${owner.account.id}/follow`, { token: withdrawer.token });
    expect(ids((await api.get('/api/v1/follow_requests', { token: owner.token })).body)).toEqual([withdrawer.account.id]);

    const response = await api.post(`/api/v1/accounts/${owner.account.id}/unfollow`, { token: withdrawer.token });

    expect(response.body).toMatchObject({ following: false, requested: false });
    expect((await api.get('/api/v1/follow_requests', { token: owner.token })).body).toEqual([]);
    expect((await notifications(owner)).map((n) => n.account.id)).not.toContain(withdrawer.account.id);
  });

  it('a block removes requests both ways', async () => {
    const [asker, lockedToo] = await Promise.all([rig.newUser('asker'), rig.newUser('lockedtoo')]);
    expectJson(await setLocked(lockedToo, true), 200);
    await api.post(`/api/v1/accounts/${owner.account.id}/follow`, { token: asker.token });
    await api.post(`/api/v1/accounts/${lockedToo.account.id}/follow`, { token: owner.token });
    expect(await relationship(owner, lockedToo)).toMatchObject({ requested: true });

    await api.post(`/api/v1/accounts/${asker.account.id}/block`, { token: owner.token });
    await api.post(`/api/v1/accounts/${owner.account.id}/block`, { token: lockedToo.token });

    expect((await api.get('/api/v1/follow_requests', { token: owner.token })).body).toEqual([]);
    expect((await api.get('/api/v1/follow_requests', { token: lockedToo.token })).body).toEqual([]);
    expect(await relationship(asker, owner)).toMatchObject({ requested: false, blocked_by: true });
  });

  it('needs read:follows to list and write:follows to answer (or follow, read/write)', async () => {
    const readOnly = await rig.passwordToken(await rig.registerApp('read:accounts write:blocks'), owner.email, owner.password, 'read:accounts write:blocks');
    expectError(await api.get('/api/v1/follow_requests', { token: readOnly }), 403, OUTSIDE_SCOPES);
    expectError(await api.post(`/api/v1/follow_requests/${accepted.account.id}/authorize`, { token: readOnly }), 403, OUTSIDE_SCOPES);
  });
});

describe('unlocking an account', () => {
  it('accepts the requests pending: the requesters follow it', async () => {
    const [owner, first, second] = await Promise.all([rig.newUser('unlocking'), rig.newUser('firstasker'), rig.newUser('secondasker')]);
    expectJson(await setLocked(owner, true), 200);
    for (const asker of [first, second]) await api.post(`/api/v1/accounts/${owner.account.id}/follow`, { token: asker.token });

    expectJson(await setLocked(owner, false), 200);

    // A job accepts them once the profile is saved.
    await eventually(async () => (await api.get<unknown[]>('/api/v1/follow_requests', { token: owner.token })).body.length === 0, { what: 'the pending requests accepted' });
    expect(await relationship(first, owner)).toMatchObject({ following: true, requested: false });
    expect(await relationship(second, owner)).toMatchObject({ following: true, requested: false });
    expect((await notifications(owner)).map((n) => n.type)).toEqual(['follow', 'follow']);
  });
});

describe('follow requests through GraphQL', () => {
  it('lists them as me.followRequests and answers them with authorizeFollowRequest and rejectFollowRequest', async () => {
    const [owner, yes, no] = await Promise.all([rig.newUser('gqlowner'), rig.newUser('gqlyes'), rig.newUser('gqlno')]);
    expectJson(await setLocked(owner, true), 200);
    await api.post(`/api/v1/accounts/${owner.account.id}/follow`, { token: yes.token });
    await api.post(`/api/v1/accounts/${owner.account.id}/follow`, { token: no.token });

    const listed = await gqlData<{ me: { followRequests: { edges: Array<{ node: { id: string } }>; pageInfo: { hasNextPage: boolean } } } }>(
      'query { me { followRequests(first: 1) { edges { node { id } } pageInfo { hasNextPage } } } }',
      {},
      owner.token,
    );
    expect(listed.me.followRequests).toEqual({ edges: [{ node: { id: no.account.id } }], pageInfo: { hasNextPage: true } });

    const authorized = await gqlData<{ authorizeFollowRequest: { relationship: { followedBy: boolean }; errors: unknown[] } }>(
      'mutation ($input: AuthorizeFollowRequestInput!) { authorizeFollowRequest(input: $input) { relationship { followedBy } errors { message } } }',
      { input: { accountId: yes.account.id } },
      owner.token,
    );
    expect(authorized.authorizeFollowRequest).toEqual({ relationship: { followedBy: true }, errors: [] });
    const rejected = await gqlData<{ rejectFollowRequest: { relationship: { requestedBy: boolean }; errors: unknown[] } }>(
      'mutation ($input: RejectFollowRequestInput!) { rejectFollowRequest(input: $input) { relationship { requestedBy } errors { message } } }',
      { input: { accountId: no.account.id } },
      owner.token,
    );
    expect(rejected.rejectFollowRequest).toEqual({ relationship: { requestedBy: false }, errors: [] });
    const again = await gql<{ rejectFollowRequest: { relationship: null; errors: Array<{ message: string }> } }>(
      'mutation ($input: RejectFollowRequestInput!) { rejectFollowRequest(input: $input) { relationship { id } errors { message } } }',
      { input: { accountId: no.account.id } },
      owner.token,
    );
    expect(again.data?.rejectFollowRequest).toEqual({ relationship: null, errors: [{ message: RECORD_NOT_FOUND }] });
  });
});
