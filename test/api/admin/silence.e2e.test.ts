// What limiting (silencing) an account does (docs/api/moderation.md#limiting): its statuses leave the public
// and hashtag timelines and streams for everyone, its followers and itself included (Mastodon's PublicFeed),
// and stay on its followers' home timelines and streams; its notifications to
// accounts that do not follow it are filtered (listed with include_filtered, never streamed), and the
// Account entity says limited: true. Unsilencing brings everything back. On every target: the target's
// Moderator comes from the suite's setup.
import { eventually, type JsonObject, type MastodonStatus, type TestUser } from '@social/testkit';
import { expectJson } from '../../support/expectations';
import { follow, ids } from '../../support/interactions';
import { api, rig } from '../../support/server';
import { openSse } from '../../support/sse';
import { adminAccountAction, moderate } from '../../support/staff';

jest.setTimeout(60_000);

describe('a limited (silenced) account', () => {
  let limited: TestUser;
  let follower: TestUser;
  let stranger: TestUser;
  let tag: string;
  let post: MastodonStatus;

  /** The public timeline at the post (right below the id after it): other files post meanwhile. */
  const publicIds = async (token?: string) =>
    ids((await api.get<MastodonStatus[]>('/api/v1/timelines/public', { token, query: { max_id: (BigInt(post.id) + 1n).toString(), limit: '5' } })).body);
  const tagIds = async (token?: string) => ids((await api.get<MastodonStatus[]>(`/api/v1/timelines/tag/${tag}`, { token })).body);

  beforeAll(async () => {
    [limited, follower, stranger] = await Promise.all([rig.newUser('limited'), rig.newUser('lfollower'), rig.newUser('lstranger')]);
    await follow(follower, limited);
    tag = `limited${Date.now()}`;
    post = await rig.post(limited.token, `quiet words #${tag}`);
    expectJson(await moderate(limited.account.id, { type: 'silence' }), 200);
  });

  it('shows limited: true on its Account entity, wherever it is rendered', async () => {
    expect((await api.get<JsonObject>(`/api/v1/accounts/${limited.account.id}`)).body).toMatchObject({ id: limited.account.id, limited: true });
    expect((await api.get<JsonObject>(`/api/v1/statuses/${post.id}`, { token: follower.token })).body).toMatchObject({ account: { limited: true } });
  });

  it('leaves the public and hashtag timelines for everyone: anonymous readers, non-followers, its followers and itself', async () => {
    expect(await publicIds()).not.toContain(post.id);
    expect(await publicIds(stranger.token)).not.toContain(post.id);
    expect(await publicIds(follower.token)).not.toContain(post.id);
    expect(await publicIds(limited.token)).not.toContain(post.id);
    expect(await tagIds()).toEqual([]);
    expect(await tagIds(stranger.token)).toEqual([]);
    expect(await tagIds(follower.token)).toEqual([]);
    expect(await tagIds(limited.token)).toEqual([]);
  });

  it("stays on its followers' home timelines and its own profile", async () => {
    expect(ids((await api.get<MastodonStatus[]>('/api/v1/timelines/home', { token: follower.token })).body)).toContain(post.id);
    expect(ids((await api.get<MastodonStatus[]>(`/api/v1/accounts/${limited.account.id}/statuses`, { token: stranger.token })).body)).toEqual([post.id]);
  });

  it("reaches a follower's home stream, and no public or hashtag stream, not even a follower's", async () => {
    const [anonymous, strangers, followers, hashtag, home] = await Promise.all([
      openSse('/api/v1/streaming/public'),
      openSse('/api/v1/streaming/public', stranger.token),
      openSse('/api/v1/streaming/public', follower.token),
      openSse(`/api/v1/streaming/hashtag?tag=${tag}`, follower.token),
      openSse('/api/v1/streaming/user', follower.token),
    ]);
    const hidden = await rig.post(limited.token, `more quiet words #${tag}`);
    const marker = await rig.post(stranger.token, `an open voice #${tag}`);

    expect((await home.update(hidden.id)).account).toMatchObject({ id: limited.account.id, limited: true });
    // Streamed in order: once the later marker arrived, the limited status would have too.
    await Promise.all([anonymous.update(marker.id), strangers.update(marker.id), followers.update(marker.id), hashtag.update(marker.id)]);
    for (const stream of [anonymous, strangers, followers, hashtag]) expect(stream.raw).not.toContain(hidden.id);
  });

  it('has its notifications to accounts that do not follow it filtered, and to its followers shown', async () => {
    const [strangers, followers] = await Promise.all([rig.post(stranger.token, 'a post of the stranger'), rig.post(follower.token, 'a post of the follower')]);
    const stream = await openSse('/api/v1/streaming/user', stranger.token);
    await api.post(`/api/v1/statuses/${strangers.id}/favourite`, { token: limited.token });
    await api.post(`/api/v1/statuses/${followers.id}/favourite`, { token: limited.token });
    // A notification shown after the filtered one: once it streamed, the filtered one would have too.
    const marker = await rig.newUser('lmarker');
    await follow(marker, stranger);
    await stream.next('notification', (data) => data.includes(marker.account.id));

    const shown = async (token: string, query: Record<string, string> = {}) =>
      (await api.get<JsonObject[]>('/api/v1/notifications', { token, query })).body.filter((n) => (n.account as JsonObject).id === limited.account.id);
    await eventually(async () => (await shown(follower.token)).length === 1);
    expect(await shown(follower.token)).toEqual([expect.objectContaining({ type: 'favourite', status: expect.objectContaining({ id: followers.id }) })]);
    expect(await shown(stranger.token)).toEqual([]);
    expect(await shown(stranger.token, { include_filtered: 'true' })).toEqual([expect.objectContaining({ type: 'favourite', filtered: true })]);
    expect(stream.raw).not.toContain(`"favourite"`);
  });

  it('is back everywhere once unsilenced', async () => {
    expectJson(await adminAccountAction(limited.account.id, 'unsilence'), 200);

    expect((await api.get<JsonObject>(`/api/v1/accounts/${limited.account.id}`)).body).toMatchObject({ limited: false });
    expect(await publicIds()).toContain(post.id);
    expect(await publicIds(follower.token)).toContain(post.id);
    expect(await tagIds(stranger.token)).toContain(post.id);
  });
});
