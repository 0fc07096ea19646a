// GET /api/v1/accounts/lookup?acct=: a local account by its handle, as Elk opens a profile from a link.
// Mastodon's Api::V1::Accounts::LookupController (ResolveAccountService without WebFinger).
import type { TestUser } from '@social/testkit';
import { expectedAccount } from '../../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, expectError, expectJson } from '../../../support/expectations';
import { api, baseUrl, rig } from '../../../support/server';

const HOST = new URL(baseUrl).host;

describe('GET /api/v1/accounts/lookup', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('lookup');
  });

  describe('anonymously, with the username', () => {
    it('answers 200 with the Account, the same as GET /api/v1/accounts/:id (the fixed path is not taken for an id)', async () => {
      const response = await api.get('/api/v1/accounts/lookup', { query: { acct: user.username } });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedAccount(baseUrl, { id: user.account.id, username: user.username }));
      expect(response.body).toEqual((await api.get(`/api/v1/accounts/${user.account.id}`)).body);
    });
  });

  describe.each([
    ['with a leading @', (name: string) => `@${name}`],
    ["with this server's domain", (name: string) => `${name}@${HOST}`],
    ['as @username@domain, in other case', (name: string) => `@${name.toUpperCase()}@${HOST.toUpperCase()}`],
  ])('%s', (_case, handle) => {
    it('answers 200 with the Account', async () => {
      const response = await api.get('/api/v1/accounts/lookup', { query: { acct: handle(user.username) } });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: user.account.id, username: user.username, acct: user.username });
    });
  });

  describe('with a user token', () => {
    it('answers 200 with the Account', async () => {
      const response = await api.get('/api/v1/accounts/lookup', { token: user.token, query: { acct: user.username } });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ id: user.account.id });
    });
  });

  describe.each([
    ['an unknown username', { acct: 'nobody_by_that_name' }],
    ["another server's handle", { acct: 'someone@elsewhere.example' }],
    ['a handle with two domains', { acct: 'x@a.example@b.example' }],
    ['an empty acct', { acct: '' }],
    ['no acct at all', {}],
  ])('with %s', (_case, query) => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get('/api/v1/accounts/lookup', { query }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with a token without a read scope', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(await rig.registerApp('write'), user.email, user.password, 'write');

      expectError(await api.get('/api/v1/accounts/lookup', { token, query: { acct: user.username } }), 403, OUTSIDE_SCOPES);
    });
  });
});
