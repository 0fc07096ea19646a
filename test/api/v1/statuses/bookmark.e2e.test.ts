// POST /api/v1/statuses/:id/bookmark and /unbookmark. docs/api/statuses.md#interactions.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { act } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

describe('POST /api/v1/statuses/:id/bookmark', () => {
  let author: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    [author, reader] = await Promise.all([rig.newUser('bmauthor'), rig.newUser('bmreader')]);
  });

  describe('for a visible status', () => {
    it('answers 200 with the Status, bookmarked true', async () => {
      const status = await rig.post(author.token, 'Save me for later');

      const response = await api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/bookmark`, { token: reader.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedStatus(baseUrl, { id: status.id, author: author.account, viewer: 'other', content: '<p>Save me for later</p>', fields: { bookmarked: true } }),
      );
    });

    it('keeps the bookmark private: the author and others see bookmarked false', async () => {
      const status = await rig.post(author.token, 'Private bookmark');
      await act(reader, status.id, 'bookmark');

      expect((await api.get(`/api/v1/statuses/${status.id}`, { token: author.token })).body).toMatchObject({ bookmarked: false });
      expect((await api.get(`/api/v1/statuses/${status.id}`, { token: reader.token })).body).toMatchObject({ bookmarked: true });
    });
  });

  describe('for a status already bookmarked', () => {
    it('answers 200 with bookmarked true', async () => {
      const status = await rig.post(author.token, 'Bookmarked twice');
      await act(reader, status.id, 'bookmark');

      expect(await act(reader, status.id, 'bookmark')).toMatchObject({ bookmarked: true });
    });
  });

  describe("for another user's private status the caller may not see", () => {
    it('answers 404 Record not found', async () => {
      const hidden = await rig.post(author.token, { status: 'hidden', visibility: 'private' });
      expectError(await api.post(`/api/v1/statuses/${hidden.id}/bookmark`, { token: reader.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.post('/api/v1/statuses/1234567890/bookmark', { token: reader.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/statuses/1234567890/bookmark'));
    });
  });

  describe('with a user token of scope write:favourites only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const status = await rig.post(author.token, 'wrong scope');
      const app = await rig.registerApp('read write:favourites');
      const token = await rig.passwordToken(app, reader.email, reader.password, 'write:favourites');
      expectError(await api.post(`/api/v1/statuses/${status.id}/bookmark`, { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with a user token of the granular scope write:bookmarks', () => {
    it('answers 200', async () => {
      const status = await rig.post(author.token, 'granular bookmark');
      const app = await rig.registerApp('read write:bookmarks');
      const token = await rig.passwordToken(app, reader.email, reader.password, 'write:bookmarks');
      expectJson(await api.post(`/api/v1/statuses/${status.id}/bookmark`, { token }), 200);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const token = await rig.appToken(reader.app, 'write');
      expectError(await api.post('/api/v1/statuses/1234567890/bookmark', { token }), 422, USER_REQUIRED);
    });
  });
});

describe('POST /api/v1/statuses/:id/unbookmark', () => {
  let author: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    [author, reader] = await Promise.all([rig.newUser('unbmauthor'), rig.newUser('unbmreader')]);
  });

  describe('for a bookmarked status', () => {
    it('answers 200 with the Status, bookmarked false', async () => {
      const status = await rig.post(author.token, 'Done reading');
      await act(reader, status.id, 'bookmark');

      const response = await api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/unbookmark`, { token: reader.token });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedStatus(baseUrl, { id: status.id, author: author.account, viewer: 'other', content: '<p>Done reading</p>' }));
    });
  });

  describe('for a status that is not bookmarked', () => {
    it('answers 404 Record not found', async () => {
      const status = await rig.post(author.token, 'Never saved');
      expectError(await api.post(`/api/v1/statuses/${status.id}/unbookmark`, { token: reader.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status unbookmarked twice', () => {
    it('answers 404 Record not found the second time', async () => {
      const status = await rig.post(author.token, 'Saved once');
      await act(reader, status.id, 'bookmark');
      await act(reader, status.id, 'unbookmark');
      expectError(await api.post(`/api/v1/statuses/${status.id}/unbookmark`, { token: reader.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe("for another user's private status the caller may not see", () => {
    it('answers 404 Record not found', async () => {
      const hidden = await rig.post(author.token, { status: 'hidden', visibility: 'private' });
      expectError(await api.post(`/api/v1/statuses/${hidden.id}/unbookmark`, { token: reader.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a deleted status', () => {
    it('answers 404 Record not found', async () => {
      const status = await rig.post(author.token, 'Saved, then deleted');
      await act(reader, status.id, 'bookmark');
      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 200);
      expectError(await api.post(`/api/v1/statuses/${status.id}/unbookmark`, { token: reader.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.post('/api/v1/statuses/1234567890/unbookmark', { token: reader.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/statuses/1234567890/unbookmark'));
    });
  });
});
