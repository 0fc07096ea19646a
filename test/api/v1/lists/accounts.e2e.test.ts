// GET, POST and DELETE /api/v1/lists/:id/accounts. docs/api/timelines.md#lists
// (Api::V1::Lists::AccountsController, ListAccount's validations).
import type { TestUser } from '@social/testkit';
import { expectedAccount } from '../../../support/entities';
import { expectError, expectInvalidToken, expectJson, RECORD_NOT_FOUND } from '../../../support/expectations';
import { follow, links } from '../../../support/interactions';
import { api, baseUrl, rig } from '../../../support/server';

describe('/api/v1/lists/:id/accounts', () => {
  let owner: TestUser;
  let members: TestUser[];
  let stranger: TestUser;
  let listId: string;

  const add = (ids: string[], token = owner.token, list = listId) => api.postForm(`/api/v1/lists/${list}/accounts`, { account_ids: ids }, { token });
  const members_ = (query = '', token = owner.token) => api.get<Array<{ id: string }>>(`/api/v1/lists/${listId}/accounts${query}`, { token });

  beforeAll(async () => {
    [owner, stranger, ...members] = await Promise.all([rig.newUser('laowner'), rig.newUser('lastranger'), rig.newUser('lamember'), rig.newUser('lamember'), rig.newUser('lamember')]);
    for (const member of members) await follow(owner, member);
    const created = await api.postForm<{ id: string }>('/api/v1/lists', { title: 'Members' }, { token: owner.token });
    listId = created.body.id;
  });

  describe('POST', () => {
    it('answers 200 {} and adds followed accounts (account_ids[])', async () => {
      const response = await add(members.map((m) => m.account.id));

      expectJson(response, 200);
      expect(response.body).toEqual({});
      expect((await members_()).body.map((a) => a.id).sort()).toEqual(members.map((m) => m.account.id).sort());
    });

    it('answers 422 Validation failed: Account has already been taken for a member', async () => {
      expectError(await add([(members[0] as TestUser).account.id]), 422, 'Validation failed: Account has already been taken');
    });

    it('answers 422 Validation failed: Account must be a followed account, and adds none of the batch', async () => {
      const other = await api.postForm<{ id: string }>('/api/v1/lists', { title: 'Other' }, { token: owner.token });

      expectError(await add([(members[0] as TestUser).account.id, stranger.account.id], owner.token, other.body.id), 422, 'Validation failed: Account must be a followed account');
      expect((await api.get(`/api/v1/lists/${other.body.id}/accounts`, { token: owner.token })).body).toEqual([]);
    });

    it('lets the owner add themself', async () => {
      const own = await api.postForm<{ id: string }>('/api/v1/lists', { title: 'Me' }, { token: owner.token });

      expectJson(await add([owner.account.id], owner.token, own.body.id), 200);
    });

    it('answers 404 Record not found for an unknown account, and without account_ids', async () => {
      expectError(await add(['999999999']), 404, RECORD_NOT_FOUND);
      expectError(await api.postForm(`/api/v1/lists/${listId}/accounts`, {}, { token: owner.token }), 404, RECORD_NOT_FOUND);
    });

    it("answers 404 Record not found for another user's list", async () => {
      expectError(await add([owner.account.id], stranger.token), 404, RECORD_NOT_FOUND);
    });
  });

  describe('GET', () => {
    it('answers 200 with the members as Accounts, largest id first', async () => {
      const response = await members_();

      expectJson(response, 200);
      const sorted = [...members].sort((a, b) => (BigInt(b.account.id) > BigInt(a.account.id) ? 1 : -1));
      expect(response.body).toEqual(
        sorted.map((member) =>
          expectedAccount(baseUrl, member.account, { followers_count: 1, created_at: expect.any(String), uri: expect.any(String), last_status_at: null }),
        ),
      );
    });

    it('pages with limit, and links next after a full page and prev by since_id', async () => {
      const first = await members_('?limit=2');
      expect(first.body).toHaveLength(2);
      const pageLinks = links(first);
      expect(pageLinks).toEqual({
        next: `${baseUrl}/api/v1/lists/${listId}/accounts?limit=2&max_id=${first.body[1]?.id}`,
        prev: `${baseUrl}/api/v1/lists/${listId}/accounts?limit=2&since_id=${first.body[0]?.id}`,
      });

      const second = await members_(`?limit=2&max_id=${first.body[1]?.id}`);
      expect(second.body).toHaveLength(1);
      expect(links(second).next).toBeUndefined();
    });

    it('answers every member, without a Link header, for limit=0', async () => {
      const response = await members_('?limit=0');

      expect(response.body).toHaveLength(3);
      expect(response.headers.link).toBeUndefined();
    });

    it("answers 404 Record not found for another user's list", async () => {
      expectError(await members_('', stranger.token), 404, RECORD_NOT_FOUND);
    });

    it('answers 401 without a token', async () => {
      expectInvalidToken(await api.get(`/api/v1/lists/${listId}/accounts`));
    });
  });

  describe('DELETE', () => {
    it('answers 200 {} and removes the accounts; accounts that are not members are ignored', async () => {
      const removed = members[0] as TestUser;
      const response = await api.send('DELETE', `/api/v1/lists/${listId}/accounts`, {
        token: owner.token,
        body: JSON.stringify({ account_ids: [removed.account.id, stranger.account.id] }),
        contentType: 'application/json',
      });

      expectJson(response, 200);
      expect(response.body).toEqual({});
      expect((await members_()).body.map((a) => a.id)).not.toContain(removed.account.id);
    });
  });
});
