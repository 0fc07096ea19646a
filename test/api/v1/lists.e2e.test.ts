// GET and POST /api/v1/lists. docs/api/timelines.md#lists (Mastodon's Api::V1::ListsController, REST::ListSerializer).
import type { TestUser } from '@social/testkit';
import { expectError, expectInvalidToken, expectJson, OUTSIDE_SCOPES, USER_REQUIRED } from '../../support/expectations';
import { api, rig } from '../../support/server';

const ID = expect.stringMatching(/^\d+$/);

describe('POST /api/v1/lists', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('listmaker');
  });

  describe('with a title', () => {
    it('answers 200 with the List, replies_policy list and exclusive false by default', async () => {
      const response = await api.postForm('/api/v1/lists', { title: 'Tea drinkers' }, { token: user.token });

      expectJson(response, 200);
      expect(response.body).toEqual({ id: ID, title: 'Tea drinkers', replies_policy: 'list', exclusive: false });
    });

    it('takes replies_policy and exclusive (JSON body too)', async () => {
      const response = await api.postJson('/api/v1/lists', { title: 'Coffee', replies_policy: 'followed', exclusive: true }, { token: user.token });

      expectJson(response, 200);
      expect(response.body).toEqual({ id: ID, title: 'Coffee', replies_policy: 'followed', exclusive: true });
    });
  });

  describe('without a title', () => {
    it("answers 422 Validation failed: Title can't be blank", async () => {
      expectError(await api.postForm('/api/v1/lists', { title: '  ' }, { token: user.token }), 422, "Validation failed: Title can't be blank");
    });
  });

  describe('with an unknown replies_policy', () => {
    it('answers 422 Validation failed: Replies policy is not included in the list', async () => {
      const response = await api.postForm('/api/v1/lists', { title: 'x', replies_policy: 'everyone' }, { token: user.token });

      expectError(response, 422, 'Validation failed: Replies policy is not included in the list');
    });
  });

  describe('past 50 lists', () => {
    it('answers 422 Validation failed: You have reached the maximum number of lists', async () => {
      const hoarder = await rig.newUser('listhoarder');
      for (let i = 0; i < 50; i++) expectJson(await api.postForm('/api/v1/lists', { title: `List ${i}` }, { token: hoarder.token }), 200);

      const response = await api.postForm('/api/v1/lists', { title: 'One too many' }, { token: hoarder.token });

      expectError(response, 422, 'Validation failed: You have reached the maximum number of lists');
    });
  });

  describe('without a token', () => {
    it('answers 401', async () => {
      expectInvalidToken(await api.postForm('/api/v1/lists', { title: 'x' }));
    });
  });

  describe('with a read-only token', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const readOnly = await rig.passwordToken(user.app, user.email, user.password, 'read');
      expectError(await api.postForm('/api/v1/lists', { title: 'x' }, { token: readOnly }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with an app token', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const app = await rig.registerApp('write');
      expectError(await api.postForm('/api/v1/lists', { title: 'x' }, { token: await rig.appToken(app, 'write') }), 422, USER_REQUIRED);
    });
  });
});

describe('GET /api/v1/lists', () => {
  describe('as a user with lists', () => {
    it("answers 200 with the user's lists, oldest first, and none of other users'", async () => {
      const [owner, other] = await Promise.all([rig.newUser('listowner'), rig.newUser('listother')]);
      const first = await api.postForm('/api/v1/lists', { title: 'First' }, { token: owner.token });
      const second = await api.postForm('/api/v1/lists', { title: 'Second', replies_policy: 'none' }, { token: owner.token });
      await api.postForm('/api/v1/lists', { title: 'Not yours' }, { token: other.token });

      const response = await api.get('/api/v1/lists', { token: owner.token });

      expectJson(response, 200);
      expect(response.body).toEqual([first.body, second.body]);
    });
  });

  describe('as a user without lists', () => {
    it('answers 200 []', async () => {
      const user = await rig.newUser('listless');
      const response = await api.get('/api/v1/lists', { token: user.token });

      expectJson(response, 200);
      expect(response.body).toEqual([]);
    });
  });

  describe('without a token', () => {
    it('answers 401', async () => {
      expectInvalidToken(await api.get('/api/v1/lists'));
    });
  });
});
