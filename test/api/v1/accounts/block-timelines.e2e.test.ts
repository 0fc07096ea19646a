// A block reaches the timelines and streams the blocking tests in block.e2e.test.ts do not walk: the hashtag
// and list timelines and their streams, boosts of the blocked account's statuses by someone the blocker
// follows, and a mention written after the block. docs/api/safety.md#where-they-apply (Mastodon filters a
// home or list entry whose author, or whose boosted status's author, is blocked either way).
import type { TestUser } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';
import { openSse } from '../../../support/sse';

const ids = (body: unknown) => (body as Array<{ id: string }>).map((item) => item.id);
/** The ids of the statuses a page shows, boosted ones included (a boost shows its original). */
const shown = (body: unknown) => (body as Array<{ id: string; reblog: { id: string } | null }>).flatMap((item) => [item.id, ...(item.reblog ? [item.reblog.id] : [])]);

describe('a block in the hashtag and list timelines, boosts and mentions', () => {
  let blocker: TestUser;
  let blocked: TestUser;
  let friend: TestUser;
  let listId: string;
  const tag = `blocktag${Date.now().toString(36)}`;

  beforeAll(async () => {
    [blocker, blocked, friend] = await Promise.all([rig.newUser('tlblocker'), rig.newUser('tlblocked'), rig.newUser('tlfriend')]);
    await api.post(`/api/v1/accounts/${friend.account.id}/follow`, { token: blocker.token });
    const list = await api.postForm<{ id: string }>('/api/v1/lists', { title: 'friends' }, { token: blocker.token });
    expectJson(list, 200);
    listId = list.body.id;
    expectJson(await api.postForm(`/api/v1/lists/${listId}/accounts`, { account_ids: [friend.account.id] }, { token: blocker.token }), 200);
    expectJson(await api.post(`/api/v1/accounts/${blocked.account.id}/block`, { token: blocker.token }), 200);
  });

  it("leaves the blocked account's tagged status out of the blocker's hashtag timeline, not out of anyone else's", async () => {
    const hidden = await rig.post(blocked.token, `about #${tag}`);
    const visible = await rig.post(friend.token, `also about #${tag}`);

    const mine = await api.get(`/api/v1/timelines/tag/${tag}`, { token: blocker.token });
    expectJson(mine, 200);
    expect(ids(mine.body)).toContain(visible.id);
    expect(ids(mine.body)).not.toContain(hidden.id);
    expect(ids((await api.get(`/api/v1/timelines/tag/${tag}`)).body)).toEqual(expect.arrayContaining([hidden.id, visible.id]));
  });

  it("leaves a friend's boost of the blocked account's status out of the blocker's home and list timelines", async () => {
    const original = await rig.post(blocked.token, 'boost me');
    const boost = await api.post<{ id: string }>(`/api/v1/statuses/${original.id}/reblog`, { token: friend.token });
    expectJson(boost, 200);
    const marker = await rig.post(friend.token, 'the friend speaks');

    for (const path of ['/api/v1/timelines/home', `/api/v1/timelines/list/${listId}`]) {
      const page = await api.get(path, { token: blocker.token });
      expectJson(page, 200);
      expect(ids(page.body)).toContain(marker.id);
      expect(shown(page.body)).not.toContain(boost.body.id);
      expect(shown(page.body)).not.toContain(original.id);
    }
    // The friend's own followers who block nobody still see the boost.
    const other = await rig.newUser('tlother');
    await api.post(`/api/v1/accounts/${friend.account.id}/follow`, { token: other.token });
    const theirs = await api.get(`/api/v1/accounts/${friend.account.id}/statuses`, { token: other.token });
    expect(ids(theirs.body)).toContain(boost.body.id);
  });

  it('keeps the blocked account out of the hashtag and list streams', async () => {
    const hashtag = await openSse(`/api/v1/streaming/hashtag?tag=${tag}`, blocker.token);
    const list = await openSse(`/api/v1/streaming/list?list=${listId}`, blocker.token);
    const hidden = await rig.post(blocked.token, `streamed #${tag}`);
    const original = await rig.post(blocked.token, 'streamed boost');
    const boost = await api.post<{ id: string }>(`/api/v1/statuses/${original.id}/reblog`, { token: friend.token });
    const marker = await rig.post(friend.token, `marker #${tag}`);

    await hashtag.next('update', (data) => data.includes(marker.id));
    await list.next('update', (data) => data.includes(marker.id));

    expect(hashtag.raw).not.toContain(hidden.id);
    expect(list.raw).not.toContain(boost.body.id);
    expect(list.raw).not.toContain(original.id);
  });

  it('does not notify the blocker of a mention written after the block', async () => {
    const marker = await rig.post(friend.token, `@${blocker.account.username} from a friend`);
    const mention = await rig.post(blocked.token, `@${blocker.account.username} can you hear me`);

    const notifications = await api.get<Array<{ status: { id: string } }>>('/api/v1/notifications', { token: blocker.token, query: { types: ['mention'] } });
    expectJson(notifications, 200);
    const statuses = notifications.body.map((n) => n.status.id);
    expect(statuses).toContain(marker.id);
    expect(statuses).not.toContain(mention.id);
  });
});
