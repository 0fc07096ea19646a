// GET /api/v1/directory: the profile directory, discoverable accounts only, by last status (active) or newest
// (new), paged by offset and limit. docs/api/search.md#the-profile-directory.
import type { TestUser } from '@social/testkit';
import { OUTSIDE_SCOPES, expectError, expectJson } from '../../support/expectations';
import { ids } from '../../support/interactions';
import { api, rig } from '../../support/server';

async function directory(query: Record<string, string>, token?: string): Promise<string[]> {
  const response = await api.get<Array<{ id: string }>>('/api/v1/directory', { token, query });
  expectJson(response, 200);
  return ids(response.body as unknown as Array<{ id: string }>);
}

async function setDiscoverable(user: TestUser, value: boolean): Promise<void> {
  const response = await api.send('PATCH', '/api/v1/accounts/update_credentials', {
    token: user.token,
    contentType: 'application/x-www-form-urlencoded',
    body: `discoverable=${value}`,
  });
  expectJson(response, 200);
}

describe('GET /api/v1/directory', () => {
  let first: TestUser;
  let second: TestUser;
  let hidden: TestUser;

  beforeAll(async () => {
    // Signed up in this order, so `new` lists second before first.
    first = await rig.newUser('dirfirst');
    second = await rig.newUser('dirsecond');
    hidden = await rig.newUser('dirhidden');
    await Promise.all([setDiscoverable(first, true), setDiscoverable(second, true), setDiscoverable(hidden, false)]);
  });

  it('lists discoverable accounts only', async () => {
    const listed = await directory({ order: 'new', limit: '80' });
    expect(listed).toEqual(expect.arrayContaining([first.account.id, second.account.id]));
    expect(listed).not.toContain(hidden.account.id);
  });

  it('orders by newest account with order=new', async () => {
    const listed = await directory({ order: 'new', limit: '80' });
    expect(listed.indexOf(second.account.id)).toBeLessThan(listed.indexOf(first.account.id));
  });

  it('orders by the latest status by default (active)', async () => {
    await rig.post(first.token, 'first posts last, so first comes first');
    const listed = await directory({ limit: '80' });
    expect(listed.indexOf(first.account.id)).toBeLessThan(listed.indexOf(second.account.id));
  });

  it('pages with limit and offset', async () => {
    const two = await directory({ order: 'new', limit: '2' });
    expect(two).toHaveLength(2);
    expect(await directory({ order: 'new', limit: '1', offset: '1' })).toEqual(two.slice(1));
  });

  it('answers without a token, and 403 for a token without read:accounts', async () => {
    expect(await directory({ order: 'new', limit: '80' })).toContain(first.account.id);
    const app = await rig.registerApp('read:statuses');
    const token = await rig.passwordToken(app, first.email, first.password, 'read:statuses');
    expectError(await api.get('/api/v1/directory', { token }), 403, OUTSIDE_SCOPES);
  });
});
