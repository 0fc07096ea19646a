// GET /api/v1/suggestions and DELETE /api/v1/suggestions/:account_id: the accounts of /api/v2/suggestions,
// without their sources. docs/api/accounts.md#suggestions.
import type { JsonObject, TestUser } from '@social/testkit';
import { expectedAccount } from '../../support/entities';
import { RECORD_NOT_FOUND, expectError, expectInvalidToken, expectJson } from '../../support/expectations';
import { follow, ids, updateProfile } from '../../support/interactions';
import { api, baseUrl, rig } from '../../support/server';

describe('GET /api/v1/suggestions', () => {
  let viewer: TestUser;
  let suggested: TestUser;

  beforeAll(async () => {
    const [friend, user, account] = await Promise.all([rig.newUser('sugv1friend'), rig.newUser('sugv1viewer'), rig.newUser('sugv1suggested')]);
    [viewer, suggested] = [user, account];
    await updateProfile(suggested, 'discoverable=true');
    await follow(viewer, friend);
    await follow(friend, suggested);
  });

  it('answers the suggested accounts as Accounts, friends of friends first', async () => {
    const response = await api.get<JsonObject[]>('/api/v1/suggestions', { token: viewer.token });

    expectJson(response, 200);
    expect(response.body[0]).toEqual(expectedAccount(baseUrl, { id: suggested.account.id, username: suggested.username }, { discoverable: true, followers_count: 1 }));
  });

  it('answers at most limit accounts', async () => {
    const response = await api.get<JsonObject[]>('/api/v1/suggestions?limit=1', { token: viewer.token });
    expectJson(response, 200);
    expect(response.body).toHaveLength(1);
  });

  it('answers 401 without a token', async () => {
    expectInvalidToken(await api.get('/api/v1/suggestions'));
  });
});

describe('DELETE /api/v1/suggestions/:account_id', () => {
  it('answers {} and the account is no longer suggested', async () => {
    const [friend, viewer, suggested] = await Promise.all([rig.newUser('sugv1f'), rig.newUser('sugv1v'), rig.newUser('sugv1s')]);
    await updateProfile(suggested, 'discoverable=true');
    await follow(viewer, friend);
    await follow(friend, suggested);
    expect(ids((await api.get<Array<{ id: string }>>('/api/v1/suggestions', { token: viewer.token })).body)).toContain(suggested.account.id);

    const response = await api.delete(`/api/v1/suggestions/${suggested.account.id}`, { token: viewer.token });

    expectJson(response, 200);
    expect(response.body).toEqual({});
    expect(ids((await api.get<Array<{ id: string }>>('/api/v1/suggestions', { token: viewer.token })).body)).not.toContain(suggested.account.id);
  });

  it('answers 404 Record not found for an unknown account', async () => {
    const user = await rig.newUser('sugv1unknown');
    expectError(await api.delete('/api/v1/suggestions/1234567890', { token: user.token }), 404, RECORD_NOT_FOUND);
  });
});
