// GET /api/v1/accounts/:id/followers and /following: accounts, newest follow first, with Link pagination.
// docs/api/accounts.md#reading (needs an authenticated client); Mastodon's Follower/FollowingAccountsController.
import type { TestUser } from '@social/testkit';
import { expectedAccount } from '../../../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, expectError, expectInvalidToken, expectJson } from '../../../../support/expectations';
import { api, baseUrl, rig } from '../../../../support/server';

/** The follow cursors of a Link header, by rel. */
function links(header: string | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of (header ?? '').split(', ').filter(Boolean)) {
    const match = /^<([^>]+)>; rel="(next|prev)"$/.exec(part);
    if (!match) throw new Error(`unexpected Link part: ${part}`);
    found[match[2] as string] = match[1] as string;
  }
  return found;
}

describe('GET /api/v1/accounts/:id/followers', () => {
  let star: TestUser;
  let fans: TestUser[];

  beforeAll(async () => {
    star = await rig.newUser('star');
    fans = await Promise.all([1, 2, 3].map((n) => rig.newUser(`fan${n}`)));
    for (const fan of fans) await api.post(`/api/v1/accounts/${star.account.id}/follow`, { token: fan.token });
  });

  describe('with a user token', () => {
    it('answers 200 with the followers as Accounts, newest follow first, and no next link for a short page', async () => {
      const response = await api.get(`/api/v1/accounts/${star.account.id}/followers`, { token: star.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        [...fans].reverse().map((fan) => expectedAccount(baseUrl, { id: fan.account.id, username: fan.username }, { following_count: 1 })),
      );
      expect(Object.keys(links(response.headers.link))).toEqual(['prev']);
    });
  });

  describe('with limit=2', () => {
    it('answers the two newest with next and prev links that keep the limit, and the next page holds the rest', async () => {
      const first = await api.get<Array<{ id: string }>>(`/api/v1/accounts/${star.account.id}/followers?limit=2`, { token: star.token });

      expect(first.body.map((account) => account.id)).toEqual([fans[2]!.account.id, fans[1]!.account.id]);
      const { next, prev } = links(first.headers.link);
      expect(next).toMatch(new RegExp(`^${baseUrl}/api/v1/accounts/${star.account.id}/followers\\?limit=2&max_id=\\d+$`));
      expect(prev).toMatch(new RegExp(`^${baseUrl}/api/v1/accounts/${star.account.id}/followers\\?limit=2&since_id=\\d+$`));

      const second = await api.get<Array<{ id: string }>>(new URL(next!).pathname + new URL(next!).search, { token: star.token });
      expect(second.body.map((account) => account.id)).toEqual([fans[0]!.account.id]);
      expect(Object.keys(links(second.headers.link))).toEqual(['prev']);

      const newer = await api.get<Array<{ id: string }>>(new URL(prev!).pathname + new URL(prev!).search, { token: star.token });
      expect(newer.body).toEqual([]);
      expect(newer.headers.link).toBeUndefined();
    });
  });

  describe('with limit=0', () => {
    it('answers an empty page without a Link header', async () => {
      const response = await api.get(`/api/v1/accounts/${star.account.id}/followers?limit=0`, { token: star.token });

      expectJson(response, 200);
      expect(response.body).toEqual([]);
      expect(response.headers.link).toBeUndefined();
    });
  });

  describe('with an app token (an authenticated client without a user)', () => {
    it('answers 200 with the followers', async () => {
      const response = await api.get<unknown[]>(`/api/v1/accounts/${star.account.id}/followers`, { token: await rig.appToken(star.app, 'read') });

      expectJson(response, 200);
      expect(response.body).toHaveLength(3);
    });
  });

  describe('for an account nobody follows', () => {
    it('answers 200 with an empty array and no Link header', async () => {
      const response = await api.get(`/api/v1/accounts/${fans[0]!.account.id}/followers`, { token: star.token });

      expectJson(response, 200);
      expect(response.body).toEqual([]);
      expect(response.headers.link).toBeUndefined();
    });
  });

  describe('for an account that does not exist', () => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get('/api/v1/accounts/1234567890123/followers', { token: star.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('with a token of scope write only', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const token = await rig.passwordToken(star.app, star.email, star.password, 'write');

      expectError(await api.get(`/api/v1/accounts/${star.account.id}/followers`, { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get(`/api/v1/accounts/${star.account.id}/followers`));
    });
  });
});

describe('GET /api/v1/accounts/:id/following', () => {
  let reader: TestUser;
  let authors: TestUser[];

  beforeAll(async () => {
    reader = await rig.newUser('reader');
    authors = await Promise.all([1, 2].map((n) => rig.newUser(`author${n}`)));
    for (const author of authors) await api.post(`/api/v1/accounts/${author.account.id}/follow`, { token: reader.token });
  });

  describe('with a user token', () => {
    it('answers 200 with the followed accounts, newest follow first', async () => {
      const response = await api.get(`/api/v1/accounts/${reader.account.id}/following`, { token: reader.token });

      expectJson(response, 200);
      expect(response.body).toEqual(
        [...authors].reverse().map((author) => expectedAccount(baseUrl, { id: author.account.id, username: author.username }, { followers_count: 1 })),
      );
    });
  });

  describe('after an unfollow', () => {
    it('no longer lists the account', async () => {
      await api.post(`/api/v1/accounts/${authors[0]!.account.id}/unfollow`, { token: reader.token });

      const response = await api.get<Array<{ id: string }>>(`/api/v1/accounts/${reader.account.id}/following`, { token: reader.token });

      expect(response.body.map((account) => account.id)).toEqual([authors[1]!.account.id]);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get(`/api/v1/accounts/${reader.account.id}/following`));
    });
  });
});
