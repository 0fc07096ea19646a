// Follow suggestions and several statuses by id over GraphQL (docs/graphql.md): suggestions and me.suggestions,
// dismissSuggestion, statuses(ids:). docs/api/accounts.md#suggestions, docs/api/statuses.md#reading.
import type { TestUser } from '@social/testkit';
import { follow, updateProfile } from '../support/interactions';
import { rig } from '../support/server';
import { gqlData } from '../support/graphql';

interface Suggested {
  sources: string[];
  account: { id: string };
}

const SUGGESTIONS = 'query S { suggestions(limit: 80) { sources account { id username } } me { suggestions(limit: 1) { sources account { id } } } }';
const DISMISS = 'mutation D($input: DismissSuggestionInput!) { dismissSuggestion(input: $input) { dismissedAccountId errors { code message field } } }';

describe('suggestions on /graphql', () => {
  let viewer: TestUser;
  let suggested: TestUser;

  beforeAll(async () => {
    const friend = await rig.newUser('gqlsugfriend');
    [viewer, suggested] = await Promise.all([rig.newUser('gqlsugviewer'), rig.newUser('gqlsuggested')]);
    await updateProfile(suggested, 'discoverable=true');
    await follow(viewer, friend);
    await follow(friend, suggested);
  });

  it('answers suggestions and me.suggestions, friends of friends first', async () => {
    const data = await gqlData<{ suggestions: Suggested[]; me: { suggestions: Suggested[] } }>(SUGGESTIONS, {}, viewer.token);
    expect(data.suggestions[0]).toEqual({ sources: ['FRIENDS_OF_FRIENDS'], account: { id: suggested.account.id, username: suggested.username } });
    expect(data.me.suggestions).toEqual([{ sources: ['FRIENDS_OF_FRIENDS'], account: { id: suggested.account.id } }]);
  });

  it('dismisses a suggestion for good, and answers a NOT_FOUND user error for an unknown account', async () => {
    const dismissed = await gqlData<{ dismissSuggestion: unknown }>(DISMISS, { input: { accountId: suggested.account.id } }, viewer.token);
    expect(dismissed.dismissSuggestion).toEqual({ dismissedAccountId: suggested.account.id, errors: [] });
    const after = await gqlData<{ suggestions: Suggested[] }>(SUGGESTIONS, {}, viewer.token);
    expect(after.suggestions.map((item) => item.account.id)).not.toContain(suggested.account.id);

    const unknown = await gqlData<{ dismissSuggestion: { dismissedAccountId: null; errors: Array<{ code: string }> } }>(DISMISS, { input: { accountId: '1234567890' } }, viewer.token);
    expect(unknown.dismissSuggestion).toMatchObject({ dismissedAccountId: null, errors: [{ code: 'NOT_FOUND' }] });
  });
});

describe('statuses(ids:) on /graphql', () => {
  it('answers the statuses the caller may see, in the order asked', async () => {
    const author = await rig.newUser('gqlseveral');
    const [one, two] = [await rig.post(author.token, 'one'), await rig.post(author.token, 'two')];
    const hidden = await rig.post(author.token, { status: 'hidden', visibility: 'direct' });

    const data = await gqlData<{ statuses: Array<{ id: string }> }>('query M($ids: [ID!]!) { statuses(ids: $ids) { id } }', { ids: [two.id, hidden.id, 'x', one.id] });
    expect(data.statuses).toEqual([{ id: two.id }, { id: one.id }]);
  });
});
