// The streams follow the viewer's blocks and mutes: the user and public streams leave out statuses of accounts
// the viewer blocks, is blocked by, or mutes. docs/api/safety.md#where-they-apply.
import type { TestUser } from '@social/testkit';
import { api, rig } from '../../../support/server';
import { openSse } from '../../../support/sse';

describe('streams and blocks or mutes', () => {
  let viewer: TestUser;
  let blocked: TestUser;
  let muted: TestUser;
  let friend: TestUser;

  beforeAll(async () => {
    [viewer, blocked, muted, friend] = await Promise.all([rig.newUser('ssesafe'), rig.newUser('sseblocked'), rig.newUser('ssemuted'), rig.newUser('ssefriend')]);
    await api.post(`/api/v1/accounts/${muted.account.id}/follow`, { token: viewer.token });
    await api.post(`/api/v1/accounts/${friend.account.id}/follow`, { token: viewer.token });
    await api.post(`/api/v1/accounts/${blocked.account.id}/block`, { token: viewer.token });
    await api.post(`/api/v1/accounts/${muted.account.id}/mute`, { token: viewer.token });
  });

  it.each(['/api/v1/streaming/public', '/api/v1/streaming/user'])('%s leaves out blocked and muted accounts\' statuses', async (path) => {
    const stream = await openSse(path, viewer.token);
    const hidden = [await rig.post(blocked.token, 'blocked speaks'), await rig.post(muted.token, 'muted speaks')];
    const marker = await rig.post(friend.token, 'a friend speaks');

    await stream.next('update', (data) => data.includes(marker.id));

    for (const status of hidden) expect(stream.raw).not.toContain(status.id);
  });

  it('still sends them to an anonymous public stream', async () => {
    const stream = await openSse('/api/v1/streaming/public');
    const status = await rig.post(blocked.token, 'blocked speaks to everyone');

    await stream.next('update', (data) => data.includes(status.id));
  });
});
