// The user stream renders a new status once and lays each follower's own flags over it: what every
// subscriber receives must equal that status as the subscriber reads it (GET /api/v1/statuses/:id),
// and which streams get it must be exactly whose home timeline holds it.
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { act, follow } from '../../../support/interactions';
import { api, rig } from '../../../support/server';
import { openSse } from '../../../support/sse';
import type { SseStream } from '../../../support/streaming';

async function statusAs(id: string, token: string): Promise<unknown> {
  const response = await api.get(`/api/v1/statuses/${id}`, { token });
  expectJson(response, 200);
  return response.body;
}

const updateOf = async (stream: SseStream, id: string) => JSON.parse((await stream.next('update', (data) => data.includes(`"id":"${id}"`))).data) as unknown;

describe('GET /api/v1/streaming/user, one rendering for many followers', () => {
  let author: TestUser;
  let other: TestUser;
  let fan: TestUser;
  let muter: TestUser;
  let plain: TestUser;
  let viewers: TestUser[];
  let streams: SseStream[];

  beforeAll(async () => {
    [author, other, fan, muter, plain] = await Promise.all(['shauthor', 'shother', 'shfan', 'shmuter', 'shplain'].map((name) => rig.newUser(name)));
    viewers = [author, fan, muter, plain];
    for (const viewer of [fan, muter, plain]) await follow(viewer, author);
    streams = await Promise.all(viewers.map((viewer) => openSse('/api/v1/streaming/user', viewer.token)));
  });

  afterAll(() => streams.forEach((stream) => stream.close()));

  it("sends a boost to each follower with their own flags of its original, as they read it, and to its author as the author reads it", async () => {
    const original = await rig.post(other.token, 'Worth boosting');
    await act(fan, original.id, 'favourite');
    await act(fan, original.id, 'bookmark');
    await act(muter, original.id, 'mute');

    const boost = await act(author, original.id, 'reblog');

    for (const [i, viewer] of viewers.entries()) {
      expect(await updateOf(streams[i] as SseStream, boost.id)).toEqual(await statusAs(boost.id, viewer.token));
    }
    const fanView = (await statusAs(boost.id, fan.token)) as { favourited: boolean; bookmarked: boolean; reblog: { favourited: boolean } };
    expect([fanView.favourited, fanView.bookmarked, fanView.reblog.favourited]).toEqual([true, true, true]);
  });

  it('sends a reply in a conversation one follower muted with muted true to that follower only', async () => {
    const root = await rig.post(author.token, 'A thread');
    await act(muter, root.id, 'mute');

    const reply = await rig.post(author.token, { status: 'and more', in_reply_to_id: root.id });

    for (const [i, viewer] of viewers.entries()) {
      expect(await updateOf(streams[i] as SseStream, reply.id)).toEqual(await statusAs(reply.id, viewer.token));
    }
    expect(((await statusAs(reply.id, muter.token)) as { muted: boolean }).muted).toBe(true);
  });
});

describe('GET /api/v1/streaming/user and the home timeline agree on every status', () => {
  const fixture: string[] = [];
  let users: Record<string, TestUser>;
  let streams: Record<string, SseStream>;

  beforeAll(async () => {
    const names = ['a', 'b', 'c', 'd'];
    const made = await Promise.all(names.map((name) => rig.newUser(`drift${name}`)));
    users = Object.fromEntries(names.map((name, i) => [name, made[i] as TestUser]));
    const { a, b, c, d } = users as Record<'a' | 'b' | 'c' | 'd', TestUser>;
    // b follows a without boosts; c follows a and d; d follows no one.
    expectJson(await api.postForm(`/api/v1/accounts/${a.account.id}/follow`, { reblogs: 'false' }, { token: b.token }), 200);
    await follow(c, a);
    await follow(c, d);
    streams = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await openSse('/api/v1/streaming/user', users[name]?.token)] as const)));

    const dPost = await rig.post(d.token, 'by d');
    const bPost = await rig.post(b.token, 'by b');
    fixture.push(dPost.id, bPost.id);
    for (const visibility of ['public', 'unlisted', 'private']) fixture.push((await rig.post(a.token, { status: `a ${visibility}`, visibility })).id);
    fixture.push((await rig.post(a.token, { status: `@${d.username} just you`, visibility: 'direct' })).id);
    fixture.push((await rig.post(a.token, { status: `@${b.username} and followers`, visibility: 'private' })).id);
    fixture.push((await rig.post(a.token, { status: 'reply to d', in_reply_to_id: dPost.id })).id);
    fixture.push((await rig.post(a.token, { status: 'reply to b', in_reply_to_id: bPost.id })).id);
    fixture.push((await rig.post(a.token, { status: 'reply to self', in_reply_to_id: fixture[2] })).id);
    fixture.push((await act(a, dPost.id, 'reblog')).id);
    fixture.push((await act(d, fixture[2] as string, 'reblog')).id);
  });

  afterAll(() => Object.values(streams).forEach((stream) => stream.close()));

  it.each(['a', 'b', 'c', 'd'])('viewer %s: the stream sent exactly the fixture statuses its home timeline holds', async (name) => {
    const viewer = users[name] as TestUser;
    const stream = streams[name] as SseStream;
    // Its own marker comes after every fixture status on its own stream.
    const marker = await rig.post(viewer.token, 'marker');
    await stream.next('update', (data) => data.includes(`"id":"${marker.id}"`));
    const timeline = await api.get<Array<{ id: string }>>('/api/v1/timelines/home?limit=40', { token: viewer.token });
    expectJson(timeline, 200);

    const streamed = stream.events.items.filter((e) => e.event === 'update').map((e) => (JSON.parse(e.data) as { id: string }).id);
    const inTimeline = timeline.body.map((status) => status.id);
    expect(fixture.filter((id) => streamed.includes(id))).toEqual(fixture.filter((id) => inTimeline.includes(id)));
  });
});
