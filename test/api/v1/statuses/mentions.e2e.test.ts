// POST /api/v1/statuses with mentions: the mentions field, the content HTML, and who may then see the
// status. docs/api/statuses.md#character-counting, #content-html.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { RECORD_NOT_FOUND, expectError, expectJson } from '../../../support/expectations';
import { api, baseUrl, rig } from '../../../support/server';

const TOO_LONG = 'Validation failed: Text character limit of 500 exceeded';

function mentionHtml(user: TestUser): string {
  return `<span class="h-card" translate="no"><a href="${baseUrl}/@${user.username}" class="u-url mention">@<span>${user.username}</span></a></span>`;
}

function mentionOf(user: TestUser) {
  return { id: user.account.id, username: user.username, url: `${baseUrl}/@${user.username}`, acct: user.username };
}

async function publish(user: TestUser, fields: Record<string, string>): Promise<MastodonStatus> {
  const response = await api.postForm<MastodonStatus>('/api/v1/statuses', fields, { token: user.token });
  expectJson(response, 200);
  return response.body;
}

describe('POST /api/v1/statuses', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;

  beforeAll(async () => {
    [alice, bob, carol] = await Promise.all([rig.newUser('mnalice'), rig.newUser('mnbob'), rig.newUser('mncarol')]);
  });

  describe('with a text mentioning a local account', () => {
    it('answers 200 with the mention in mentions and linked in content', async () => {
      const status = await publish(alice, { status: `Hi @${bob.username}!` });

      expect(status.mentions).toEqual([mentionOf(bob)]);
      expect(status.content).toBe(`<p>Hi ${mentionHtml(bob)}!</p>`);
    });

    it('shows the same mentions and content to any reader', async () => {
      const status = await publish(alice, { status: `Hello @${bob.username}` });
      const response = await api.get<MastodonStatus>(`/api/v1/statuses/${status.id}`);
      expect(response.body).toMatchObject({ mentions: [mentionOf(bob)], content: `<p>Hello ${mentionHtml(bob)}</p>` });
    });
  });

  describe('with mentions in another case, repeated, and with this server as domain', () => {
    it('lists each account once, in order of appearance, and links every occurrence by its stored username', async () => {
      const host = new URL(baseUrl).hostname;
      const status = await publish(alice, { status: `@${carol.username.toUpperCase()} @${bob.username}@${host} @${carol.username}` });

      expect(status.mentions).toEqual([mentionOf(carol), mentionOf(bob)]);
      expect(status.content).toBe(`<p>${mentionHtml(carol)} ${mentionHtml(bob)} ${mentionHtml(carol)}</p>`);
    });
  });

  describe('with mentions that name no local account', () => {
    it('keeps them as escaped text and lists no mention', async () => {
      const status = await publish(alice, { status: `@nobody_here and @${bob.username}@elsewhere.example & friends` });

      expect(status.mentions).toEqual([]);
      expect(status.content).toBe(`<p>@nobody_here and @${bob.username}@elsewhere.example &amp; friends</p>`);
    });
  });

  describe('with an @ inside a URL or an e-mail address', () => {
    it('links the URL and mentions nobody', async () => {
      const status = await publish(alice, { status: `mail x${bob.username}@example.com or see https://example.com/@${bob.username}` });
      expect(status.mentions).toEqual([]);
      expect(status.content).not.toContain('h-card');
    });
  });

  describe('with visibility direct, mentioning an account', () => {
    let status: MastodonStatus;

    beforeAll(async () => {
      status = await publish(alice, { status: `@${bob.username} just between us`, visibility: 'direct' });
    });

    it('lets the mentioned account read it', async () => {
      const response = await api.get<MastodonStatus>(`/api/v1/statuses/${status.id}`, { token: bob.token });
      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: status.id, visibility: 'direct', mentions: [mentionOf(bob)] });
    });

    it('answers 404 to an account it does not mention', async () => {
      expectError(await api.get(`/api/v1/statuses/${status.id}`, { token: carol.token }), 404, RECORD_NOT_FOUND);
    });

    it('answers 404 anonymously', async () => {
      expectError(await api.get(`/api/v1/statuses/${status.id}`), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with visibility private, mentioning an account that does not follow the author', () => {
    it('lets the mentioned account read it, and not other non-followers', async () => {
      const status = await publish(alice, { status: `@${carol.username} followers and you`, visibility: 'private' });

      expectJson(await api.get(`/api/v1/statuses/${status.id}`, { token: carol.token }), 200);
      expectError(await api.get(`/api/v1/statuses/${status.id}`, { token: bob.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with a reply to a direct status the caller is mentioned in', () => {
    it('answers 200: the mentioned account may reply', async () => {
      const dm = await publish(alice, { status: `@${bob.username} can you reply?`, visibility: 'direct' });
      const reply = await publish(bob, { status: `@${alice.username} yes`, visibility: 'direct', in_reply_to_id: dm.id });
      expect(reply).toMatchObject({ in_reply_to_id: dm.id, mentions: [mentionOf(alice)] });
    });
  });

  describe("with a remote mention whose domain would pass the limit (Mastodon counts only '@user')", () => {
    it('accepts the text', async () => {
      const text = `${'a'.repeat(480)} @someone@${'d'.repeat(40)}.example`;
      await publish(alice, { status: text });
    });

    it('still counts the @user part', async () => {
      const text = `${'a'.repeat(490)} @someone_long@elsewhere.example`;
      expectError(await api.postForm('/api/v1/statuses', { status: text }, { token: alice.token }), 422, TOO_LONG);
    });
  });
});
