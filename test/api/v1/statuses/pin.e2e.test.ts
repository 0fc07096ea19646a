// POST /api/v1/statuses/:id/pin and /unpin. docs/api/statuses.md#pin-and-mute.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { act, follow } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

const SOMEONE_ELSES = "Validation failed: Someone else's toot cannot be pinned";
const NON_PUBLIC = 'Validation failed: Non-public toot cannot be pinned';
const A_BOOST = 'Validation failed: A boost cannot be pinned';
const LIMIT = 'Validation failed: You have already pinned the maximum number of posts';

describe('POST /api/v1/statuses/:id/pin', () => {
  let author: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    [author, other] = await Promise.all([rig.newUser('pinauthor'), rig.newUser('pinother')]);
  });

  describe("for the caller's own public status", () => {
    it('answers 200 with the Status, pinned true', async () => {
      const status = await rig.post(author.token, 'Pin me');

      const response = await api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/pin`, { token: author.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedStatus(baseUrl, { id: status.id, author: author.account, viewer: 'author', content: '<p>Pin me</p>', fields: { pinned: true } }),
      );
    });

    it('shows pinned true to its author on later reads and no pinned key to others', async () => {
      const status = await rig.post(author.token, 'Pinned and read');
      await act(author, status.id, 'pin');

      expect((await api.get(`/api/v1/statuses/${status.id}`, { token: author.token })).body).toMatchObject({ pinned: true });
      expect((await api.get(`/api/v1/statuses/${status.id}`, { token: other.token })).body).not.toHaveProperty('pinned');
    });
  });

  describe("for the caller's own unlisted status", () => {
    it('answers 200 with pinned true', async () => {
      const status = await rig.post(author.token, { status: 'quiet pin', visibility: 'unlisted' });
      expect(await act(author, status.id, 'pin')).toMatchObject({ pinned: true });
    });
  });

  describe('for a status already pinned', () => {
    it('answers 422 Duplicate record', async () => {
      const status = await rig.post(author.token, 'pinned twice');
      await act(author, status.id, 'pin');
      expectError(await api.post(`/api/v1/statuses/${status.id}/pin`, { token: author.token }), 422, 'Duplicate record');
    });
  });

  describe("for someone else's public status", () => {
    it("answers 422 Validation failed: Someone else's toot cannot be pinned", async () => {
      const status = await rig.post(other.token, 'not yours to pin');
      expectError(await api.post(`/api/v1/statuses/${status.id}/pin`, { token: author.token }), 422, SOMEONE_ELSES);
    });
  });

  describe.each(['private', 'direct'])("for the caller's own %s status", (visibility) => {
    it('answers 422 Validation failed: Non-public toot cannot be pinned', async () => {
      const status = await rig.post(author.token, { status: `a ${visibility} pin`, visibility });
      expectError(await api.post(`/api/v1/statuses/${status.id}/pin`, { token: author.token }), 422, NON_PUBLIC);
    });
  });

  describe("for the caller's boost", () => {
    it('answers 422 Validation failed: A boost cannot be pinned', async () => {
      const status = await rig.post(other.token, 'boosted, not pinned');
      const boost = await act(author, status.id, 'reblog');
      expectError(await api.post(`/api/v1/statuses/${boost.id}/pin`, { token: author.token }), 422, A_BOOST);
    });
  });

  describe("for another user's private status the caller follows", () => {
    it("answers 422 with both reasons, Someone else's toot and Non-public toot", async () => {
      await follow(author, other);
      const status = await rig.post(other.token, { status: 'followers only', visibility: 'private' });
      expectError(
        await api.post(`/api/v1/statuses/${status.id}/pin`, { token: author.token }),
        422,
        "Validation failed: Someone else's toot cannot be pinned, Non-public toot cannot be pinned",
      );
    });
  });

  describe('for a sixth pin', () => {
    it('answers 422 Validation failed: You have already pinned the maximum number of posts', async () => {
      const pinner = await rig.newUser('fivepins');
      const statuses = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => rig.post(pinner.token, `pin ${n}`)));
      for (const status of statuses.slice(0, 5)) await act(pinner, status.id, 'pin');

      expectError(await api.post(`/api/v1/statuses/${(statuses[5] as MastodonStatus).id}/pin`, { token: pinner.token }), 422, LIMIT);
    });
  });

  describe('for six pins at once', () => {
    it('pins exactly five', async () => {
      const pinner = await rig.newUser('racepins');
      const statuses = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => rig.post(pinner.token, `race ${n}`)));

      const responses = await Promise.all(statuses.map((s) => api.post(`/api/v1/statuses/${s.id}/pin`, { token: pinner.token })));

      expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 422]);
    });
  });

  describe("for another user's private status the caller may not see", () => {
    it('answers 404 Record not found', async () => {
      const stranger = await rig.newUser('pinstranger');
      const status = await rig.post(stranger.token, { status: 'hidden', visibility: 'private' });
      expectError(await api.post(`/api/v1/statuses/${status.id}/pin`, { token: author.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.post('/api/v1/statuses/1234567890/pin', { token: author.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/statuses/1234567890/pin'));
    });
  });

  describe('with a user token of scope write:statuses only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const status = await rig.post(author.token, 'wrong scope pin');
      const app = await rig.registerApp('read write:statuses');
      const token = await rig.passwordToken(app, author.email, author.password, 'write:statuses');
      expectError(await api.post(`/api/v1/statuses/${status.id}/pin`, { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with a user token of the granular scope write:accounts', () => {
    it('answers 200', async () => {
      const pinner = await rig.newUser('granularpin');
      const status = await rig.post(pinner.token, 'granular pin');
      const app = await rig.registerApp('read write:accounts');
      const token = await rig.passwordToken(app, pinner.email, pinner.password, 'write:accounts');
      expectJson(await api.post(`/api/v1/statuses/${status.id}/pin`, { token }), 200);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const token = await rig.appToken(author.app, 'write');
      expectError(await api.post('/api/v1/statuses/1234567890/pin', { token }), 422, USER_REQUIRED);
    });
  });
});

describe('POST /api/v1/statuses/:id/unpin', () => {
  let author: TestUser;

  beforeAll(async () => {
    author = await rig.newUser('unpinauthor');
  });

  describe('for a pinned status', () => {
    it('answers 200 with the Status, pinned false', async () => {
      const status = await rig.post(author.token, 'Unpin me');
      await act(author, status.id, 'pin');

      const response = await api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/unpin`, { token: author.token });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedStatus(baseUrl, { id: status.id, author: author.account, viewer: 'author', content: '<p>Unpin me</p>' }));
    });
  });

  describe('for a status that is not pinned', () => {
    it('answers 200 with pinned false', async () => {
      const status = await rig.post(author.token, 'Never pinned');
      expect(await act(author, status.id, 'unpin')).toMatchObject({ pinned: false });
    });
  });

  describe('after five pins, one unpinned', () => {
    it('lets another status be pinned', async () => {
      const pinner = await rig.newUser('repinner');
      const statuses = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => rig.post(pinner.token, `repin ${n}`)));
      for (const status of statuses.slice(0, 5)) await act(pinner, status.id, 'pin');
      await act(pinner, (statuses[0] as MastodonStatus).id, 'unpin');

      expect(await act(pinner, (statuses[5] as MastodonStatus).id, 'pin')).toMatchObject({ pinned: true });
    });
  });

  describe("for another user's private status the caller may not see", () => {
    it('answers 404 Record not found', async () => {
      const stranger = await rig.newUser('unpinstranger');
      const status = await rig.post(stranger.token, { status: 'hidden', visibility: 'private' });
      expectError(await api.post(`/api/v1/statuses/${status.id}/unpin`, { token: author.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for a status that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.post('/api/v1/statuses/1234567890/unpin', { token: author.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.post('/api/v1/statuses/1234567890/unpin'));
    });
  });
});
