// POST /api/v1/statuses. docs/api/statuses.md#posting, #idempotency; docs/api/conventions.md#booleans.
import type { FormFields, MastodonStatus, TestUser } from '@social/testkit';
import { expectedStatus } from '../../support/entities';
import {
  OUTSIDE_SCOPES,
  USER_REQUIRED,
  expectError,
  expectInvalidToken,
  expectJson,
  expectRecentTimestamp,
} from '../../support/expectations';
import { api, baseUrl, rig } from '../../support/server';

const REPLY_TARGET_MISSING = 'The post you are trying to reply to does not appear to exist.';
const TOO_LONG = 'Validation failed: Text character limit of 500 exceeded';

/** The action under test: POST /api/v1/statuses as a form, checked for 200 and JSON. */
async function publish(token: string, fields: FormFields): Promise<MastodonStatus> {
  const response = await api.postForm<MastodonStatus>('/api/v1/statuses', fields, { token });
  expectJson(response, 200);
  return response.body;
}

async function statusesCount(user: TestUser): Promise<number> {
  return (await rig.verifyCredentials(user.token)).statuses_count;
}

describe('POST /api/v1/statuses', () => {
  let author: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    [author, reader] = await Promise.all([rig.newUser('author'), rig.newUser('reader')]);
  });

  describe('with a text in a form body', () => {
    it('answers 200 with the Status as its author sees it', async () => {
      const user = await rig.newUser('firstpost');

      const response = await api.postForm<MastodonStatus>('/api/v1/statuses', { status: 'Hello, world!' }, { token: user.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedStatus(baseUrl, { author: user.account, viewer: 'author', statusesCount: 1, content: '<p>Hello, world!</p>' }),
      );
      expectRecentTimestamp(response.body.created_at);
    });

    it("raises the author's statuses_count by one", async () => {
      const before = await statusesCount(author);

      await publish(author.token, { status: 'counted' });

      expect(await statusesCount(author)).toBe(before + 1);
    });
  });

  describe('with a JSON body', () => {
    it('answers 200 with the Status', async () => {
      const response = await api.postJson<MastodonStatus>(
        '/api/v1/statuses',
        { status: 'From JSON', visibility: 'unlisted', sensitive: true, language: 'fr' },
        { token: author.token },
      );

      expectJson(response, 200);
      expect(response.body).toMatchObject({ content: '<p>From JSON</p>', visibility: 'unlisted', sensitive: true, language: 'fr' });
    });
  });

  describe('with a multipart body', () => {
    it('answers 200 with the Status', async () => {
      const response = await api.postMultipart<MastodonStatus>('/api/v1/statuses', { status: 'From multipart' }, { token: author.token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ content: '<p>From multipart</p>' });
    });
  });

  describe.each(['public', 'unlisted', 'private', 'direct'])('with visibility %s', (visibility) => {
    it(`answers 200 with visibility ${visibility}`, async () => {
      const status = await publish(author.token, { status: `a ${visibility} post`, visibility });

      expect(status.visibility).toBe(visibility);
    });
  });

  describe('with an unknown visibility', () => {
    it('answers 422 Validation failed: Visibility is not included in the list, and posts nothing', async () => {
      const before = await statusesCount(author);

      const response = await api.postForm('/api/v1/statuses', { status: 'nope', visibility: 'friends' }, { token: author.token });

      expectError(response, 422, 'Validation failed: Visibility is not included in the list');
      expect(await statusesCount(author)).toBe(before);
    });
  });

  describe('with spoiler_text and sensitive false', () => {
    it('answers 200 with sensitive forced to true and the spoiler_text kept', async () => {
      const status = await publish(author.token, { status: 'behind a warning', spoiler_text: 'Spoilers', sensitive: 'false' });

      expect(status).toMatchObject({ sensitive: true, spoiler_text: 'Spoilers', content: '<p>behind a warning</p>' });
    });
  });

  describe('with a blank text and a spoiler_text', () => {
    it("answers 200 with Mastodon's placeholder text", async () => {
      const status = await publish(author.token, { status: '', spoiler_text: 'Only a warning' });

      expect(status).toMatchObject({ sensitive: true, spoiler_text: 'Only a warning', content: '<p>.</p>' });
    });
  });

  describe.each([
    ['0', false],
    ['false', false],
    ['off', false],
    ['f', false],
    ['FALSE', false],
    ['1', true],
    ['true', true],
    ['on', true],
  ])('with sensitive "%s" in a form (Rails booleans)', (value, expected) => {
    it(`answers 200 with sensitive ${String(expected)}`, async () => {
      const status = await publish(author.token, { status: `sensitive=${value}`, sensitive: value });

      expect(status.sensitive).toBe(expected);
    });
  });

  describe('with a language', () => {
    it('answers 200 with that language', async () => {
      expect((await publish(author.token, { status: 'Hallo Welt', language: 'de' })).language).toBe('de');
    });

    it('drops a region suffix (pt_BR becomes pt)', async () => {
      expect((await publish(author.token, { status: 'Howdy', language: 'pt_BR' })).language).toBe('pt');
    });

    it("falls back to the server's default language for an invalid code, without an error", async () => {
      expect((await publish(author.token, { status: 'Unknown tongue', language: 'not a language' })).language).toBe('en');
    });
  });

  describe('with in_reply_to_id of a visible status', () => {
    it("answers 200 with in_reply_to_id and in_reply_to_account_id, and raises the parent's replies_count", async () => {
      const parent = await rig.post(author.token, 'parent post');

      const reply = await publish(reader.token, { status: 'a reply', in_reply_to_id: parent.id });

      expect(reply).toMatchObject({ in_reply_to_id: parent.id, in_reply_to_account_id: author.account.id });
      const reread = await api.get(`/api/v1/statuses/${parent.id}`);
      expectJson(reread, 200);
      expect(reread.body).toMatchObject({ replies_count: 1 });
    });
  });

  describe('with in_reply_to_id of a status that does not exist', () => {
    it('answers 404 The post you are trying to reply to does not appear to exist.', async () => {
      const before = await statusesCount(reader);

      const response = await api.postForm('/api/v1/statuses', { status: 'into the void', in_reply_to_id: '1234567890' }, { token: reader.token });

      expectError(response, 404, REPLY_TARGET_MISSING);
      expect(await statusesCount(reader)).toBe(before);
    });
  });

  describe("with in_reply_to_id of another user's private status", () => {
    it('answers 404 as if it did not exist', async () => {
      const hidden = await rig.post(author.token, { status: 'followers only', visibility: 'private' });

      const response = await api.postForm('/api/v1/statuses', { status: 'peek', in_reply_to_id: hidden.id }, { token: reader.token });

      expectError(response, 404, REPLY_TARGET_MISSING);
    });
  });

  describe('with a blank text', () => {
    it("answers 422 Validation failed: Text can't be blank, and posts nothing", async () => {
      const before = await statusesCount(author);

      const response = await api.postForm('/api/v1/statuses', { status: '   ' }, { token: author.token });

      expectError(response, 422, "Validation failed: Text can't be blank");
      expect(await statusesCount(author)).toBe(before);
    });
  });

  describe('without a status parameter', () => {
    it("answers 422 Validation failed: Text can't be blank", async () => {
      expectError(await api.post('/api/v1/statuses', { token: author.token }), 422, "Validation failed: Text can't be blank");
    });
  });

  describe('with text at the character limit', () => {
    it('accepts 500 characters', async () => {
      const status = await publish(author.token, { status: 'a'.repeat(500) });

      expect(status.content).toBe(`<p>${'a'.repeat(500)}</p>`);
    });

    it('accepts 500 emoji, each one grapheme of several code points', async () => {
      const family = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}';
      const response = await api.postForm('/api/v1/statuses', { status: family.repeat(500) }, { token: author.token });

      expectJson(response, 200);
    });

    it('counts a URL as 23 characters however long it is', async () => {
      const url = `https://example.com/${'x'.repeat(200)}`;

      const response = await api.postForm('/api/v1/statuses', { status: `${'a'.repeat(476)} ${url}` }, { token: author.token });

      expectJson(response, 200);
    });
  });

  describe('with text over the character limit', () => {
    it('answers 422 for 501 characters, and posts nothing', async () => {
      const before = await statusesCount(author);

      const response = await api.postForm('/api/v1/statuses', { status: 'a'.repeat(501) }, { token: author.token });

      expectError(response, 422, TOO_LONG);
      expect(await statusesCount(author)).toBe(before);
    });

    it('answers 422 for 501 emoji', async () => {
      const response = await api.postForm('/api/v1/statuses', { status: '\u{1F44D}\u{1F3FD}'.repeat(501) }, { token: author.token });

      expectError(response, 422, TOO_LONG);
    });

    it('answers 422 when a URL counted as 23 brings the text to 501', async () => {
      const response = await api.postForm(
        '/api/v1/statuses',
        { status: `${'a'.repeat(477)} https://example.com/short` },
        { token: author.token },
      );

      expectError(response, 422, TOO_LONG);
    });

    it('answers 422 when spoiler_text and text together pass 500', async () => {
      const response = await api.postForm('/api/v1/statuses', { status: 'a'.repeat(491), spoiler_text: 'b'.repeat(10) }, { token: author.token });

      expectError(response, 422, TOO_LONG);
    });
  });

  describe('with the same Idempotency-Key twice', () => {
    it('answers both times with the same status and posts it once', async () => {
      const user = await rig.newUser('idempotent');
      const headers = { 'idempotency-key': `key-${user.username}` };

      const first = await api.postForm<MastodonStatus>('/api/v1/statuses', { status: 'only once' }, { token: user.token, headers });
      const second = await api.postForm<MastodonStatus>('/api/v1/statuses', { status: 'only once' }, { token: user.token, headers });

      expectJson(first, 200);
      expectJson(second, 200);
      expect(second.body.id).toBe(first.body.id);
      expect(await statusesCount(user)).toBe(1);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.postForm('/api/v1/statuses', { status: 'anonymous' }));
    });
  });

  describe('with an invalid token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.postForm('/api/v1/statuses', { status: 'forged' }, { token: 'forged-token' }));
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const token = await rig.appToken(author.app, 'write');

      expectError(await api.postForm('/api/v1/statuses', { status: 'from the app' }, { token }), 422, USER_REQUIRED);
    });
  });

  describe('with a user token of scope read only', () => {
    it('answers 403 This action is outside the authorized scopes, and posts nothing', async () => {
      const token = await rig.passwordToken(author.app, author.email, author.password, 'read');
      const before = await statusesCount(author);

      expectError(await api.postForm('/api/v1/statuses', { status: 'read only' }, { token }), 403, OUTSIDE_SCOPES);
      expect(await statusesCount(author)).toBe(before);
    });
  });

  describe('with a user token of the granular scope write:statuses', () => {
    it('answers 200 with the Status', async () => {
      const app = await rig.registerApp('read write:statuses');
      const token = await rig.passwordToken(app, author.email, author.password, 'write:statuses');

      const response = await api.postForm('/api/v1/statuses', { status: 'granular' }, { token });

      expectJson(response, 200);
    });
  });
});
