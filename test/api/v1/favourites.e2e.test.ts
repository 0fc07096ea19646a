// GET /api/v1/favourites. docs/api/timelines.md#bookmarks-and-favourites.
import type { ApiResponse, MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../support/entities';
import { OUTSIDE_SCOPES, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../support/expectations';
import { act, ids, links, pathOf } from '../../support/interactions';
import { api, baseUrl, rig } from '../../support/server';

async function favourites(token: string, query = ''): Promise<ApiResponse<MastodonStatus[]>> {
  const response = await api.get<MastodonStatus[]>(`/api/v1/favourites${query}`, { token });
  expectJson(response, 200);
  return response;
}

describe('GET /api/v1/favourites', () => {
  let author: TestUser;
  let reader: TestUser;
  let statuses: MastodonStatus[];

  beforeAll(async () => {
    [author, reader] = await Promise.all([rig.newUser('fvlauthor'), rig.newUser('fvlreader')]);
    statuses = [];
    for (let n = 0; n < 3; n++) statuses.push(await rig.post(author.token, `status ${n}`));
    // Favourited oldest last: the list follows the favourites, not the statuses.
    for (const index of [1, 2, 0]) await act(reader, statuses[index]!.id, 'favourite');
  });

  describe("for the caller's favourites", () => {
    it('answers 200 with the favourited statuses, newest favourite first, favourited true', async () => {
      const response = await favourites(reader.token);
      expect(ids(response.body)).toEqual([statuses[0]!.id, statuses[2]!.id, statuses[1]!.id]);
      expect(response.body[0]).toEqual(
        expectedStatus(baseUrl, { id: statuses[0]!.id, author: author.account, viewer: 'other', content: '<p>status 0</p>', fields: { favourited: true, favourites_count: 1 } }),
      );
    });

    it('writes only a prev Link (min_id) when the page is not full', async () => {
      expect(Object.keys(links(await favourites(reader.token)))).toEqual(['prev']);
    });
  });

  describe('with limit=2', () => {
    it('pages with next (max_id after a full page) and back with prev (min_id)', async () => {
      const first = await favourites(reader.token, '?limit=2');
      expect(ids(first.body)).toEqual([statuses[0]!.id, statuses[2]!.id]);
      expect(links(first).next).toMatch(new RegExp(`^${baseUrl.replace(/[.]/g, '\\.')}/api/v1/favourites\\?limit=2&max_id=\\d+$`));

      const second = await favourites(reader.token, pathOf(links(first).next as string).replace('/api/v1/favourites', ''));
      expect(ids(second.body)).toEqual([statuses[1]!.id]);
      expect(links(second).next).toBeUndefined();

      const back = await favourites(reader.token, pathOf(links(second).prev as string).replace('/api/v1/favourites', ''));
      expect(ids(back.body)).toEqual(ids(first.body));
    });
  });

  describe('after an unfavourite', () => {
    it('no longer lists the status', async () => {
      const status = await rig.post(author.token, 'briefly liked');
      await act(reader, status.id, 'favourite');
      await act(reader, status.id, 'unfavourite');
      expect(ids((await favourites(reader.token)).body)).not.toContain(status.id);
    });
  });

  describe('for another user', () => {
    it('answers [] (only its own favourites)', async () => {
      expect((await favourites(author.token)).body).toEqual([]);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/favourites'));
    });
  });

  describe('with a user token of scope read:bookmarks only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const app = await rig.registerApp('read:bookmarks');
      const token = await rig.passwordToken(app, reader.email, reader.password, 'read:bookmarks');
      expectError(await api.get('/api/v1/favourites', { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with a user token of the granular scope read:favourites', () => {
    it('answers 200', async () => {
      const app = await rig.registerApp('read:favourites');
      const token = await rig.passwordToken(app, reader.email, reader.password, 'read:favourites');
      expect((await favourites(token)).body).toHaveLength(3);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const token = await rig.appToken(reader.app, 'read');
      expectError(await api.get('/api/v1/favourites', { token }), 422, USER_REQUIRED);
    });
  });
});
