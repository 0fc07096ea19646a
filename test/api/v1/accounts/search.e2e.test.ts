// GET /api/v1/accounts/search?q=: local accounts by the start of their username or of a word of their
// display name (Phanpy's and Tusky's mention autocomplete). Mastodon's Api::V1::Accounts::SearchController
// and AccountSearchService without a search engine: the exact username first, then accounts the user follows.
import { uniqueUsername, type TestUser } from '@social/testkit';
import { connectDatabase, describeWithDatabase } from '../../../support/database';
import { expectedAccount } from '../../../support/entities';
import { OUTSIDE_SCOPES, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { api, baseUrl, rig } from '../../../support/server';

const HOST = new URL(baseUrl).host;

interface Named {
  id: string;
  username: string;
}

async function signUpAs(username: string): Promise<Named> {
  const token = await rig.signUp(await rig.appToken(await rig.registerApp(), 'write'), username);
  return { id: (await rig.verifyCredentials(token)).id, username };
}

async function search(token: string, query: Record<string, string>): Promise<string[]> {
  const response = await api.get<Array<{ username: string }>>('/api/v1/accounts/search', { token, query });
  expectJson(response, 200);
  return (response.body as unknown as Array<{ username: string }>).map((account) => account.username);
}

describe('GET /api/v1/accounts/search', () => {
  let me: TestUser;
  let base: string;
  let exact: Named;
  let followed: Named;
  let other: Named;

  beforeAll(async () => {
    me = await rig.newUser('searcher');
    base = uniqueUsername('find');
    // Signed up in an order that is none of the orders expected below.
    other = await signUpAs(`${base}_a`);
    followed = await signUpAs(`${base}_b`);
    exact = await signUpAs(base);
    expectJson(await api.post(`/api/v1/accounts/${followed.id}/follow`, { token: me.token }), 200);
  });

  describe('with the start of a username', () => {
    it('answers 200 with the matching Accounts: the exact username first, then those I follow, then by username', async () => {
      const response = await api.get('/api/v1/accounts/search', { token: me.token, query: { q: base } });

      expectJson(response, 200);
      expect(response.body).toEqual([
        expectedAccount(baseUrl, exact),
        expectedAccount(baseUrl, followed, { followers_count: 1 }),
        expectedAccount(baseUrl, other),
      ]);
    });
  });

  describe.each([
    ['with a leading @', () => `@${base}`],
    ["with this server's domain", () => `${base}@${HOST}`],
    ['in other case', () => base.toUpperCase()],
  ])('%s', (_case, q) => {
    it('finds the same accounts', async () => {
      expect(await search(me.token, { q: q() })).toEqual([exact.username, followed.username, other.username]);
    });
  });

  describe('with limit and offset', () => {
    it('answers the page asked for', async () => {
      expect(await search(me.token, { q: base, limit: '2' })).toEqual([exact.username, followed.username]);
      expect(await search(me.token, { q: base, limit: '2', offset: '1' })).toEqual([followed.username, other.username]);
      expect(await search(me.token, { q: base, offset: '3' })).toEqual([]);
      expect(await search(me.token, { q: base, limit: '0' })).toEqual([]);
    });
  });

  describe('with following=true', () => {
    it('answers only the accounts I follow', async () => {
      expect(await search(me.token, { q: base, following: 'true' })).toEqual([followed.username]);
    });
  });

  describe('with resolve=true', () => {
    it('answers as without it (there is nothing remote to resolve)', async () => {
      expect(await search(me.token, { q: base, resolve: 'true' })).toEqual([exact.username, followed.username, other.username]);
    });
  });

  describe.each([
    ["another server's handle", () => `${base}@elsewhere.example`],
    ['a blank query', () => '  '],
    ['LIKE wildcards', () => `${base.slice(0, 4)}%`],
  ])('with %s', (_case, q) => {
    it('answers 200 with an empty list', async () => {
      expect(await search(me.token, { q: q() })).toEqual([]);
    });
  });

  describe('without q', () => {
    it('answers 200 with an empty list', async () => {
      expect(await search(me.token, {})).toEqual([]);
    });
  });

  describe('with a token of scope read:accounts', () => {
    it('answers 200', async () => {
      const token = await rig.passwordToken(await rig.registerApp('read:accounts'), me.email, me.password, 'read:accounts');

      expect(await search(token, { q: base })).toHaveLength(3);
    });
  });

  describe('with a token of scope read:follows only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(await rig.registerApp('read:follows'), me.email, me.password, 'read:follows');

      expectError(await api.get('/api/v1/accounts/search', { token, query: { q: base } }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with an app token', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      expectError(await api.get('/api/v1/accounts/search', { token: await rig.appToken(me.app, 'read'), query: { q: base } }), 422, USER_REQUIRED);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/accounts/search', { query: { q: base } }));
    });
  });

  describeWithDatabase('by display name, and with a suspended account', () => {
    const sql = connectDatabase();

    it('finds an account by the start of any word of its display name, and never a suspended one', async () => {
      const word = uniqueUsername('word').replace(/_/g, 'x');
      await sql.query('UPDATE accounts SET display_name = $2 WHERE id = $1', [other.id, `The ${word} Hatter`]);
      expect(await search(me.token, { q: word.slice(0, 8) })).toEqual([other.username]);

      await sql.query('UPDATE accounts SET suspended_at = now() WHERE id = $1', [other.id]);
      expect(await search(me.token, { q: base })).toEqual([exact.username, followed.username]);
    });
  });
});
