// Featured hashtags: GET/POST /api/v1/featured_tags, DELETE /api/v1/featured_tags/:id, GET /api/v1/featured_tags/suggestions,
// GET /api/v1/accounts/:id/featured_tags, POST /api/v1/tags/:name/feature and /unfeature. docs/api/hashtags.md#featured-tags.
import { randomUUID } from 'node:crypto';
import type { TestUser } from '@social/testkit';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import { api, baseUrl, rig } from '../../../support/server';

const uniqueTag = (stem: string) => `${stem}${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const LIMIT = 'Validation failed: You have already featured the maximum number of hashtags';

describe('featured tags', () => {
  let owner: TestUser;
  let other: TestUser;
  let tag: string;

  beforeAll(async () => {
    [owner, other] = await Promise.all([rig.newUser('featurer'), rig.newUser('featother')]);
    tag = uniqueTag('Feat');
    await rig.post(owner.token, `one #${tag}`);
    await rig.post(owner.token, { status: `two #${tag}`, visibility: 'unlisted' });
    await rig.post(owner.token, { status: `private #${tag}`, visibility: 'private' });
    await rig.post(other.token, `not mine #${tag}`);
  });

  it('creates a featured tag with the count of its public and unlisted statuses, answers it again when repeated, lists it', async () => {
    const created = await api.postJson('/api/v1/featured_tags', { name: `#${tag.toLowerCase()}` }, { token: owner.token });

    expectJson(created, 200);
    const today = new Date().toISOString().slice(0, 10);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^\d+$/),
      name: tag,
      url: `${baseUrl}/@${owner.username}/tagged/${tag.toLowerCase()}`,
      statuses_count: 2,
      last_status_at: today,
    });
    const again = await api.postJson('/api/v1/featured_tags', { name: tag }, { token: owner.token });
    expect(again.body.id).toBe(created.body.id);

    const mine = await api.get('/api/v1/featured_tags', { token: owner.token });
    expectJson(mine, 200);
    expect(mine.body).toEqual([created.body]);
    const theirs = await api.get(`/api/v1/accounts/${owner.account.id}/featured_tags`);
    expectJson(theirs, 200);
    expect(theirs.body).toEqual([created.body]);
    expect((await api.get(`/api/v1/tags/${tag}`, { token: owner.token })).body.featuring).toBe(true);
  });

  it('refuses a blank or invalid name with 422', async () => {
    expectError(await api.postJson('/api/v1/featured_tags', {}, { token: owner.token }), 422, "Validation failed: Name can't be blank");
    expectError(await api.postJson('/api/v1/featured_tags', { name: 'foo bar' }, { token: owner.token }), 422, 'Validation failed: Name is invalid');
  });

  it('deletes one by id (200 {}), 404 for another user\'s or an unknown id', async () => {
    const user = await rig.newUser('featdelete');
    const created = await api.postJson('/api/v1/featured_tags', { name: uniqueTag('gone') }, { token: user.token });
    expectJson(created, 200);

    expectError(await api.delete(`/api/v1/featured_tags/${created.body.id}`, { token: owner.token }), 404, RECORD_NOT_FOUND);
    const deleted = await api.delete(`/api/v1/featured_tags/${created.body.id}`, { token: user.token });
    expectJson(deleted, 200);
    expect(deleted.body).toEqual({});
    expectError(await api.delete(`/api/v1/featured_tags/${created.body.id}`, { token: user.token }), 404, RECORD_NOT_FOUND);
    expectError(await api.delete('/api/v1/featured_tags/abc', { token: user.token }), 404, RECORD_NOT_FOUND);
    expect((await api.get('/api/v1/featured_tags', { token: user.token })).body).toEqual([]);
  });

  it('allows 10 featured tags and answers 422 for the 11th', async () => {
    const user = await rig.newUser('featlimit');
    for (let i = 0; i < 10; i++) expectJson(await api.postForm('/api/v1/featured_tags', { name: uniqueTag(`lim${i}x`) }, { token: user.token }), 200);

    expectError(await api.postJson('/api/v1/featured_tags', { name: uniqueTag('eleventh') }, { token: user.token }), 422, LIMIT);
    expectError(await api.post(`/api/v1/tags/${uniqueTag('eleventh')}/feature`, { token: user.token }), 422, LIMIT);
    expect((await api.get('/api/v1/featured_tags', { token: user.token })).body).toHaveLength(10);
  });

  it('features and unfeatures through /api/v1/tags/:name, answering the Tag', async () => {
    const user = await rig.newUser('feattag');
    const name = uniqueTag('Via');
    const featured = await api.post(`/api/v1/tags/${name}/feature`, { token: user.token });
    expectJson(featured, 200);
    expect(featured.body).toMatchObject({ name, featuring: true, following: false });
    expect((await api.get<Array<{ name: string }>>('/api/v1/featured_tags', { token: user.token })).body.map((t: { name: string }) => t.name)).toEqual([name]);

    const unfeatured = await api.post(`/api/v1/tags/${name}/unfeature`, { token: user.token });
    expectJson(unfeatured, 200);
    expect(unfeatured.body).toMatchObject({ name, featuring: false });
    expect((await api.get('/api/v1/featured_tags', { token: user.token })).body).toEqual([]);
  });

  it('suggests the most used recent hashtags not featured yet', async () => {
    const user = await rig.newUser('featsuggest');
    const [often, once, featured] = [uniqueTag('often'), uniqueTag('once'), uniqueTag('already')];
    await rig.post(user.token, `#${often} #${featured}`);
    await rig.post(user.token, `#${often} #${once}`);
    await rig.post(user.token, `#${often} #${featured}`);
    expectJson(await api.postJson('/api/v1/featured_tags', { name: featured }, { token: user.token }), 200);

    const response = await api.get<Array<{ name: string }>>('/api/v1/featured_tags/suggestions', { token: user.token });
    expectJson(response, 200);
    expect(response.body.map((t: { name: string }) => t.name)).toEqual([often, once]);
    expect(response.body[0]).toMatchObject({ url: `${baseUrl}/tags/${often}`, featuring: false });
  });

  it('answers 404 for an unknown account, 403 and 422 and 401 by the usual rules', async () => {
    expectError(await api.get('/api/v1/accounts/1234567890123/featured_tags'), 404, RECORD_NOT_FOUND);
    const app = await rig.registerApp('read:statuses write:statuses');
    const token = await rig.passwordToken(app, owner.email, owner.password, 'read:statuses write:statuses');
    expectError(await api.get('/api/v1/featured_tags', { token }), 403, OUTSIDE_SCOPES);
    expectError(await api.postJson('/api/v1/featured_tags', { name: 'x' }, { token }), 403, OUTSIDE_SCOPES);
    expectError(await api.get(`/api/v1/accounts/${owner.account.id}/featured_tags`, { token }), 403, OUTSIDE_SCOPES);
    expectError(await api.get('/api/v1/featured_tags/suggestions', { token: await rig.appToken(await rig.registerApp('read'), 'read') }), 422, USER_REQUIRED);
    expectInvalidToken(await api.get('/api/v1/featured_tags'));
  });
});
