// Hashtags over GraphQL (docs/graphql.md#hashtags, docs/api/hashtags.md): hashtag(name) with history and the caller's
// flags, followHashtag/unfollowHashtag and me.followedHashtags, followed hashtags in me.homeTimeline,
// featureHashtag/unfeatureHashtag/removeFeaturedTag, me.featuredTags and Account.featuredTags.
import { randomUUID } from 'node:crypto';
import type { TestUser } from '@social/testkit';
import { api, rig } from '../support/server';
import { codesOf, gql, gqlData } from '../support/graphql';

const uniqueTag = (stem: string) => `${stem}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const ERRORS = 'errors { code message field }';
const TAG = 'name displayName url following featuring history { day uses accounts }';
const FOLLOW = `mutation F($input: FollowHashtagInput!) { followHashtag(input: $input) { hashtag { ${TAG} } ${ERRORS} } }`;
const UNFOLLOW = `mutation U($input: UnfollowHashtagInput!) { unfollowHashtag(input: $input) { hashtag { name following } ${ERRORS} } }`;
const FEATURE = `mutation Fe($input: FeatureHashtagInput!) { featureHashtag(input: $input) { hashtag { name featuring } featuredTag { id name url statusesCount lastStatusAt } ${ERRORS} } }`;
const UNFEATURE = `mutation Un($input: UnfeatureHashtagInput!) { unfeatureHashtag(input: $input) { hashtag { name featuring } ${ERRORS} } }`;
const REMOVE = `mutation R($input: RemoveFeaturedTagInput!) { removeFeaturedTag(input: $input) { deletedFeaturedTagId ${ERRORS} } }`;
const HOME = `query H { me { homeTimeline(first: 40) { edges { node { id } } } } }`;

const homeIds = async (user: TestUser) =>
  (await gqlData<{ me: { homeTimeline: { edges: Array<{ node: { id: string } }> } } }>(HOME, {}, user.token)).me.homeTimeline.edges.map((edge) => edge.node.id);

describe('hashtags on /graphql', () => {
  let reader: TestUser;
  let stranger: TestUser;
  let blocked: TestUser;

  beforeAll(async () => {
    [reader, stranger, blocked] = await Promise.all([rig.newUser('gqltagreader'), rig.newUser('gqltagstranger'), rig.newUser('gqltagblocked')]);
    await api.post(`/api/v1/accounts/${blocked.account.id}/block`, { token: reader.token });
  });

  it('answers hashtag(name) with its display name, 7 days of history and the flags (null without a user)', async () => {
    const tag = uniqueTag('GqlHistory');
    await rig.post(stranger.token, `one #${tag}`);
    await rig.post(reader.token, `two #${tag.toLowerCase()}`);

    const query = `query T($name: String!) { hashtag(name: $name) { ${TAG} } }`;
    const signedIn = (await gqlData<{ hashtag: Record<string, unknown> & { history: Array<{ day: string; uses: number; accounts: number }> } }>(query, { name: `#${tag.toUpperCase()}` }, reader.token)).hashtag;
    expect(signedIn).toMatchObject({ name: tag.toLowerCase(), displayName: tag, following: false, featuring: false });
    expect(signedIn.history).toHaveLength(7);
    expect(signedIn.history[0]).toEqual({ day: new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000).toISOString(), uses: 2, accounts: 2 });

    const anonymous = (await gqlData<{ hashtag: Record<string, unknown> }>(query, { name: tag })).hashtag;
    expect(anonymous).toMatchObject({ following: null, featuring: null });
    expect((await gqlData<{ hashtag: null }>(query, { name: 'not-a-tag' })).hashtag).toBeNull();
  });

  it("follows a hashtag: a stranger's public status with it joins me.homeTimeline, a blocked author's does not; unfollowing ends it", async () => {
    const tag = uniqueTag('GqlFollow');
    const followed = await gqlData<{ followHashtag: { hashtag: { following: boolean; displayName: string }; errors: unknown[] } }>(FOLLOW, { input: { name: tag } }, reader.token);
    expect(followed.followHashtag).toMatchObject({ hashtag: { following: true, displayName: tag }, errors: [] });

    const shown = await rig.post(stranger.token, `public #${tag}`);
    const fromBlocked = await rig.post(blocked.token, `blocked #${tag}`);
    const ids = await homeIds(reader);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(fromBlocked.id);

    const list = await gqlData<{ me: { followedHashtags: { edges: Array<{ node: { name: string; following: boolean } }> } } }>(
      'query { me { followedHashtags(first: 10) { edges { node { name following } } pageInfo { hasNextPage } } } }',
      {},
      reader.token,
    );
    expect(list.me.followedHashtags.edges.map((edge) => edge.node)).toContainEqual({ name: tag.toLowerCase(), following: true });

    const unfollowed = await gqlData<{ unfollowHashtag: { hashtag: { following: boolean }; errors: unknown[] } }>(UNFOLLOW, { input: { name: tag } }, reader.token);
    expect(unfollowed.unfollowHashtag).toEqual({ hashtag: { name: tag.toLowerCase(), following: false }, errors: [] });
    expect(await homeIds(reader)).not.toContain(shown.id);
  });

  it('pages me.followedHashtags, newest follow first', async () => {
    const user = await rig.newUser('gqltagpages');
    const tags = [uniqueTag('pa'), uniqueTag('pb'), uniqueTag('pc')];
    for (const tag of tags) await gqlData(FOLLOW, { input: { name: tag } }, user.token);
    const page = `query P($after: String) { me { followedHashtags(first: 2, after: $after) { edges { node { name } } pageInfo { hasNextPage endCursor } } } }`;
    type Page = { me: { followedHashtags: { edges: Array<{ node: { name: string } }>; pageInfo: { hasNextPage: boolean; endCursor: string } } } };

    const first = (await gqlData<Page>(page, {}, user.token)).me.followedHashtags;
    expect(first.edges.map((edge) => edge.node.name)).toEqual([tags[2], tags[1]]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await gqlData<Page>(page, { after: first.pageInfo.endCursor }, user.token)).me.followedHashtags;
    expect(second.edges.map((edge) => edge.node.name)).toEqual([tags[0]]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('features hashtags up to 10 (INVALID past it), shows them on me and Account.featuredTags, removes them', async () => {
    const user = await rig.newUser('gqlfeature');
    const tag = uniqueTag('GqlFeat');
    await rig.post(user.token, `counted #${tag}`);
    const first = (await gqlData<{ featureHashtag: { featuredTag: { id: string; statusesCount: number; name: string } } }>(FEATURE, { input: { name: tag } }, user.token)).featureHashtag;
    expect(first).toMatchObject({ hashtag: { name: tag.toLowerCase(), featuring: true }, featuredTag: { name: tag, statusesCount: 1 }, errors: [] });

    const mine = await gqlData<{ me: { featuredTags: Array<{ id: string }> } }>('query { me { featuredTags { id name statusesCount } } }', {}, user.token);
    expect(mine.me.featuredTags).toEqual([{ id: first.featuredTag.id, name: tag, statusesCount: 1 }]);
    const account = await gqlData<{ account: { featuredTags: Array<{ id: string }> } }>('query A($id: ID!) { account(id: $id) { featuredTags { id hashtag { name } } } }', { id: user.account.id });
    expect(account.account.featuredTags).toEqual([{ id: first.featuredTag.id, hashtag: { name: tag.toLowerCase() } }]);

    for (let i = 0; i < 9; i++) expect((await gqlData<{ featureHashtag: { errors: unknown[] } }>(FEATURE, { input: { name: uniqueTag(`g${i}x`) } }, user.token)).featureHashtag.errors).toEqual([]);
    const refused = (await gqlData<{ featureHashtag: unknown }>(FEATURE, { input: { name: uniqueTag('over') } }, user.token)).featureHashtag;
    expect(refused).toEqual({
      hashtag: null,
      featuredTag: null,
      errors: [{ code: 'INVALID', message: 'Validation failed: You have already featured the maximum number of hashtags', field: ['input', 'name'] }],
    });

    expect((await gqlData<{ unfeatureHashtag: unknown }>(UNFEATURE, { input: { name: tag } }, user.token)).unfeatureHashtag).toEqual({ hashtag: { name: tag.toLowerCase(), featuring: false }, errors: [] });
    const remaining = (await gqlData<{ me: { featuredTags: Array<{ id: string }> } }>('query { me { featuredTags { id } } }', {}, user.token)).me.featuredTags;
    expect(remaining).toHaveLength(9);
    expect((await gqlData<{ removeFeaturedTag: unknown }>(REMOVE, { input: { featuredTagId: remaining[0]!.id } }, user.token)).removeFeaturedTag).toEqual({ deletedFeaturedTagId: remaining[0]!.id, errors: [] });
    const again = (await gqlData<{ removeFeaturedTag: { errors: Array<{ code: string }> } }>(REMOVE, { input: { featuredTagId: remaining[0]!.id } }, stranger.token)).removeFeaturedTag;
    expect(again.errors.map((error) => error.code)).toEqual(['NOT_FOUND']);
  });

  it('refuses the writes without a user token, and without the scope', async () => {
    expect(codesOf(await gql(FOLLOW, { input: { name: 'anything' } }))).toEqual(['UNAUTHENTICATED']);
    const app = await rig.registerApp('read');
    const token = await rig.passwordToken(app, reader.email, reader.password, 'read');
    expect(codesOf(await gql(FOLLOW, { input: { name: 'anything' } }, token))).toEqual(['FORBIDDEN']);
    expect(codesOf(await gql(FEATURE, { input: { name: 'anything' } }, token))).toEqual(['FORBIDDEN']);
  });
});
