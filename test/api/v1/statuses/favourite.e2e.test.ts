// POST /api/v1/statuses/:id/favourite and /unfavourite. docs/api/statuses.md#interactions.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { act } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

describe('POST /api/v1/statuses/:id/favourite', () => {
  let author: TestUser;
  let fan: TestUser;

  beforeAll(async () => {
    [author, fan] = await Promise.all([rig.newUser('favauthor'), rig.newUser('fan')]);
  });

  describe('for a visible status', () => {
    it('answers 200 with the Status, favourited true and favourites_count 1', async () => {
      const status = await rig.post(author.token, 'Favourite me');

      const response = await api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/favourite`, { token: fan.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedStatus(baseUrl, {
          id: status.id,
          author: author.account,
          viewer: 'other',
          content: '<p>Favourite me</p>',
          fields: { favourited: true, favourites_count: 1 },
        }),
      );
    });

    it('shows favourited true to the fan and false to others on later reads', async () => {
      const status = await rig.post(author.token, 'Read my flags');
      await act(fan, status.id, 'favourite');

      const [asFan, asAuthor, anonymous] = await Promise.all([
        api.get<MastodonStatus>(`/api/v1/statuses/${status.id}`, { token: fan.token }),
        api.get<MastodonStatus>(`/api/v1/statuses/${status.id}`, { token: author.token }),
        api.get<MastodonStatus>(`/api/v1/statuses/${status.id}`),
      ]);

      expect(asFan.body).toMatchObject({ favourited: true, favourites_count: 1 });
      expect(asAuthor.body).toMatchObject({ favourited: false, favourites_count: 1 });
      expect(anonymous.body).not.toHaveProperty('favourited');
    });
  });

  describe('for a status already favourited', () => {
    it('answers 200 again and keeps favourites_count at 1', async () => {
      const status = await rig.post(author.token, 'Twice');
      await act(fan, status.id, 'favourite');

      const again = await act(fan, status.id, 'favourite');

      expect(again).toMatchObject({ favourited: true, favourites_count: 1 });
    });
  });

  describe('for a boost', () => {
    it('favourites the boosted status and answers with the boost, favourited as its reblog is (counts stay per status)', async () => {
      const status = await rig.post(author.token, 'Boosted, then favourited');
      const booster = await rig.newUser('favbooster');
      const boost = await act(booster, status.id, 'reblog');

      const response = await act(fan, boost.id, 'favourite');

      // A boost's viewer flags are its original's, as Mastodon answers them.
      expect(response).toMatchObject({ id: boost.id, favourited: true, favourites_count: 0 });
      expect(response.reblog).toMatchObject({ id: status.id, favourited: true, favourites_count: 1 });
    });
  });

  describe("for another user's private status the caller may not see", () => {
    it('answers 404 Record not found and counts nothing', async () => {
      const hidden = await rig.post(author.token, { status: 'followers only', visibility: 'private' });

      expectError(await api.post(`/api/v1/statuses/${hidden.id}/favourite`, { token: fan.token }), 404, RECORD_NOT_FOUND);
      expect((await api.get(`/api/v1/statuses/${hidden.id}`, { token: author.token })).body).toMatchObject({ favourites_count: 0 });
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.post('/api/v1/statuses/1234567890/favourite', { token: fan.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a deleted status', () => {
    it('answers 404 Record not found', async () => {
      const status = await rig.post(author.token, 'gone soon');
      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 200);

      expectError(await api.post(`/api/v1/statuses/${status.id}/favourite`, { token: fan.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with a JSON body of {} (megalodon)', () => {
    it('answers 200 with favourited true', async () => {
      const status = await rig.post(author.token, 'JSON action');

      const response = await api.postJson<MastodonStatus>(`/api/v1/statuses/${status.id}/favourite`, {}, { token: fan.token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ favourited: true });
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      const status = await rig.post(author.token, 'anonymous fans');
      expectInvalidToken(await api.post(`/api/v1/statuses/${status.id}/favourite`));
    });
  });

  describe('with a user token of scope read only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const status = await rig.post(author.token, 'read-only fans');
      const token = await rig.passwordToken(fan.app, fan.email, fan.password, 'read');

      expectError(await api.post(`/api/v1/statuses/${status.id}/favourite`, { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with a user token of the granular scope write:favourites', () => {
    it('answers 200', async () => {
      const status = await rig.post(author.token, 'granular fans');
      const app = await rig.registerApp('read write:favourites');
      const token = await rig.passwordToken(app, fan.email, fan.password, 'write:favourites');

      expectJson(await api.post(`/api/v1/statuses/${status.id}/favourite`, { token }), 200);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const status = await rig.post(author.token, 'apps cannot favourite');
      const token = await rig.appToken(fan.app, 'write');

      expectError(await api.post(`/api/v1/statuses/${status.id}/favourite`, { token }), 422, USER_REQUIRED);
    });
  });
});

describe('POST /api/v1/statuses/:id/unfavourite', () => {
  let author: TestUser;
  let fan: TestUser;

  beforeAll(async () => {
    [author, fan] = await Promise.all([rig.newUser('unfavauthor'), rig.newUser('unfan')]);
  });

  describe('for a favourited status', () => {
    it('answers 200 with favourited false and favourites_count back to 0', async () => {
      const status = await rig.post(author.token, 'Changed my mind');
      await act(fan, status.id, 'favourite');

      const response = await api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/unfavourite`, { token: fan.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedStatus(baseUrl, { id: status.id, author: author.account, viewer: 'other', content: '<p>Changed my mind</p>' }),
      );
    });
  });

  describe('for a status that was not favourited', () => {
    it('answers 200 with favourited false and favourites_count unchanged', async () => {
      const status = await rig.post(author.token, 'Never liked');
      const other = await rig.newUser('otherfan');
      await act(other, status.id, 'favourite');

      const response = await act(fan, status.id, 'unfavourite');

      expect(response).toMatchObject({ favourited: false, favourites_count: 1 });
    });
  });

  describe("for another user's private status the caller may not see", () => {
    it('answers 404 Record not found', async () => {
      const hidden = await rig.post(author.token, { status: 'private', visibility: 'private' });
      expectError(await api.post(`/api/v1/statuses/${hidden.id}/unfavourite`, { token: fan.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.post('/api/v1/statuses/1234567890/unfavourite', { token: fan.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/statuses/1234567890/unfavourite'));
    });
  });
});
