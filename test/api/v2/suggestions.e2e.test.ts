// GET /api/v2/suggestions and DELETE /api/v2/suggestions/:account_id: accounts to follow and why; friends of
// friends first, then active discoverable accounts, most followed first. docs/api/accounts.md#suggestions.
import type { JsonObject, TestUser } from '@social/testkit';
import { expectedAccount } from '../../support/entities';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../support/expectations';
import { follow, updateProfile } from '../../support/interactions';
import { api, baseUrl, rig } from '../../support/server';

interface Suggestion {
  source: string;
  sources: string[];
  account: JsonObject & { id: string };
}

const accountIds = (suggestions: Suggestion[]) => suggestions.map((suggestion) => suggestion.account.id);

async function suggestionsFor(user: TestUser, query = 'limit=80'): Promise<Suggestion[]> {
  const response = await api.get<Suggestion[]>(`/api/v2/suggestions?${query}`, { token: user.token });
  expectJson(response, 200);
  return response.body;
}

/** A new user whose profile may be suggested, with one status (so that it counts as active). */
async function discoverableUser(prefix: string): Promise<TestUser> {
  const user = await rig.newUser(prefix);
  await updateProfile(user, 'discoverable=true');
  await rig.post(user.token, `${prefix} says hello`);
  return user;
}

describe('GET /api/v2/suggestions', () => {
  let viewer: TestUser;
  let friend: TestUser;
  let otherFriend: TestUser;
  let popular: TestUser;
  let nearby: TestUser;
  let active: TestUser;
  let hidden: TestUser;

  beforeAll(async () => {
    [viewer, friend, otherFriend, hidden] = await Promise.all([rig.newUser('sugviewer'), discoverableUser('sugfriend'), rig.newUser('sugfriend2'), rig.newUser('sughidden')]);
    [popular, nearby, active] = await Promise.all([discoverableUser('sugpopular'), discoverableUser('sugnearby'), discoverableUser('sugactive')]);
    // The viewer follows two accounts; both follow `popular`, one follows `nearby`.
    await follow(viewer, friend);
    await follow(viewer, otherFriend);
    await follow(friend, popular);
    await follow(otherFriend, popular);
    await follow(friend, nearby);
  });

  describe('for a user who follows accounts that follow others', () => {
    it('answers friends of friends first, most followed by those the user follows first, with their sources', async () => {
      const suggestions = await suggestionsFor(viewer);

      expect(suggestions.slice(0, 2)).toEqual([
        {
          source: 'past_interactions',
          sources: ['friends_of_friends', 'most_followed'],
          account: expectedAccount(baseUrl, { id: popular.account.id, username: popular.username }, {
            discoverable: true, followers_count: 2, statuses_count: 1, last_status_at: expect.any(String),
          }),
        },
        { source: 'past_interactions', sources: ['friends_of_friends', 'most_followed'], account: expect.objectContaining({ id: nearby.account.id }) },
      ]);
    });

    it('then active discoverable accounts, source global', async () => {
      const suggestions = await suggestionsFor(viewer);
      expect(suggestions).toContainEqual({ source: 'global', sources: ['most_followed'], account: expect.objectContaining({ id: active.account.id }) });
      expect(accountIds(suggestions).indexOf(active.account.id)).toBeGreaterThan(1);
    });

    it('never suggests the user, accounts the user follows, nor accounts that are not discoverable', async () => {
      const ids = accountIds(await suggestionsFor(viewer));
      expect(ids).not.toContain(viewer.account.id);
      expect(ids).not.toContain(friend.account.id);
      expect(ids).not.toContain(otherFriend.account.id);
      await follow(friend, hidden);
      expect(accountIds(await suggestionsFor(viewer))).not.toContain(hidden.account.id);
    });

    it('answers one with limit=1', async () => {
      expect(accountIds(await suggestionsFor(viewer, 'limit=1'))).toEqual([popular.account.id]);
    });

    it('skips the first ones with offset', async () => {
      expect(accountIds(await suggestionsFor(viewer, 'limit=1&offset=1'))).toEqual([nearby.account.id]);
    });
  });

  describe('when an account the user follows hides whom it follows', () => {
    it('does not count its follows', async () => {
      const [user, secretive] = await Promise.all([rig.newUser('sugplain'), rig.newUser('sugsecretive')]);
      const followed = await discoverableUser('sugsecret');
      await updateProfile(secretive, 'hide_collections=true');
      await follow(user, secretive);
      await follow(secretive, followed);

      const suggestion = (await suggestionsFor(user)).find((item) => item.account.id === followed.account.id);
      expect(suggestion).toEqual({ source: 'global', sources: ['most_followed'], account: expect.anything() });
    });
  });

  describe('with blocks and mutes', () => {
    it('leaves out the accounts the user blocks, is blocked by or mutes', async () => {
      const user = await rig.newUser('sugsafety');
      const [blocked, blocking, muted] = await Promise.all([discoverableUser('sugblocked'), discoverableUser('sugblocking'), discoverableUser('sugmuted')]);
      expectJson(await api.post(`/api/v1/accounts/${blocked.account.id}/block`, { token: user.token }), 200);
      expectJson(await api.post(`/api/v1/accounts/${user.account.id}/block`, { token: blocking.token }), 200);
      expectJson(await api.post(`/api/v1/accounts/${muted.account.id}/mute`, { token: user.token }), 200);

      const ids = accountIds(await suggestionsFor(user));
      expect(ids).not.toContain(blocked.account.id);
      expect(ids).not.toContain(blocking.account.id);
      expect(ids).not.toContain(muted.account.id);
    });
  });

  describe('with an app token', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const app = await rig.registerApp('read');
      expectError(await api.get('/api/v2/suggestions', { token: await rig.appToken(app, 'read') }), 422, USER_REQUIRED);
    });
  });

  describe('with a token without read:accounts', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const app = await rig.registerApp('read:statuses');
      const token = await rig.passwordToken(app, viewer.email, viewer.password, 'read:statuses');
      expectError(await api.get('/api/v2/suggestions', { token }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('without a token', () => {
    it('answers 401', async () => {
      expectInvalidToken(await api.get('/api/v2/suggestions'));
    });
  });
});

describe('DELETE /api/v2/suggestions/:account_id', () => {
  it('answers {} and never suggests the account again; dismissing twice answers {} too', async () => {
    const [user, dismissed] = await Promise.all([rig.newUser('sugdismisser'), discoverableUser('sugdismissed')]);
    expect(accountIds(await suggestionsFor(user))).toContain(dismissed.account.id);

    for (let i = 0; i < 2; i++) {
      const response = await api.delete(`/api/v2/suggestions/${dismissed.account.id}`, { token: user.token });
      expectJson(response, 200);
      expect(response.body).toEqual({});
    }
    expect(accountIds(await suggestionsFor(user))).not.toContain(dismissed.account.id);
  });

  it('answers 404 Record not found for an unknown account', async () => {
    const user = await rig.newUser('sugunknown');
    expectError(await api.delete('/api/v2/suggestions/1234567890', { token: user.token }), 404, RECORD_NOT_FOUND);
  });

  it('answers 403 for a token without write:accounts', async () => {
    const user = await rig.newUser('sugreadonly');
    const app = await rig.registerApp('read');
    const token = await rig.passwordToken(app, user.email, user.password, 'read');
    expectError(await api.delete(`/api/v2/suggestions/${user.account.id}`, { token }), 403, OUTSIDE_SCOPES);
  });
});
