// GET and DELETE /api/v1/statuses/:id. docs/api/statuses.md#reading, #delete, #entities.
import type { ApiResponse, MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { api, baseUrl, rig } from '../../../support/server';

describe('GET /api/v1/statuses/:id', () => {
  let author: TestUser;
  let reader: TestUser;
  let status: MastodonStatus;

  beforeAll(async () => {
    [author, reader] = await Promise.all([rig.newUser('shownauthor'), rig.newUser('shownreader')]);
    status = await rig.post(author.token, { status: 'Read me <please> & "thanks"', language: 'en' });
  });

  describe('for a public status, anonymously', () => {
    it('answers 200 with the Status and none of the viewer keys (favourited, reblogged, muted, bookmarked, pinned)', async () => {
      const response = await api.get(`/api/v1/statuses/${status.id}`);

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedStatus(baseUrl, {
          id: status.id,
          author: author.account,
          viewer: 'anonymous',
          statusesCount: 1,
          content: '<p>Read me &lt;please&gt; &amp; &quot;thanks&quot;</p>',
        }),
      );
      expect(response.body.created_at).toBe(status.created_at);
      for (const key of ['favourited', 'reblogged', 'muted', 'bookmarked', 'pinned', 'filtered']) {
        expect(response.body).not.toHaveProperty(key);
      }
      expect(response.body.application).toBeNull();
    });
  });

  describe('for a public status, as another user', () => {
    it('answers 200 with favourited, reblogged, muted and bookmarked present and false', async () => {
      const response = await api.get(`/api/v1/statuses/${status.id}`, { token: reader.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedStatus(baseUrl, { id: status.id, author: author.account, viewer: 'other', statusesCount: 1, content: status.content }),
      );
    });
  });

  describe('for a public status, as its author', () => {
    it('answers 200 with the viewer flags, pinned false and the application', async () => {
      const response = await api.get(`/api/v1/statuses/${status.id}`, { token: author.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedStatus(baseUrl, { id: status.id, author: author.account, viewer: 'author', statusesCount: 1, content: status.content }),
      );
    });
  });

  describe('for a public status, with an unknown token', () => {
    it('answers 200 as for an anonymous reader', async () => {
      const response = await api.get(`/api/v1/statuses/${status.id}`, { token: 'unknown-token' });

      expectJson(response, 200);
      expect(response.body).not.toHaveProperty('favourited');
    });
  });

  describe('for an unlisted status, anonymously', () => {
    it('answers 200 with visibility unlisted', async () => {
      const unlisted = await rig.post(author.token, { status: 'quietly public', visibility: 'unlisted' });

      const response = await api.get(`/api/v1/statuses/${unlisted.id}`);

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: unlisted.id, visibility: 'unlisted' });
    });
  });

  describe.each(['private', 'direct'])('for a %s status', (visibility) => {
    let hidden: MastodonStatus;

    beforeAll(async () => {
      hidden = await rig.post(author.token, { status: `a ${visibility} thought`, visibility });
    });

    it('answers 404 Record not found anonymously', async () => {
      expectError(await api.get(`/api/v1/statuses/${hidden.id}`), 404, RECORD_NOT_FOUND);
    });

    it('answers 404 Record not found to another user', async () => {
      expectError(await api.get(`/api/v1/statuses/${hidden.id}`, { token: reader.token }), 404, RECORD_NOT_FOUND);
    });

    it(`answers 200 to its author, with visibility ${visibility}`, async () => {
      const response = await api.get(`/api/v1/statuses/${hidden.id}`, { token: author.token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: hidden.id, visibility, content: `<p>a ${visibility} thought</p>` });
    });
  });

  describe.each([
    ['not a number', 'abc'],
    ['beyond 64 bits', '99999999999999999999'],
    ['negative', '-1'],
    ['zero', '0'],
    ['unknown', '1234567890'],
  ])('for an id that is %s', (_condition, id) => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get(`/api/v1/statuses/${id}`), 404, RECORD_NOT_FOUND);
    });
  });
});

describe('DELETE /api/v1/statuses/:id', () => {
  let author: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    [author, reader] = await Promise.all([rig.newUser('deleter'), rig.newUser('bystander')]);
  });

  describe("for the caller's own status", () => {
    let status: MastodonStatus;
    let response: ApiResponse<MastodonStatus>;

    beforeAll(async () => {
      status = await rig.post(author.token, { status: 'Soon *gone*', spoiler_text: 'bye', visibility: 'unlisted' });
      response = await api.delete<MastodonStatus>(`/api/v1/statuses/${status.id}`, { token: author.token });
    });

    it('answers 200 with the Status carrying the source text instead of content', () => {
      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedStatus(baseUrl, {
          id: status.id,
          author: author.account,
          viewer: 'author',
          text: 'Soon *gone*',
          fields: { sensitive: true, spoiler_text: 'bye', visibility: 'unlisted' },
        }),
      );
      expect(response.body).not.toHaveProperty('content');
    });

    it('makes GET answer 404 Record not found', async () => {
      expectError(await api.get(`/api/v1/statuses/${status.id}`, { token: author.token }), 404, RECORD_NOT_FOUND);
    });

    it('answers 404 Record not found when deleted again', async () => {
      expectError(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 404, RECORD_NOT_FOUND);
    });

    it("lowers the author's statuses_count back to 0", async () => {
      expect((await rig.verifyCredentials(author.token)).statuses_count).toBe(0);
    });
  });

  describe('for a reply', () => {
    it("lowers the parent's replies_count", async () => {
      const parent = await rig.post(author.token, 'parent');
      const reply = await rig.post(reader.token, { status: 'reply to be removed', in_reply_to_id: parent.id });

      expectJson(await api.delete(`/api/v1/statuses/${reply.id}`, { token: reader.token }), 200);

      const reread = await api.get(`/api/v1/statuses/${parent.id}`);
      expect(reread.body).toMatchObject({ replies_count: 0 });
    });
  });

  describe("for another user's status", () => {
    it('answers 404 Record not found and leaves the status in place', async () => {
      const status = await rig.post(author.token, 'mine, not yours');

      expectError(await api.delete(`/api/v1/statuses/${status.id}`, { token: reader.token }), 404, RECORD_NOT_FOUND);
      expectJson(await api.get(`/api/v1/statuses/${status.id}`), 200);
    });
  });

  describe('for an id that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.delete('/api/v1/statuses/1234567890', { token: author.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid, and deletes nothing', async () => {
      const status = await rig.post(author.token, 'keep me');

      expectInvalidToken(await api.delete(`/api/v1/statuses/${status.id}`));
      expectJson(await api.get(`/api/v1/statuses/${status.id}`), 200);
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const status = await rig.post(author.token, 'apps cannot delete me');
      const token = await rig.appToken(author.app, 'write');

      expectError(await api.delete(`/api/v1/statuses/${status.id}`, { token }), 422, USER_REQUIRED);
    });
  });

  describe('with a user token of scope read only', () => {
    it('answers 403 This action is outside the authorized scopes, and deletes nothing', async () => {
      const status = await rig.post(author.token, 'read-only tokens cannot delete me');
      const token = await rig.passwordToken(author.app, author.email, author.password, 'read');

      expectError(await api.delete(`/api/v1/statuses/${status.id}`, { token }), 403, OUTSIDE_SCOPES);
      expectJson(await api.get(`/api/v1/statuses/${status.id}`), 200);
    });
  });
});
