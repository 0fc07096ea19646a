// GET and POST /api/v1/markers: reading positions of home and notifications, versions growing by one per
// change, timeline[] selection, form and JSON bodies. Mastodon's Api::V1::MarkersController; docs/api/timelines.md#markers.
import type { TestUser } from '@social/testkit';
import { expectError, expectJson, ISO_MS } from '../../../support/expectations';
import { api, rig } from '../../../support/server';

describe('/api/v1/markers', () => {
  let user: TestUser;
  let other: TestUser;

  const get = (query: string, token = user.token) => api.get(`/api/v1/markers${query}`, { token });

  beforeAll(async () => {
    [user, other] = await Promise.all([rig.newUser('mkuser'), rig.newUser('mkother')]);
  });

  it('answers {} before anything is saved', async () => {
    const response = await get('?timeline[]=home&timeline[]=notifications');

    expectJson(response, 200);
    expect(response.body).toEqual({});
  });

  it('saves home (form) at version 0, then bumps the version on each change only', async () => {
    const first = await api.postForm('/api/v1/markers', { 'home[last_read_id]': '1000' }, { token: user.token });
    expectJson(first, 200);
    expect(first.body).toEqual({ home: { last_read_id: '1000', version: 0, updated_at: expect.stringMatching(ISO_MS) } });

    const second = await api.postJson('/api/v1/markers', { home: { last_read_id: '1005' }, notifications: { last_read_id: '7' } }, { token: user.token });
    expectJson(second, 200);
    expect(second.body).toEqual({
      home: { last_read_id: '1005', version: 1, updated_at: expect.stringMatching(ISO_MS) },
      notifications: { last_read_id: '7', version: 0, updated_at: expect.stringMatching(ISO_MS) },
    });

    const same = await api.postJson('/api/v1/markers', { home: { last_read_id: '1005' } }, { token: user.token });
    expect(same.body).toEqual({ home: { last_read_id: '1005', version: 1, updated_at: expect.stringMatching(ISO_MS) } });

    const third = await api.postJson('/api/v1/markers', { home: { last_read_id: '1010' } }, { token: user.token });
    expect(third.body).toEqual({ home: { last_read_id: '1010', version: 2, updated_at: expect.stringMatching(ISO_MS) } });
  });

  it('answers only the timelines asked for, and keeps each user apart', async () => {
    const home = await get('?timeline[]=home');
    expectJson(home, 200);
    expect(home.body).toEqual({ home: { last_read_id: '1010', version: 2, updated_at: expect.stringMatching(ISO_MS) } });
    expect(Object.keys((await get('?timeline[]=home&timeline[]=notifications')).body as object).sort()).toEqual(['home', 'notifications']);
    expect((await get('')).body).toEqual({});
    expect((await get('?timeline[]=home', other.token)).body).toEqual({});
  });

  it("answers 422 Validation failed: Last read can't be blank without a valid last_read_id", async () => {
    expectError(await api.postJson('/api/v1/markers', { home: { last_read_id: '' } }, { token: user.token }), 422, "Validation failed: Last read can't be blank");
    expectError(await api.postJson('/api/v1/markers', { home: {} }, { token: user.token }), 422, "Validation failed: Last read can't be blank");
  });
});
