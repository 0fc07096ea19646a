// GET /api/v1/accounts/:id/statuses. docs/api/accounts.md#reading (Mastodon's AccountStatusesFilter); docs/api/statuses.md#visibility.
import type { ApiResponse, MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, expectError, expectJson } from '../../../support/expectations';
import { act, follow, ids, links, pathOf } from '../../../support/interactions';
import * as images from '../../../support/images';
import { uploaded } from '../../../support/media';
import { api, baseUrl, rig } from '../../../support/server';

async function statuses(account: TestUser, query = '', token?: string): Promise<ApiResponse<MastodonStatus[]>> {
  const response = await api.get<MastodonStatus[]>(`/api/v1/accounts/${account.account.id}/statuses${query}`, { token });
  expectJson(response, 200);
  return response;
}

describe('GET /api/v1/accounts/:id/statuses', () => {
  let author: TestUser;
  let follower: TestUser;
  let mentioned: TestUser;
  let stranger: TestUser;
  let other: TestUser;
  let publicOne: MastodonStatus;
  let unlisted: MastodonStatus;
  let privateOne: MastodonStatus;
  let directToMentioned: MastodonStatus;
  let replyToOther: MastodonStatus;
  let selfReply: MastodonStatus;
  let boost: MastodonStatus;
  let tagged: MastodonStatus;

  beforeAll(async () => {
    [author, follower, mentioned, stranger, other] = await Promise.all(
      ['asauthor', 'asfollower', 'asmentioned', 'asstranger', 'asother'].map((name) => rig.newUser(name)),
    );
    await follow(follower, author);
    const othersPost = await rig.post(other.token, 'someone else posts');
    publicOne = await rig.post(author.token, 'public');
    unlisted = await rig.post(author.token, { status: 'unlisted', visibility: 'unlisted' });
    privateOne = await rig.post(author.token, { status: 'private', visibility: 'private' });
    directToMentioned = await rig.post(author.token, { status: `@${mentioned.username} direct`, visibility: 'direct' });
    replyToOther = await rig.post(author.token, { status: 'a reply', in_reply_to_id: othersPost.id });
    selfReply = await rig.post(author.token, { status: 'a self-reply', in_reply_to_id: publicOne.id });
    boost = await act(author, othersPost.id, 'reblog');
    tagged = await rig.post(author.token, 'with a #ProfileTag');
    await act(author, unlisted.id, 'pin');
    await act(author, publicOne.id, 'pin');
  });

  const newestFirst = (...list: MastodonStatus[]) => ids(list).sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1));

  describe('anonymously', () => {
    it('answers 200 with the public and unlisted statuses and boosts, newest first', async () => {
      const response = await statuses(author);
      expect(ids(response.body)).toEqual(newestFirst(publicOne, unlisted, replyToOther, selfReply, boost, tagged));
    });

    it('renders them as Statuses without viewer flags', async () => {
      const response = await statuses(author, '?limit=1&exclude_reblogs=true');
      const expected = expectedStatus(baseUrl, {
        id: tagged.id,
        author: author.account,
        viewer: 'anonymous',
        content: `<p>with a <a href="${baseUrl}/tags/profiletag" class="mention hashtag" rel="tag">#<span>ProfileTag</span></a></p>`,
        fields: { tags: [{ name: 'profiletag', url: `${baseUrl}/tags/profiletag` }] },
      });
      expect(response.body).toEqual([{ ...expected, account: { ...(expected.account as object), followers_count: 1 } }]);
    });
  });

  describe('as a follower', () => {
    it('adds the private statuses', async () => {
      const response = await statuses(author, '', follower.token);
      expect(ids(response.body)).toEqual(newestFirst(publicOne, unlisted, privateOne, replyToOther, selfReply, boost, tagged));
    });
  });

  describe('as an account a direct status mentions', () => {
    it('adds that direct status', async () => {
      const response = await statuses(author, '', mentioned.token);
      expect(ids(response.body)).toEqual(newestFirst(publicOne, unlisted, directToMentioned, replyToOther, selfReply, boost, tagged));
    });
  });

  describe('as a stranger', () => {
    it('answers as anonymously, with viewer flags', async () => {
      const response = await statuses(author, '', stranger.token);
      expect(ids(response.body)).toEqual(newestFirst(publicOne, unlisted, replyToOther, selfReply, boost, tagged));
      expect(response.body[0]).toHaveProperty('favourited', false);
    });
  });

  describe('as the author', () => {
    it('answers all of them, pinned flags included', async () => {
      const response = await statuses(author, '', author.token);
      expect(ids(response.body)).toEqual(newestFirst(publicOne, unlisted, privateOne, directToMentioned, replyToOther, selfReply, boost, tagged));
      expect(response.body.find((s) => s.id === publicOne.id)).toHaveProperty('pinned', true);
    });
  });

  describe('with pinned=true', () => {
    it('answers only the pinned statuses', async () => {
      expect(ids((await statuses(author, '?pinned=true')).body)).toEqual(newestFirst(publicOne, unlisted));
    });
  });

  describe('with exclude_replies=true', () => {
    it('leaves out replies to others but keeps self-replies', async () => {
      expect(ids((await statuses(author, '?exclude_replies=true')).body)).toEqual(newestFirst(publicOne, unlisted, selfReply, boost, tagged));
    });
  });

  describe('with exclude_reblogs=true', () => {
    it('leaves out boosts', async () => {
      expect(ids((await statuses(author, '?exclude_reblogs=1')).body)).toEqual(newestFirst(publicOne, unlisted, replyToOther, selfReply, tagged));
    });
  });

  describe('with only_media=true', () => {
    it('answers [] for an account that attached no media', async () => {
      expect((await statuses(author, '?only_media=true')).body).toEqual([]);
    });

    it('answers only the statuses with media attached', async () => {
      const photographer = await rig.newUser('asphotos');
      const media = await uploaded(api, photographer.token, { file: await images.png() });
      const withMedia = await rig.post(photographer.token, { status: 'a picture', media_ids: [media.id as string] });
      await rig.post(photographer.token, 'just words');

      expect(ids((await statuses(photographer, '?only_media=true')).body)).toEqual([withMedia.id]);
    });
  });

  describe('with tagged', () => {
    it('answers only statuses with that hashtag', async () => {
      expect(ids((await statuses(author, '?tagged=profiletag')).body)).toEqual([tagged.id]);
    });
  });

  describe('with limit=2', () => {
    it('pages with next (max_id, after a full page) and prev (min_id), keeping the filters', async () => {
      const first = await statuses(author, '?limit=2&exclude_reblogs=true');
      const all = newestFirst(publicOne, unlisted, replyToOther, selfReply, tagged);
      expect(ids(first.body)).toEqual(all.slice(0, 2));
      expect(links(first)).toEqual({
        next: `${baseUrl}/api/v1/accounts/${author.account.id}/statuses?exclude_reblogs=true&limit=2&max_id=${all[1]}`,
        prev: `${baseUrl}/api/v1/accounts/${author.account.id}/statuses?exclude_reblogs=true&limit=2&min_id=${all[0]}`,
      });
      const rest: string[] = [];
      let next: string | undefined = links(first).next;
      while (next) {
        const page: ApiResponse<MastodonStatus[]> = await api.get<MastodonStatus[]>(pathOf(next));
        rest.push(...ids(page.body));
        next = links(page).next;
      }
      expect([...ids(first.body), ...rest]).toEqual(all);
    });
  });

  describe('for an account that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get('/api/v1/accounts/1234567890/statuses'), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with a user token of scope write only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(author.app, author.email, author.password, 'write');
      expectError(await api.get(`/api/v1/accounts/${author.account.id}/statuses`, { token }), 403, OUTSIDE_SCOPES);
    });
  });
});
