// GET /api/v1/bookmarks. docs/api/timelines.md#bookmarks-and-favourites (bookmarks are private).
import type { ApiResponse, MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../support/entities';
import { OUTSIDE_SCOPES, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../support/expectations';
import { act, ids, links, pathOf } from '../../support/interactions';
import { api, baseUrl, rig } from '../../support/server';

async function bookmarks(token: string, query = ''): Promise<ApiResponse<MastodonStatus[]>> {
  const response = await api.get<MastodonStatus[]>(`/api/v1/bookmarks${query}`, { token });
  expectJson(response, 200);
  return response;
}

describe('GET /api/v1/bookmarks', () => {
  let author: TestUser;
  let reader: TestUser;
  let statuses: MastodonStatus[];

  beforeAll(async () => {
    [author, reader] = await Promise.all([rig.newUser('bmlauthor'), rig.newUser('bmlreader')]);
    statuses = [];
    for (let n = 0; n < 3; n++) statuses.push(await rig.post(author.token, `status ${n}`));
    // Bookmarked oldest last: the list follows the bookmarks, not the statuses.
    for (const index of [1, 2, 0]) await act(reader, statuses[index]!.id, 'bookmark');
  });

  describe("for the caller's bookmarks", () => {
    it('answers 200 with the bookmarked statuses, newest bookmark first, bookmarked true', async () => {
      const response = await bookmarks(reader.token);
      expect(ids(response.body)).toEqual([statuses[0]!.id, statuses[2]!.id, statuses[1]!.id]);
      expect(response.body[0]).toEqual(
        expectedStatus(baseUrl, { id: statuses[0]!.id, author: author.account, viewer: 'other', content: '<p>status 0</p>', fields: { bookmarked: true } }),
      );
    });

    it('writes only a prev Link (min_id) when the page is not full', async () => {
      expect(Object.keys(links(await bookmarks(reader.token)))).toEqual(['prev']);
    });
  });

  describe('with limit=2', () => {
    it('pages with next (max_id after a full page) and back with prev (min_id)', async () => {
      const first = await bookmarks(reader.token, '?limit=2');
      expect(ids(first.body)).toEqual([statuses[0]!.id, statuses[2]!.id]);
      expect(links(first).next).toMatch(new RegExp(`^${baseUrl.replace(/[.]/g, '\\.')}/api/v1/bookmarks\\?limit=2&max_id=\\d+$`));

      const second = await bookmarks(reader.token, pathOf(links(first).next as string).replace('/api/v1/bookmarks', ''));
      expect(ids(second.body)).toEqual([statuses[1]!.id]);
      expect(links(second).next).toBeUndefined();

      const back = await bookmarks(reader.token, pathOf(links(second).prev as string).replace('/api/v1/bookmarks', ''));
      expect(ids(back.body)).toEqual(ids(first.body));
    });
  });

  describe('after an unbookmark', () => {
    it('no longer lists the status', async () => {
      const status = await rig.post(author.token, 'briefly saved');
      await act(reader, status.id, 'bookmark');
      await act(reader, status.id, 'unbookmark');
      expect(ids((await bookmarks(reader.token)).body)).not.toContain(status.id);
    });
  });

  describe('for another user', () => {
    it("answers [] (bookmarks are private)", async () => {
      expect((await bookmarks(author.token)).body).toEqual([]);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/bookmarks'));
    });
  });

  describe('with a user token of scope read:favourites only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const app = await rig.registerApp('read:favourites');
      const token = await rig.passwordToken(app, reader.email, reader.password, 'read:favourites');
      expectError(await api.get('/api/v1/bookmarks', { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with a user token of the granular scope read:bookmarks', () => {
    it('answers 200', async () => {
      const app = await rig.registerApp('read:bookmarks');
      const token = await rig.passwordToken(app, reader.email, reader.password, 'read:bookmarks');
      expect((await bookmarks(token)).body).toHaveLength(3);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const token = await rig.appToken(reader.app, 'read');
      expectError(await api.get('/api/v1/bookmarks', { token }), 422, USER_REQUIRED);
    });
  });
});
