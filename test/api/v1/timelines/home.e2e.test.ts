// GET /api/v1/timelines/home. docs/api/timelines.md#timelines; docs/api/client-compatibility.md#startup.
import type { ApiResponse, MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../../support/entities';
import { OUTSIDE_SCOPES, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { act, follow, ids, links, pathOf } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

async function home(token: string, query = ''): Promise<ApiResponse<MastodonStatus[]>> {
  const response = await api.get<MastodonStatus[]>(`/api/v1/timelines/home${query}`, { token });
  expectJson(response, 200);
  return response;
}

describe('GET /api/v1/timelines/home', () => {
  let viewer: TestUser;
  let followed: TestUser;
  let stranger: TestUser;
  const expected: MastodonStatus[] = [];
  const left: MastodonStatus[] = [];

  beforeAll(async () => {
    [viewer, followed, stranger] = await Promise.all([rig.newUser('homeviewer'), rig.newUser('homefollowed'), rig.newUser('homestranger')]);
    await follow(viewer, followed);
    const post = (user: TestUser, fields: Record<string, string>) => rig.post(user.token, fields);
    const strangers = await post(stranger, { status: 'a stranger speaks' });
    left.push(strangers);
    expected.push(await post(viewer, { status: 'my own post' }));
    expected.push(await post(viewer, { status: 'my own direct note', visibility: 'direct' }));
    expected.push(await post(followed, { status: 'followed, public' }));
    expected.push(await post(followed, { status: 'followed, unlisted', visibility: 'unlisted' }));
    expected.push(await post(followed, { status: 'followed, private', visibility: 'private' }));
    expected.push(await post(followed, { status: `@${viewer.username} followed, direct to me`, visibility: 'direct' }));
    left.push(await post(followed, { status: `@${stranger.username} followed, direct to someone else`, visibility: 'direct' }));
    left.push(await post(followed, { status: 'followed, replying to a stranger', in_reply_to_id: strangers.id }));
    expected.push(await post(followed, { status: 'followed, replying to me', in_reply_to_id: (expected[0] as MastodonStatus).id }));
    expected.push(await post(followed, { status: 'followed, replying to themself', in_reply_to_id: (expected[2] as MastodonStatus).id }));
    expected.push(await act(followed, strangers.id, 'reblog'));
  });

  describe("for a user following an account", () => {
    it("answers 200 with the user's statuses and the followed account's visible ones, boosts included, newest first", async () => {
      const response = await home(viewer.token, '?limit=40');

      expect(ids(response.body)).toEqual(ids([...expected].reverse()));
      for (const hidden of left) expect(ids(response.body)).not.toContain(hidden.id);
    });

    it('renders each item as a Status with the viewer flags', async () => {
      const response = await home(viewer.token, '?limit=40');
      const publicOne = expected[2] as MastodonStatus;
      const status = expectedStatus(baseUrl, {
        id: publicOne.id,
        author: followed.account,
        viewer: 'other',
        content: '<p>followed, public</p>',
        fields: { replies_count: 1 },
      });
      expect(response.body.find((s) => s.id === publicOne.id)).toEqual({
        ...status,
        account: { ...(status.account as object), followers_count: expect.any(Number) },
      });
    });

    it('shows a boost as the boost wrapping the original', async () => {
      const response = await home(viewer.token, '?limit=1');
      expect(response.body[0]).toMatchObject({ account: { id: followed.account.id }, reblog: { account: { id: stranger.account.id } } });
    });
  });

  describe('with limit=3', () => {
    it('pages back with next (max_id) and forward with prev (min_id), keeping limit', async () => {
      const first = await home(viewer.token, '?limit=3');
      expect(ids(first.body)).toEqual(ids([...expected].reverse().slice(0, 3)));
      expect(links(first)).toEqual({
        next: `${baseUrl}/api/v1/timelines/home?limit=3&max_id=${first.body[2]!.id}`,
        prev: `${baseUrl}/api/v1/timelines/home?limit=3&min_id=${first.body[0]!.id}`,
      });

      const second = await home(viewer.token, pathOf(links(first).next as string).replace('/api/v1/timelines/home', ''));
      expect(ids(second.body)).toEqual(ids([...expected].reverse().slice(3, 6)));

      const back = await home(viewer.token, pathOf(links(second).prev as string).replace('/api/v1/timelines/home', ''));
      expect(ids(back.body)).toEqual(ids(first.body));
    });
  });

  describe('with min_id of an older status', () => {
    it('answers the statuses right after it, newest first', async () => {
      const oldest = expected[0] as MastodonStatus;
      const response = await home(viewer.token, `?min_id=${oldest.id}&limit=2`);
      expect(ids(response.body)).toEqual([expected[2]!.id, expected[1]!.id]);
    });
  });

  describe('with since_id of an older status', () => {
    it('answers the newest statuses above it', async () => {
      const oldest = expected[0] as MastodonStatus;
      const response = await home(viewer.token, `?since_id=${oldest.id}&limit=2`);
      expect(ids(response.body)).toEqual(ids([...expected].reverse().slice(0, 2)));
    });
  });

  describe('with max_id past the oldest status', () => {
    it('answers 200 with [] and no Link header', async () => {
      const response = await home(viewer.token, `?max_id=${expected[0]!.id}&since_id=${expected[0]!.id}`);
      expect(response.body).toEqual([]);
      expect(response.headers.link).toBeUndefined();
    });
  });

  describe('for a follow that hides boosts (reblogs=false)', () => {
    it('leaves the followed account’s boosts out', async () => {
      const quiet = await rig.newUser('noboosts');
      expectJson(await api.postForm(`/api/v1/accounts/${followed.account.id}/follow`, { reblogs: 'false' }, { token: quiet.token }), 200);
      const response = await home(quiet.token, '?limit=40');
      expect(ids(response.body)).not.toContain(expected[expected.length - 1]!.id);
      expect(ids(response.body)).toContain(expected[2]!.id);
    });
  });

  describe('for a user who follows nobody and posted nothing', () => {
    it('answers 200 with []', async () => {
      const lonely = await rig.newUser('lonely');
      expect((await home(lonely.token)).body).toEqual([]);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/timelines/home'));
    });
  });

  describe('with a user token of scope write only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(viewer.app, viewer.email, viewer.password, 'write');
      expectError(await api.get('/api/v1/timelines/home', { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const token = await rig.appToken(viewer.app, 'read');
      expectError(await api.get('/api/v1/timelines/home', { token }), 422, USER_REQUIRED);
    });
  });
});
