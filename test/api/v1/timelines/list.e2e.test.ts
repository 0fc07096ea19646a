// GET /api/v1/timelines/list/:id. docs/api/timelines.md#timelines (Api::V1::Timelines::ListController,
// FeedManager#filter_from_list?).
import type { MastodonStatus, TestUser } from '@social/testkit';
import { expectError, expectInvalidToken, expectJson, RECORD_NOT_FOUND, USER_REQUIRED } from '../../../support/expectations';
import { act, follow, ids, links } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

async function newList(owner: TestUser, fields: Record<string, string>, members: TestUser[]): Promise<string> {
  const created = await api.postForm<{ id: string }>('/api/v1/lists', fields, { token: owner.token });
  expectJson(created, 200);
  expectJson(await api.postForm(`/api/v1/lists/${created.body.id}/accounts`, { account_ids: members.map((m) => m.account.id) }, { token: owner.token }), 200);
  return created.body.id;
}

describe('GET /api/v1/timelines/list/:id', () => {
  let owner: TestUser;
  let member: TestUser;
  let followed: TestUser;
  let stranger: TestUser;
  let listId: string;
  const expected: MastodonStatus[] = [];
  const left: MastodonStatus[] = [];

  beforeAll(async () => {
    [owner, member, followed, stranger] = await Promise.all([rig.newUser('ltowner'), rig.newUser('ltmember'), rig.newUser('ltfollowed'), rig.newUser('ltstranger')]);
    await follow(owner, member);
    await follow(owner, followed);
    listId = await newList(owner, { title: 'Timeline', replies_policy: 'list' }, [member]);
    const strangers = await rig.post(stranger.token, 'stranger');
    const followeds = await rig.post(followed.token, 'not on the list');
    left.push(followeds);
    expected.push(await rig.post(member.token, 'member, public'));
    expected.push(await rig.post(member.token, { status: 'member, private', visibility: 'private' }));
    left.push(await rig.post(member.token, { status: `@${stranger.username} member, direct`, visibility: 'direct' }));
    left.push(await rig.post(member.token, { status: 'reply to a stranger', in_reply_to_id: strangers.id }));
    left.push(await rig.post(member.token, { status: 'reply to someone followed, not listed', in_reply_to_id: followeds.id }));
    expected.push(await rig.post(member.token, { status: 'self-reply', in_reply_to_id: (expected[0] as MastodonStatus).id }));
    expected.push(await act(member, strangers.id, 'reblog'));
  });

  describe("for the owner of a list (replies_policy list)", () => {
    it("answers 200 with the members' statuses the owner may see, newest first", async () => {
      const response = await api.get<MastodonStatus[]>(`/api/v1/timelines/list/${listId}`, { token: owner.token });

      expectJson(response, 200);
      expect(ids(response.body)).toEqual(ids([...expected].reverse()));
      expect(response.body[1]).toEqual((await api.get(`/api/v1/statuses/${(expected[2] as MastodonStatus).id}`, { token: owner.token })).body);
    });

    it('pages with limit and links next by max_id and prev by min_id', async () => {
      const response = await api.get<MastodonStatus[]>(`/api/v1/timelines/list/${listId}?limit=2`, { token: owner.token });

      expect(ids(response.body)).toEqual(ids([...expected].reverse()).slice(0, 2));
      expect(links(response)).toEqual({
        next: `${baseUrl}/api/v1/timelines/list/${listId}?limit=2&max_id=${response.body[1]?.id}`,
        prev: `${baseUrl}/api/v1/timelines/list/${listId}?limit=2&min_id=${response.body[0]?.id}`,
      });
    });
  });

  describe('for a list whose replies_policy is followed', () => {
    it('includes replies to accounts the owner follows', async () => {
      const followedList = await newList(owner, { title: 'Followed replies', replies_policy: 'followed' }, [member]);
      const response = await api.get<MastodonStatus[]>(`/api/v1/timelines/list/${followedList}?limit=40`, { token: owner.token });

      expect(ids(response.body)).toContain((left[3] as MastodonStatus).id);
      expect(ids(response.body)).not.toContain((left[2] as MastodonStatus).id);
    });
  });

  describe('for a list whose replies_policy is none', () => {
    it('leaves out replies to others but keeps self-replies', async () => {
      const noReplies = await newList(owner, { title: 'No replies', replies_policy: 'none' }, [member]);
      const response = await api.get<MastodonStatus[]>(`/api/v1/timelines/list/${noReplies}?limit=40`, { token: owner.token });

      expect(ids(response.body)).toEqual(ids([...expected].reverse()));
    });
  });

  describe("for another user's list", () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get(`/api/v1/timelines/list/${listId}`, { token: stranger.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with an app token', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const app = await rig.registerApp('read');
      expectError(await api.get(`/api/v1/timelines/list/${listId}`, { token: await rig.appToken(app, 'read') }), 422, USER_REQUIRED);
    });
  });

  describe('without a token', () => {
    it('answers 401', async () => {
      expectInvalidToken(await api.get(`/api/v1/timelines/list/${listId}`));
    });
  });
});
