// GET, PUT and DELETE /api/v1/lists/:id. docs/api/timelines.md#lists (Mastodon's Api::V1::ListsController).
import type { TestUser } from '@social/testkit';
import { expectError, expectInvalidToken, expectJson, RECORD_NOT_FOUND } from '../../../support/expectations';
import { api, rig } from '../../../support/server';

describe('/api/v1/lists/:id', () => {
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [owner, other] = await Promise.all([rig.newUser('listidowner'), rig.newUser('listidother')]);
  });

  async function newList(title = 'Reading'): Promise<{ id: string; title: string; replies_policy: string; exclusive: boolean }> {
    const response = await api.postForm<{ id: string; title: string; replies_policy: string; exclusive: boolean }>('/api/v1/lists', { title }, { token: owner.token });
    expectJson(response, 200);
    return response.body;
  }

  describe('GET', () => {
    it("answers 200 with the owner's list", async () => {
      const list = await newList();
      const response = await api.get(`/api/v1/lists/${list.id}`, { token: owner.token });

      expectJson(response, 200);
      expect(response.body).toEqual(list);
    });

    it("answers 404 Record not found for another user's list, and for a missing one", async () => {
      const list = await newList();
      expectError(await api.get(`/api/v1/lists/${list.id}`, { token: other.token }), 404, RECORD_NOT_FOUND);
      expectError(await api.get('/api/v1/lists/999999999', { token: owner.token }), 404, RECORD_NOT_FOUND);
      expectError(await api.get('/api/v1/lists/abc', { token: owner.token }), 404, RECORD_NOT_FOUND);
    });

    it('answers 401 without a token', async () => {
      expectInvalidToken(await api.get('/api/v1/lists/1'));
    });
  });

  describe('PUT', () => {
    it('answers 200 with the list changed, keeping what was not sent', async () => {
      const list = await newList('Old title');
      const renamed = await api.send('PUT', `/api/v1/lists/${list.id}`, { token: owner.token, body: 'title=New+title', contentType: 'application/x-www-form-urlencoded' });
      expectJson(renamed, 200);
      expect(renamed.body).toEqual({ ...list, title: 'New title' });

      const response = await api.send('PUT', `/api/v1/lists/${list.id}`, {
        token: owner.token,
        body: JSON.stringify({ replies_policy: 'none', exclusive: true }),
        contentType: 'application/json',
      });

      expectJson(response, 200);
      expect(response.body).toEqual({ id: list.id, title: 'New title', replies_policy: 'none', exclusive: true });
      expect((await api.get(`/api/v1/lists/${list.id}`, { token: owner.token })).body).toEqual(response.body);
    });

    it("answers 422 Validation failed: Title can't be blank for a blank title", async () => {
      const list = await newList();
      const response = await api.send('PUT', `/api/v1/lists/${list.id}`, { token: owner.token, body: 'title=', contentType: 'application/x-www-form-urlencoded' });

      expectError(response, 422, "Validation failed: Title can't be blank");
    });

    it("answers 404 Record not found for another user's list", async () => {
      const list = await newList();
      const response = await api.send('PUT', `/api/v1/lists/${list.id}`, { token: other.token, body: 'title=Mine', contentType: 'application/x-www-form-urlencoded' });

      expectError(response, 404, RECORD_NOT_FOUND);
    });
  });

  describe('DELETE', () => {
    it('answers 200 {}, after which the list is gone', async () => {
      const list = await newList();
      const response = await api.delete(`/api/v1/lists/${list.id}`, { token: owner.token });

      expectJson(response, 200);
      expect(response.body).toEqual({});
      expectError(await api.get(`/api/v1/lists/${list.id}`, { token: owner.token }), 404, RECORD_NOT_FOUND);
    });

    it("answers 404 Record not found for another user's list, and leaves it", async () => {
      const list = await newList();
      expectError(await api.delete(`/api/v1/lists/${list.id}`, { token: other.token }), 404, RECORD_NOT_FOUND);
      expectJson(await api.get(`/api/v1/lists/${list.id}`, { token: owner.token }), 200);
    });
  });
});
