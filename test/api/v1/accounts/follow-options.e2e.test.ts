// POST /api/v1/accounts/:id/follow's options and what they do: reblogs=false keeps the account's boosts out of the
// home timeline, notify=true brings a `status` notification for each new post, languages[] lets only those languages
// into the home timeline; following again changes them. POST /api/v1/accounts/:id/remove_from_followers.
// docs/api/accounts.md#follow-options; Mastodon's FollowService, FeedManager, RemoveFromFollowersService.
import { eventually, type JsonObject, type TestUser } from '@social/testkit';
import { RECORD_NOT_FOUND, expectError, expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';
import { openSse } from '../../../support/sse';

const ids = (body: unknown) => (body as Array<{ id: string }>).map((item) => item.id);

async function post(user: TestUser, body: Record<string, unknown>): Promise<string> {
  const response = await api.postJson<{ id: string }>('/api/v1/statuses', body, { token: user.token });
  expectJson(response, 200);
  return response.body.id;
}

const follow = (follower: TestUser, followed: TestUser, options: Record<string, unknown> = {}) =>
  api.postJson<JsonObject>(`/api/v1/accounts/${followed.account.id}/follow`, options, { token: follower.token });

const home = async (user: TestUser) => ids((await api.get('/api/v1/timelines/home', { token: user.token, query: { limit: '40' } })).body);

describe('follow options', () => {
  let reader: TestUser;
  let author: TestUser;
  let booster: TestUser;

  beforeAll(async () => {
    [reader, author, booster] = await Promise.all([rig.newUser('optreader'), rig.newUser('optauthor'), rig.newUser('optbooster')]);
  });

  it('reblogs=false keeps the account\'s boosts out of home, its own posts in; following again with reblogs=true brings them back', async () => {
    const followed = await follow(reader, booster, { reblogs: false });
    expect(followed.body).toMatchObject({ following: true, showing_reblogs: false });
    const original = await post(author, { status: 'worth a boost' });
    const boost = (await api.post<{ id: string }>(`/api/v1/statuses/${original}/reblog`, { token: booster.token })).body.id;
    const own = await post(booster, { status: 'the booster\'s own words' });

    const hidden = await home(reader);
    expect(hidden).toContain(own);
    expect(hidden).not.toContain(boost);

    const again = await follow(reader, booster, { reblogs: true });
    expect(again.body).toMatchObject({ following: true, showing_reblogs: true });
    expect(await home(reader)).toContain(boost);
  });

  it('notify=true brings a status notification for each new post (not for a boost or a reply to someone else)', async () => {
    const response = await follow(reader, author, { notify: true });
    expect(response.body).toMatchObject({ following: true, notifying: true, showing_reblogs: true });
    const fresh = await post(author, { status: 'news for subscribers' });
    await post(author, { status: 'a reply elsewhere', in_reply_to_id: await post(booster, { status: 'a question' }) });

    const notifications = await eventually(async () => {
      const list = (await api.get<Array<{ type: string; status: { id: string } | null }>>('/api/v1/notifications', { token: reader.token, query: { types: ['status'] } })).body;
      return list.length > 0 && list;
    }, { what: 'the status notification' });
    expect(notifications.map((n) => [n.type, n.status?.id])).toEqual([['status', fresh]]);

    expect((await follow(reader, author, { notify: false })).body).toMatchObject({ notifying: false });
    await post(author, { status: 'not notified' });
    const after = (await api.get<unknown[]>('/api/v1/notifications', { token: reader.token, query: { types: ['status'] } })).body;
    expect(after).toHaveLength(1);
  });

  it('languages lets only those languages into home; an empty list lets all in again', async () => {
    const [polyglot, writer] = await Promise.all([rig.newUser('polyglot'), rig.newUser('writer')]);
    const response = await follow(polyglot, writer, { languages: ['de', 'fr'] });
    expect(response.body).toMatchObject({ following: true, languages: ['de', 'fr'] });
    const german = await post(writer, { status: 'Guten Morgen', language: 'de' });
    const english = await post(writer, { status: 'Good morning', language: 'en' });

    const filtered = await home(polyglot);
    expect(filtered).toContain(german);
    expect(filtered).not.toContain(english);
    // The options left out keep their value.
    expect((await follow(polyglot, writer, { notify: true })).body).toMatchObject({ languages: ['de', 'fr'], notifying: true });

    expect((await follow(polyglot, writer, { languages: [] })).body).toMatchObject({ languages: null });
    expect(await home(polyglot)).toEqual(expect.arrayContaining([german, english]));
  });
});

describe('follow options on the home stream', () => {
  it('leaves out the boosts of a follow with reblogs=false and the languages a follow does not take', async () => {
    const [viewer, quiet, speaker, marker] = await Promise.all([rig.newUser('sseopts'), rig.newUser('ssequiet'), rig.newUser('ssespeaker'), rig.newUser('ssemarker')]);
    await follow(viewer, quiet, { reblogs: false });
    await follow(viewer, speaker, { languages: ['fr'] });
    await follow(viewer, marker);
    const original = await post(marker, { status: 'boost me' });
    const stream = await openSse('/api/v1/streaming/user', viewer.token);

    const boost = (await api.post<{ id: string }>(`/api/v1/statuses/${original}/reblog`, { token: quiet.token })).body.id;
    const english = await post(speaker, { status: 'hello', language: 'en' });
    const french = await post(speaker, { status: 'bonjour', language: 'fr' });
    const last = await post(marker, { status: 'the marker' });

    await stream.next('update', (data) => data.includes(french));
    await stream.next('update', (data) => data.includes(last));
    expect(stream.raw).not.toContain(english);
    expect(stream.raw).not.toContain(boost);
  });
});

describe('POST /api/v1/accounts/:id/remove_from_followers', () => {
  it('makes the account stop following the caller: counts drop, private posts hide, idempotent', async () => {
    const [me, fan] = await Promise.all([rig.newUser('removing'), rig.newUser('removedfan')]);
    await follow(fan, me);
    const secret = await post(me, { status: 'followers only', visibility: 'private' });
    expectJson(await api.get(`/api/v1/statuses/${secret}`, { token: fan.token }), 200);

    const response = await api.post<JsonObject>(`/api/v1/accounts/${fan.account.id}/remove_from_followers`, { token: me.token });

    expectJson(response, 200);
    expect(response.body).toMatchObject({ id: fan.account.id, followed_by: false, following: false });
    const theirs = await api.get<JsonObject[]>('/api/v1/accounts/relationships', { token: fan.token, query: { id: [me.account.id] } });
    expect(theirs.body[0]).toMatchObject({ following: false });
    expect((await api.get<{ followers_count: number }>(`/api/v1/accounts/${me.account.id}`, { token: me.token })).body.followers_count).toBe(0);
    expect((await api.get<{ following_count: number }>(`/api/v1/accounts/${fan.account.id}`, { token: me.token })).body.following_count).toBe(0);
    expectError(await api.get(`/api/v1/statuses/${secret}`, { token: fan.token }), 404, RECORD_NOT_FOUND);
    expectJson(await api.post(`/api/v1/accounts/${fan.account.id}/remove_from_followers`, { token: me.token }), 200);
    expectError(await api.post('/api/v1/accounts/999999999999/remove_from_followers', { token: me.token }), 404, RECORD_NOT_FOUND);
  });
});
