// What marking an account sensitive does (docs/api/moderation.md#marking-sensitive): every status of it,
// with its media, answers sensitive: true to everyone but its author (Mastodon's StatusSerializer#sensitive),
// in status answers, timelines and streams; unsensitive brings the author's own flag back. On every target.
import type { MastodonStatus, TestUser } from '@social/testkit';
import { expectJson } from '../../support/expectations';
import { follow } from '../../support/interactions';
import { uploaded } from '../../support/media';
import * as images from '../../support/images';
import { api, rig } from '../../support/server';
import { openSse } from '../../support/sse';
import { adminAccountAction, moderate } from '../../support/staff';

jest.setTimeout(60_000);

describe('an account marked sensitive', () => {
  let marked: TestUser;
  let reader: TestUser;
  let post: MastodonStatus;

  const sensitiveOf = async (id: string, token?: string) => (await api.get<MastodonStatus>(`/api/v1/statuses/${id}`, { token })).body.sensitive;

  beforeAll(async () => {
    [marked, reader] = await Promise.all([rig.newUser('marked'), rig.newUser('mreader')]);
    await follow(reader, marked);
    const media = await uploaded(api, marked.token, { file: await images.png() });
    post = await rig.post(marked.token, { status: 'a picture', media_ids: [media.id as string] });
    expect(post.sensitive).toBe(false);
    expectJson(await moderate(marked.account.id, { type: 'sensitive' }), 200);
  });

  it('answers its statuses sensitive to others, anonymous or signed in, and as the author marked them to the author', async () => {
    expect(await sensitiveOf(post.id)).toBe(true);
    expect(await sensitiveOf(post.id, reader.token)).toBe(true);
    expect(await sensitiveOf(post.id, marked.token)).toBe(false);
    const timeline = await api.get<MastodonStatus[]>(`/api/v1/accounts/${marked.account.id}/statuses`, { token: reader.token });
    expect(timeline.body.map((status) => [status.id, status.sensitive])).toEqual([[post.id, true]]);
    const home = await api.get<MastodonStatus[]>('/api/v1/timelines/home', { token: reader.token });
    expect(home.body.find((status) => status.id === post.id)?.sensitive).toBe(true);
  });

  it('streams its new statuses sensitive', async () => {
    const [publicStream, homeStream] = await Promise.all([openSse('/api/v1/streaming/public'), openSse('/api/v1/streaming/user', reader.token)]);
    const media = await uploaded(api, marked.token, { file: await images.png() });
    const next = await rig.post(marked.token, { status: 'another picture', media_ids: [media.id as string] });

    expect(next.sensitive).toBe(false);
    expect((await publicStream.update(next.id)).sensitive).toBe(true);
    expect((await homeStream.update(next.id)).sensitive).toBe(true);
  });

  it('answers its statuses as marked again once unsensitive', async () => {
    expectJson(await adminAccountAction(marked.account.id, 'unsensitive'), 200);

    expect(await sensitiveOf(post.id)).toBe(false);
    expect(await sensitiveOf(post.id, reader.token)).toBe(false);
  });
});
