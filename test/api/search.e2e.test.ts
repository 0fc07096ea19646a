// GET /api/v2/search: accounts, statuses and hashtags (docs/api/search.md). Who finds which status (their own, those
// they interacted with, public ones of indexable authors), blocks and mutes, hashtags by prefix, resolving a local
// URL, app tokens and no token, limit and offset.
import { randomBytes } from 'node:crypto';
import type { ApiResponse, MastodonStatus, TestUser } from '@social/testkit';
import { OUTSIDE_SCOPES, expectError, expectJson } from '../support/expectations';
import { act, follow, ids } from '../support/interactions';
import { api, rig } from '../support/server';
import { staffToken } from '../support/staff';

interface SearchBody {
  accounts: Array<{ id: string; username: string }>;
  statuses: Array<{ id: string }>;
  hashtags: Array<{ name: string; url: string; history: unknown[] }>;
}

async function search(token: string | undefined, query: Record<string, string>): Promise<SearchBody> {
  const response = await api.get<SearchBody>('/api/v2/search', { token, query });
  expectJson(response, 200);
  return response.body as unknown as SearchBody;
}

async function setIndexable(user: TestUser): Promise<void> {
  const response = await api.send('PATCH', '/api/v1/accounts/update_credentials', {
    token: user.token,
    contentType: 'application/x-www-form-urlencoded',
    body: 'indexable=true',
  });
  expectJson(response, 200);
}

describe('GET /api/v2/search', () => {
  // A word no other test posts, so every match is this file's.
  const word = `srch${randomBytes(5).toString('hex')}`;
  let author: TestUser;
  let indexed: TestUser;
  let stranger: TestUser;
  let blocker: TestUser;
  let muter: TestUser;
  let authorPublic: MastodonStatus;
  let authorPrivate: MastodonStatus;
  let indexedStatuses: MastodonStatus[];

  beforeAll(async () => {
    [author, indexed, stranger, blocker, muter] = await Promise.all([
      rig.newUser('srauthor'),
      rig.newUser('srindexed'),
      rig.newUser('srstranger'),
      rig.newUser('srblocker'),
      rig.newUser('srmuter'),
    ]);
    await setIndexable(indexed);
    authorPublic = await rig.post(author.token, `public words ${word}`);
    authorPrivate = await rig.post(author.token, { status: `private words ${word}`, visibility: 'private' });
    indexedStatuses = [];
    for (let n = 0; n < 3; n++) indexedStatuses.push(await rig.post(indexed.token, `indexed ${n} ${word}`));
  });

  const statusIds = async (user: TestUser, query: Record<string, string> = {}) =>
    ids((await search(user.token, { q: word, type: 'statuses', ...query })).statuses);

  describe('statuses', () => {
    it("finds public statuses of an indexable author for anyone, newest first, but not a non-indexable author's or a private one", async () => {
      expect(await statusIds(stranger)).toEqual(indexedStatuses.map((s) => s.id).reverse());
    });

    it('finds the author their own statuses, private ones too', async () => {
      expect(await statusIds(author, { account_id: author.account.id })).toEqual([authorPrivate.id, authorPublic.id]);
    });

    it('finds a public status of a non-indexable author once the stranger favourited it', async () => {
      const favouriter = await rig.newUser('srfav');
      expect(await statusIds(favouriter)).not.toContain(authorPublic.id);
      await act(favouriter, authorPublic.id, 'favourite');
      expect(await statusIds(favouriter)).toContain(authorPublic.id);
    });

    it('finds a status the caller bookmarked, or was mentioned in', async () => {
      const reader = await rig.newUser('srreader');
      await act(reader, authorPublic.id, 'bookmark');
      const mention = await rig.post(author.token, { status: `@${reader.username} direct ${word}`, visibility: 'direct' });
      expect(await statusIds(reader, { account_id: author.account.id })).toEqual([mention.id, authorPublic.id]);
      // Another stranger still finds neither.
      expect(await statusIds(stranger)).not.toContain(mention.id);
    });

    it('leaves out statuses of an account the caller blocks', async () => {
      expect((await api.post(`/api/v1/accounts/${indexed.account.id}/block`, { token: blocker.token })).status).toBe(200);
      expect(await statusIds(blocker)).toEqual([]);
    });

    it('leaves out statuses of an account the caller mutes', async () => {
      expect((await api.post(`/api/v1/accounts/${indexed.account.id}/mute`, { token: muter.token })).status).toBe(200);
      expect(await statusIds(muter)).toEqual([]);
    });

    it('pages with limit and offset (offset with a type), and filters by account_id, max_id and min_id', async () => {
      const newestFirst = indexedStatuses.map((s) => s.id).reverse();
      expect(await statusIds(stranger, { limit: '2' })).toEqual(newestFirst.slice(0, 2));
      expect(await statusIds(stranger, { limit: '2', offset: '2' })).toEqual(newestFirst.slice(2));
      expect(await statusIds(author, { account_id: indexed.account.id })).toEqual(newestFirst);
      expect(await statusIds(stranger, { max_id: newestFirst[0]! })).toEqual(newestFirst.slice(1));
      expect(await statusIds(stranger, { min_id: newestFirst[2]! })).toEqual(newestFirst.slice(0, 2));
    });

    it('ignores offset without a type', async () => {
      expect(ids((await search(stranger.token, { q: word, offset: '2' })).statuses)).toHaveLength(3);
    });
  });

  describe('hashtags', () => {
    it('finds hashtags by the start of their name, # optional, the exact name first then the shortest', async () => {
      await rig.post(author.token, `#${word}tagzz and #${word}tag and #${word}tagz`);
      const body = await search(stranger.token, { q: `#${word}TAG`, type: 'hashtags' });
      expect(body.hashtags.map((t) => t.name)).toEqual([`${word}tag`, `${word}tagz`, `${word}tagzz`]);
      // The Tag entity of GET /api/v1/tags/:name (docs/api/hashtags.md#the-tag-entity): 7 days of history, and with a user token following and featuring.
      expect(body.hashtags[0]).toEqual({
        id: expect.any(String), name: `${word}tag`, url: expect.stringMatching(new RegExp(`/tags/${word}tag$`)),
        history: expect.any(Array), following: false, featuring: false,
      });
      expect(body.hashtags[0]?.history).toHaveLength(7);
      expect((await search(stranger.token, { q: `${word}tagz`, type: 'hashtags', limit: '1' })).hashtags.map((t) => t.name)).toEqual([`${word}tagz`]);
    });
  });

  describe('hashtags with exclude_unreviewed=true', () => {
    it('finds only the hashtag named exactly and those a moderator reviewed (approved or rejected)', async () => {
      const names = [`${word}rv`, `${word}rva`, `${word}rvb`, `${word}rvc`];
      await rig.post(author.token, names.map((name) => `#${name}`).join(' '));
      const found = await search(stranger.token, { q: `${word}rv`, type: 'hashtags' });
      expect(found.hashtags.map((t) => t.name)).toEqual(names);
      const idOf = (name: string) => (found.hashtags.find((t) => t.name === name) as unknown as { id: string }).id;
      const token = await staffToken('Moderator', 'read admin:read admin:write');
      expectJson(await api.post(`/api/v1/admin/trends/tags/${idOf(`${word}rva`)}/approve`, { token }), 200);
      expectJson(await api.post(`/api/v1/admin/trends/tags/${idOf(`${word}rvc`)}/reject`, { token }), 200);

      const reviewed = await search(stranger.token, { q: `${word}rv`, type: 'hashtags', exclude_unreviewed: 'true' });
      expect(reviewed.hashtags.map((t) => t.name)).toEqual([`${word}rv`, `${word}rva`, `${word}rvc`]);
      expect((await search(stranger.token, { q: `${word}rvb`, exclude_unreviewed: 'true' })).hashtags.map((t) => t.name)).toEqual([`${word}rvb`]);
      expect((await search(stranger.token, { q: `${word}rv`, type: 'hashtags', exclude_unreviewed: 'false' })).hashtags.map((t) => t.name)).toEqual(names);
    });
  });

  describe('accounts with following=true', () => {
    it('finds only the accounts the caller follows', async () => {
      const prefix = `sf${randomBytes(3).toString('hex')}`;
      const [followed, unfollowed] = await Promise.all([rig.newUser(prefix), rig.newUser(prefix)]);
      await follow(stranger, followed);
      const usernames = async (query: Record<string, string>) =>
        (await search(stranger.token, { q: prefix, type: 'accounts', ...query })).accounts.map((a) => a.username).sort();
      expect(await usernames({})).toEqual([followed.username, unfollowed.username].sort());
      expect(await usernames({ following: 'true' })).toEqual([followed.username]);
      // All three categories at once: the accounts are narrowed the same way.
      expect((await search(stranger.token, { q: prefix, following: 'true' })).accounts.map((a) => a.id)).toEqual([followed.account.id]);
    });
  });

  describe('accounts', () => {
    it('finds accounts by the start of their username, the exact username first', async () => {
      const body = await search(stranger.token, { q: author.username, type: 'accounts' });
      expect(body.accounts[0]?.id).toBe(author.account.id);
      expect(body.statuses).toEqual([]);
      expect(body.hashtags).toEqual([]);
    });

    it('leaves out an account that blocks the caller', async () => {
      const body = await search(indexed.token, { q: blocker.username, type: 'accounts' });
      expect(body.accounts.map((a) => a.id)).not.toContain(blocker.account.id);
    });
  });

  describe('with resolve=true and a URL of this server', () => {
    it("finds the status of a status URL, if the caller may see it, and the account of a profile URL", async () => {
      expect(ids((await search(stranger.token, { q: String(authorPublic.url), resolve: 'true' })).statuses)).toEqual([authorPublic.id]);
      expect(ids((await search(stranger.token, { q: String(authorPrivate.url), resolve: 'true' })).statuses)).toEqual([]);
      expect(ids((await search(stranger.token, { q: String(author.account.url), resolve: 'true' })).accounts)).toEqual([author.account.id]);
    });

    it('finds nothing for the URL without resolve', async () => {
      expect(await search(stranger.token, { q: String(authorPublic.url) })).toEqual({ accounts: [], statuses: [], hashtags: [] });
    });
  });

  describe('with an app token', () => {
    let appToken: string;
    beforeAll(async () => {
      appToken = await rig.appToken(await rig.registerApp('read'), 'read');
    });

    it('finds accounts and hashtags, never statuses', async () => {
      const body = await search(appToken, { q: word });
      expect(body.statuses).toEqual([]);
      expect(body.hashtags.length).toBeGreaterThan(0);
      expect(ids((await search(appToken, { q: author.username })).accounts)).toContain(author.account.id);
    });

    it('answers 401 for offset (even 0) and for resolve', async () => {
      expectError(await api.get('/api/v2/search', { token: appToken, query: { q: word, offset: '0' } }), 401, 'Search queries pagination is not supported without authentication');
      expectError(
        await api.get('/api/v2/search', { token: appToken, query: { q: word, resolve: 'true' } }),
        401,
        'Search queries that resolve remote resources are not supported without authentication',
      );
    });
  });

  describe('without a token', () => {
    it('finds accounts and hashtags', async () => {
      const body = await search(undefined, { q: author.username });
      expect(ids(body.accounts)).toContain(author.account.id);
      expect(body.statuses).toEqual([]);
    });
  });

  describe('errors and edge cases', () => {
    it('answers 400 without q', async () => {
      expectError(await api.get('/api/v2/search', { token: stranger.token }), 400, 'param is missing or the value is empty: q');
    });

    it('answers all three empty for a blank q, limit=0 or an unknown type', async () => {
      const empty = { accounts: [], statuses: [], hashtags: [] };
      expect(await search(stranger.token, { q: '  ' })).toEqual(empty);
      expect(await search(stranger.token, { q: word, limit: '0' })).toEqual(empty);
      expect(await search(stranger.token, { q: word, type: 'people' })).toEqual(empty);
    });

    it('answers 403 for a token without read:search', async () => {
      const app = await rig.registerApp('read:statuses');
      const token = await rig.passwordToken(app, stranger.email, stranger.password, 'read:statuses');
      expectError(await api.get('/api/v2/search', { token, query: { q: word } }), 403, OUTSIDE_SCOPES);
    });

    it('answers 200 with read:search alone', async () => {
      const app = await rig.registerApp('read:search');
      const token = await rig.passwordToken(app, stranger.email, stranger.password, 'read:search');
      const response: ApiResponse<SearchBody> = await api.get('/api/v2/search', { token, query: { q: word, type: 'statuses' } });
      expectJson(response, 200);
    });
  });
});
