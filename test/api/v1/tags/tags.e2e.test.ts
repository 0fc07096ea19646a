// Hashtags: GET /api/v1/tags/:name, POST /api/v1/tags/:name/follow and /unfollow, GET /api/v1/followed_tags, and
// followed hashtags' public statuses in the home timeline and the user stream. docs/api/hashtags.md.
import { randomUUID } from 'node:crypto';
import type { TestUser } from '@social/testkit';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { api, baseUrl, rig } from '../../../support/server';
import { openSse } from '../../../support/sse';

/** A hashtag no other test uses: history counts are global. */
const uniqueTag = (stem: string) => `${stem}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const homeIds = async (user: TestUser) => {
  const response = await api.get<Array<{ id: string }>>('/api/v1/timelines/home', { token: user.token });
  expectJson(response, 200);
  return response.body.map((status) => status.id);
};
const follow = async (user: TestUser, tag: string) => expectJson(await api.post(`/api/v1/tags/${tag}/follow`, { token: user.token }), 200);

describe('GET /api/v1/tags/:name', () => {
  let alice: TestUser;
  let bob: TestUser;
  let tag: string;

  beforeAll(async () => {
    [alice, bob] = await Promise.all([rig.newUser('tagread'), rig.newUser('tagread')]);
    tag = uniqueTag('CamelTag');
    await rig.post(alice.token, `first #${tag}`);
    await rig.post(alice.token, `second #${tag.toLowerCase()}`);
    await rig.post(bob.token, `third #${tag.toUpperCase()}`);
    await rig.post(bob.token, { status: `private #${tag}`, visibility: 'private' });
  });

  it('answers the Tag with its name as first written, its url and 7 days of history (today: 3 public uses by 2 accounts)', async () => {
    const response = await api.get(`/api/v1/tags/${tag.toLowerCase()}`, { token: alice.token });

    expectJson(response, 200);
    expect(response.body).toMatchObject({ id: expect.stringMatching(/^\d+$/), name: tag, url: `${baseUrl}/tags/${tag.toLowerCase()}`, following: false, featuring: false });
    const history = response.body.history as Array<{ day: string; uses: string; accounts: string }>;
    expect(history).toHaveLength(7);
    const today = Math.floor(Date.now() / 86_400_000) * 86_400;
    expect(history[0]).toEqual({ day: String(today), uses: '3', accounts: '2' });
    expect(history[6]).toEqual({ day: String(today - 6 * 86_400), uses: '0', accounts: '0' });
  });

  it('matches any case and a leading #, and answers without a token (no flags then)', async () => {
    const response = await api.get(`/api/v1/tags/${encodeURIComponent(`#${tag.toUpperCase()}`)}`);

    expectJson(response, 200);
    expect(response.body.name).toBe(tag);
    expect(response.body).not.toHaveProperty('following');
  });

  it('answers a valid name no status carries with an empty history, and 404 for a name no hashtag can have', async () => {
    const unused = uniqueTag('unused');
    const response = await api.get(`/api/v1/tags/${unused}`, { token: alice.token });
    expectJson(response, 200);
    expect(response.body).toMatchObject({ name: unused, following: false });
    expect((response.body.history as Array<{ uses: string }>).every((day) => day.uses === '0')).toBe(true);

    for (const name of ['foo-bar', '12345', encodeURIComponent('#'), 'a'.repeat(1200)]) {
      expectError(await api.get(`/api/v1/tags/${name}`, { token: alice.token }), 404, RECORD_NOT_FOUND);
    }
  });

  it('folds accented Latin letters as Mastodon does: #Café is #cafe', async () => {
    const stem = uniqueTag('cafe');
    await rig.post(alice.token, `coffee #${stem}é`);
    const response = await api.get<{ name: string; history: Array<{ uses: string }> }>(`/api/v1/tags/${encodeURIComponent(`${stem.toUpperCase()}E`)}`);
    expectJson(response, 200);
    expect(response.body.name).toBe(`${stem}é`);
    expect(response.body.history[0].uses).toBe('1');
  });
});

describe('POST /api/v1/tags/:name/follow and /unfollow', () => {
  it('answers the Tag followed, then not, idempotently; an unused hashtag can be followed', async () => {
    const user = await rig.newUser('tagfollow');
    const tag = uniqueTag('Fresh');
    for (let i = 0; i < 2; i++) {
      const response = await api.post(`/api/v1/tags/${tag}/follow`, { token: user.token });
      expectJson(response, 200);
      expect(response.body).toMatchObject({ name: tag, following: true });
    }
    expect((await api.get(`/api/v1/tags/${tag.toLowerCase()}`, { token: user.token })).body.following).toBe(true);
    for (let i = 0; i < 2; i++) {
      const response = await api.post(`/api/v1/tags/${tag}/unfollow`, { token: user.token });
      expectJson(response, 200);
      expect(response.body).toMatchObject({ name: tag, following: false });
    }
    expectJson(await api.post(`/api/v1/tags/${uniqueTag('never')}/unfollow`, { token: user.token }), 200);
    expectError(await api.post('/api/v1/tags/foo-bar/follow', { token: user.token }), 404, RECORD_NOT_FOUND);
  });

  it('answers 403 without write:follows, 422 with an app token, 401 without a token', async () => {
    const user = await rig.newUser('tagscope');
    const app = await rig.registerApp('read write:accounts');
    const token = await rig.passwordToken(app, user.email, user.password, 'read write:accounts');
    expectError(await api.post('/api/v1/tags/anything/follow', { token }), 403, OUTSIDE_SCOPES);
    expectError(await api.post('/api/v1/tags/anything/follow', { token: await rig.appToken(await rig.registerApp('read write'), 'write') }), 422, USER_REQUIRED);
    expectInvalidToken(await api.post('/api/v1/tags/anything/unfollow'));
  });
});

describe('followed hashtags in the home timeline and the user stream', () => {
  let reader: TestUser;
  let stranger: TestUser;
  let blocked: TestUser;
  let muted: TestUser;
  let friend: TestUser;
  let tag: string;

  beforeAll(async () => {
    [reader, stranger, blocked, muted, friend] = await Promise.all(['tagreader', 'tagstranger', 'tagblocked', 'tagmuted', 'tagfriend'].map((name) => rig.newUser(name)));
    tag = uniqueTag('Followed');
    await follow(reader, tag);
    expectJson(await api.post(`/api/v1/accounts/${friend.account.id}/follow`, { token: reader.token }), 200);
    expectJson(await api.post(`/api/v1/accounts/${blocked.account.id}/block`, { token: reader.token }), 200);
    expectJson(await api.post(`/api/v1/accounts/${muted.account.id}/mute`, { token: reader.token }), 200);
  });

  it("shows a stranger's public status with the hashtag (any case), once; not its unlisted, private or boosted ones", async () => {
    const shown = await rig.post(stranger.token, `hello #${tag.toUpperCase()}`);
    const unlisted = await rig.post(stranger.token, { status: `quiet #${tag}`, visibility: 'unlisted' });
    const privately = await rig.post(stranger.token, { status: `private #${tag}`, visibility: 'private' });
    const boost = await api.post(`/api/v1/statuses/${shown.id}/reblog`, { token: blocked.token });
    const untagged = await rig.post(stranger.token, 'no hashtag here');
    // A followed account's status with the hashtag comes once.
    const both = await rig.post(friend.token, `friend #${tag}`);

    const ids = await homeIds(reader);
    expect(ids).toEqual(expect.arrayContaining([shown.id, both.id]));
    expect(ids.filter((id) => id === both.id)).toHaveLength(1);
    for (const hidden of [unlisted.id, privately.id, boost.body.id, untagged.id]) expect(ids).not.toContain(hidden);
  });

  it('leaves out tagged statuses of blocked and muted accounts, and those mentioning a blocked account', async () => {
    const hidden = [
      await rig.post(blocked.token, `blocked #${tag}`),
      await rig.post(muted.token, `muted #${tag}`),
      await rig.post(stranger.token, `@${blocked.username} mentioned #${tag}`),
    ];
    const marker = await rig.post(stranger.token, `marker #${tag}`);

    const ids = await homeIds(reader);
    expect(ids).toContain(marker.id);
    for (const status of hidden) expect(ids).not.toContain(status.id);
  });

  it('pages the home timeline across both sources by status id', async () => {
    const pager = await rig.newUser('tagpager');
    const pagedTag = uniqueTag('Paged');
    await follow(pager, pagedTag);
    const posted = [];
    for (let i = 0; i < 3; i++) posted.push((await rig.post(stranger.token, `page ${i} #${pagedTag}`)).id);
    const own = await rig.post(pager.token, 'my own');
    posted.push(own.id);

    const first = await api.get<Array<{ id: string }>>('/api/v1/timelines/home?limit=2', { token: pager.token });
    expect(first.body.map((s: { id: string }) => s.id)).toEqual([posted[3], posted[2]]);
    const second = await api.get<Array<{ id: string }>>(`/api/v1/timelines/home?limit=2&max_id=${posted[2]}`, { token: pager.token });
    expect(second.body.map((s: { id: string }) => s.id)).toEqual([posted[1], posted[0]]);
    const newer = await api.get<Array<{ id: string }>>(`/api/v1/timelines/home?limit=2&min_id=${posted[0]}`, { token: pager.token });
    expect(newer.body.map((s: { id: string }) => s.id)).toEqual([posted[2], posted[1]]);
  });

  it("streams the tagged status on the user stream (not a blocked author's), and no more after unfollowing", async () => {
    const watcher = await rig.newUser('tagwatcher');
    const streamedTag = uniqueTag('Streamed');
    await follow(watcher, streamedTag);
    expectJson(await api.post(`/api/v1/accounts/${blocked.account.id}/block`, { token: watcher.token }), 200);
    const stream = await openSse('/api/v1/streaming/user', watcher.token);
    try {
      const fromBlocked = await rig.post(blocked.token, `blocked #${streamedTag}`);
      const status = await rig.post(stranger.token, `live #${streamedTag}`);
      await stream.next('update', (data) => data.includes(status.id));
      expect(stream.raw).not.toContain(fromBlocked.id);

      expectJson(await api.post(`/api/v1/tags/${streamedTag}/unfollow`, { token: watcher.token }), 200);
      const after = await rig.post(stranger.token, `gone #${streamedTag}`);
      const marker = await rig.post(watcher.token, 'my own marker');
      await stream.next('update', (data) => data.includes(marker.id));
      expect(stream.raw).not.toContain(after.id);
      expect(await homeIds(watcher)).not.toContain(status.id);
    } finally {
      stream.close();
    }
  });
});

describe('GET /api/v1/followed_tags', () => {
  let user: TestUser;
  let tags: string[];

  beforeAll(async () => {
    user = await rig.newUser('tagpages');
    tags = [uniqueTag('One'), uniqueTag('Two'), uniqueTag('Three')];
    for (const tag of tags) await follow(user, tag);
  });

  it('answers the followed hashtags, newest follow first, with Link pagination by follow', async () => {
    const first = await api.get<Array<{ name: string }>>('/api/v1/followed_tags?limit=2', { token: user.token });

    expectJson(first, 200);
    expect(first.body.map((tag: { name: string }) => tag.name)).toEqual([tags[2], tags[1]]);
    expect(first.body[0]).toMatchObject({ following: true, history: expect.any(Array) });
    const next = /<([^>]+)>; rel="next"/.exec(first.headers.link ?? '')?.[1];
    const prev = /<([^>]+)>; rel="prev"/.exec(first.headers.link ?? '')?.[1];
    expect(next).toMatch(new RegExp(`^${baseUrl}/api/v1/followed_tags\\?limit=2&max_id=\\d+$`));
    expect(prev).toMatch(new RegExp(`^${baseUrl}/api/v1/followed_tags\\?limit=2&min_id=\\d+$`));
    const second = await api.get<Array<{ name: string }>>(new URL(next!).pathname + new URL(next!).search, { token: user.token });
    expect(second.body.map((tag: { name: string }) => tag.name)).toEqual([tags[0]]);
    expect(second.headers.link ?? '').not.toContain('rel="next"');
  });

  it('answers 403 without read:follows, 401 without a token', async () => {
    const app = await rig.registerApp('read:statuses');
    const token = await rig.passwordToken(app, user.email, user.password, 'read:statuses');
    expectError(await api.get('/api/v1/followed_tags', { token }), 403, OUTSIDE_SCOPES);
    expectInvalidToken(await api.get('/api/v1/followed_tags'));
  });
});
