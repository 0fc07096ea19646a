// GET /api/v1/accounts?id[]=: several accounts at once (Mastodon 4.3), in the order asked, unknown ids
// left out, at most 40. Public. docs/api/accounts.md.
import type { JsonObject, TestUser } from '@social/testkit';
import { expectedAccount } from '../../../support/entities';
import { expectJson } from '../../../support/expectations';
import { api, baseUrl, rig } from '../../../support/server';

describe('GET /api/v1/accounts?id[]=', () => {
  let first: TestUser;
  let second: TestUser;

  beforeAll(async () => {
    [first, second] = await Promise.all([rig.newUser('many'), rig.newUser('many')]);
  });

  it('answers the accounts in the order asked, once each, leaving unknown and malformed ids out', async () => {
    const response = await api.get<JsonObject[]>(`/api/v1/accounts?id[]=${second.account.id}&id[]=999999999&id[]=${first.account.id}&id[]=abc&id[]=${second.account.id}`);

    expectJson(response, 200);
    expect(response.body).toEqual([
      expectedAccount(baseUrl, { id: second.account.id, username: second.username }),
      expectedAccount(baseUrl, { id: first.account.id, username: first.username }),
    ]);
  });

  it('answers [] for no ids', async () => {
    const response = await api.get<JsonObject[]>('/api/v1/accounts');
    expectJson(response, 200);
    expect(response.body).toEqual([]);
  });

  it('refuses more than 40 ids with 422', async () => {
    const ids = Array.from({ length: 41 }, (_, i) => `id[]=${i + 1}`).join('&');
    expectJson(await api.get(`/api/v1/accounts?${ids}`), 422);
  });
});
