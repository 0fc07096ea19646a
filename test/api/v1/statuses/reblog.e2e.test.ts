// POST /api/v1/statuses/:id/reblog and /unreblog. docs/api/statuses.md#reblog.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../../support/entities';
import { ID, OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { act, follow } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

const NOT_ALLOWED = 'This action is not allowed';

describe('POST /api/v1/statuses/:id/reblog', () => {
  let author: TestUser;
  let booster: TestUser;

  beforeAll(async () => {
    [author, booster] = await Promise.all([rig.newUser('rbauthor'), rig.newUser('booster')]);
  });

  describe('for a visible public status', () => {
    let status: MastodonStatus;
    let boost: MastodonStatus;

    beforeAll(async () => {
      status = await rig.post(author.token, 'Boost me');
      const response = await api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/reblog`, { token: booster.token });
      expectJson(response, 200);
      boost = response.body;
    });

    it('answers 200 with the boost: its own id, the booster as account, reblogged true, the original in reblog with reblogged true', () => {
      const original = expectedStatus(baseUrl, {
        id: status.id,
        author: author.account,
        viewer: 'other',
        content: '<p>Boost me</p>',
        fields: { reblogged: true, reblogs_count: 1 },
      });
      const { pinned: _notPinnable, ...wrapper } = expectedStatus(baseUrl, { author: booster.account, viewer: 'author', content: '', statusesCount: 1 });
      expect(boost).toEqual({
        ...wrapper,
        // As Mastodon: a boost's viewer flags are its original's.
        reblogged: true,
        id: expect.stringMatching(ID),
        language: null,
        application: null,
        uri: `${baseUrl}/users/${booster.username}/statuses/${boost.id}/activity`,
        url: `${baseUrl}/users/${booster.username}/statuses/${boost.id}/activity`,
        reblog: original,
      });
      expect(boost.id).not.toBe(status.id);
      // A boost cannot be pinned, so its author sees no pinned key on it.
      expect(boost).not.toHaveProperty('pinned');
    });

    it("raises the booster's statuses_count", async () => {
      expect((await rig.verifyCredentials(booster.token)).statuses_count).toBe(1);
    });

    it('can be read back by its id as the boost', async () => {
      const response = await api.get<MastodonStatus>(`/api/v1/statuses/${boost.id}`);
      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: boost.id, reblog: { id: status.id, reblogs_count: 1 } });
    });

    it("is read by its booster with the original's flags at both levels", async () => {
      await act(booster, status.id, 'favourite');
      const response = await api.get<MastodonStatus>(`/api/v1/statuses/${boost.id}`, { token: booster.token });
      expectJson(response, 200);
      const flags = { favourited: true, reblogged: true, bookmarked: false };
      expect(response.body).toMatchObject({ id: boost.id, ...flags, reblog: { id: status.id, ...flags } });
      await act(booster, status.id, 'unfavourite');
    });

    it('answers with the same boost when boosted again, reblogs_count staying 1', async () => {
      const again = await act(booster, status.id, 'reblog');
      expect(again.id).toBe(boost.id);
      expect(again).toMatchObject({ reblogged: true, reblog: { reblogs_count: 1, reblogged: true } });
    });

    it('boosts the original when the boost itself is boosted', async () => {
      const third = await rig.newUser('thirdbooster');
      const response = await act(third, boost.id, 'reblog');
      expect(response.reblog).toMatchObject({ id: status.id, reblogs_count: 2, reblogged: true });
    });
  });

  describe('with visibility unlisted', () => {
    it('answers 200 with a boost of visibility unlisted', async () => {
      const status = await rig.post(author.token, 'quietly boosted');
      const response = await api.postForm<MastodonStatus>(`/api/v1/statuses/${status.id}/reblog`, { visibility: 'unlisted' }, { token: booster.token });
      expectJson(response, 200);
      expect(response.body).toMatchObject({ visibility: 'unlisted', reblog: { id: status.id } });
    });
  });

  describe('with visibility direct', () => {
    it('answers 422 Validation failed: Visibility is reserved', async () => {
      const status = await rig.post(author.token, 'not directly');
      expectError(
        await api.postForm(`/api/v1/statuses/${status.id}/reblog`, { visibility: 'direct' }, { token: booster.token }),
        422,
        'Validation failed: Visibility is reserved',
      );
    });
  });

  describe('with an unknown visibility', () => {
    it('answers 422 Validation failed: Visibility is not included in the list', async () => {
      const status = await rig.post(author.token, 'odd visibility');
      expectError(
        await api.postJson(`/api/v1/statuses/${status.id}/reblog`, { visibility: 'friends' }, { token: booster.token }),
        422,
        'Validation failed: Visibility is not included in the list',
      );
    });
  });

  describe("for its author's own private status", () => {
    it('answers 200 with a private boost', async () => {
      const status = await rig.post(author.token, { status: 'self boost', visibility: 'private' });
      const response = await act(author, status.id, 'reblog');
      expect(response).toMatchObject({ visibility: 'private', reblog: { id: status.id, reblogs_count: 1 } });
    });
  });

  describe("for another user's private status the caller follows", () => {
    it('answers 403 This action is not allowed', async () => {
      const follower = await rig.newUser('privfollower');
      await follow(follower, author);
      const status = await rig.post(author.token, { status: 'followers only', visibility: 'private' });
      expectError(await api.post(`/api/v1/statuses/${status.id}/reblog`, { token: follower.token }), 403, NOT_ALLOWED);
    });
  });

  describe("for another user's private status the caller may not see", () => {
    it('answers 404 Record not found', async () => {
      const status = await rig.post(author.token, { status: 'hidden', visibility: 'private' });
      expectError(await api.post(`/api/v1/statuses/${status.id}/reblog`, { token: booster.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a direct status that mentions the caller', () => {
    it('answers 403 This action is not allowed', async () => {
      const status = await rig.post(author.token, { status: `@${booster.username} psst`, visibility: 'direct' });
      expectError(await api.post(`/api/v1/statuses/${status.id}/reblog`, { token: booster.token }), 403, NOT_ALLOWED);
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.post('/api/v1/statuses/1234567890/reblog', { token: booster.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/statuses/1234567890/reblog'));
    });
  });

  describe('with a user token of scope write:favourites only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const status = await rig.post(author.token, 'wrong scope');
      const app = await rig.registerApp('read write:favourites');
      const token = await rig.passwordToken(app, booster.email, booster.password, 'write:favourites');
      expectError(await api.post(`/api/v1/statuses/${status.id}/reblog`, { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const token = await rig.appToken(booster.app, 'write');
      expectError(await api.post('/api/v1/statuses/1234567890/reblog', { token }), 422, USER_REQUIRED);
    });
  });

  describe('when the original is deleted', () => {
    it('removes the boost too: reading the boost answers 404', async () => {
      const status = await rig.post(author.token, 'boosted then deleted');
      const boost = await act(booster, status.id, 'reblog');
      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 200);
      expectError(await api.get(`/api/v1/statuses/${boost.id}`), 404, RECORD_NOT_FOUND);
    });
  });
});

describe('POST /api/v1/statuses/:id/unreblog', () => {
  let author: TestUser;
  let booster: TestUser;

  beforeAll(async () => {
    [author, booster] = await Promise.all([rig.newUser('unrbauthor'), rig.newUser('unbooster')]);
  });

  describe('for a status the caller boosted', () => {
    let status: MastodonStatus;
    let boost: MastodonStatus;

    beforeAll(async () => {
      status = await rig.post(author.token, 'Boosted for a while');
      boost = await act(booster, status.id, 'reblog');
    });

    it('answers 200 with the original Status, reblogged false and reblogs_count 0', async () => {
      const response = await api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/unreblog`, { token: booster.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedStatus(baseUrl, { id: status.id, author: author.account, viewer: 'other', content: '<p>Boosted for a while</p>' }),
      );
    });

    it('removes the boost: reading it answers 404', async () => {
      expectError(await api.get(`/api/v1/statuses/${boost.id}`), 404, RECORD_NOT_FOUND);
    });

    it("lowers the booster's statuses_count back to 0", async () => {
      expect((await rig.verifyCredentials(booster.token)).statuses_count).toBe(0);
    });

    it('answers 404 Record not found when undone again (no boost exists)', async () => {
      expectError(await api.post(`/api/v1/statuses/${status.id}/unreblog`, { token: booster.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status the caller never boosted', () => {
    it('answers 404 Record not found', async () => {
      const status = await rig.post(author.token, 'never boosted');
      expectError(await api.post(`/api/v1/statuses/${status.id}/unreblog`, { token: booster.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.post('/api/v1/statuses/1234567890/unreblog', { token: booster.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a deleted status', () => {
    it('answers 404 Record not found', async () => {
      const status = await rig.post(author.token, 'deleted under the boost');
      await act(booster, status.id, 'reblog');
      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 200);
      expectError(await api.post(`/api/v1/statuses/${status.id}/unreblog`, { token: booster.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/statuses/1234567890/unreblog'));
    });
  });
});
