// DELETE /api/v1/profile/avatar and /api/v1/profile/header (Mastodon 4.2): the image removed, its files
// gone, the default image back; 200 CredentialAccount also when none was set. docs/api/accounts.md#profile-editing.
import type { JsonObject, TestUser } from '@social/testkit';
import { expectedCredentialAccount } from '../../../support/entities';
import { OUTSIDE_SCOPES, expectError, expectJson } from '../../../support/expectations';
import * as images from '../../../support/images';
import { download } from '../../../support/media';
import { api, baseUrl, rig } from '../../../support/server';

async function withImages(user: TestUser): Promise<JsonObject> {
  const body = new FormData();
  for (const [name, file] of [['avatar', await images.png(500, 500)], ['header', await images.jpeg(1600, 600)]] as const) {
    body.append(name, new Blob([file.data], { type: file.contentType }), file.fileName);
  }
  const response = await api.send<JsonObject>('PATCH', '/api/v1/accounts/update_credentials', { token: user.token, body });
  expectJson(response, 200);
  return response.body;
}

describe.each([
  ['avatar', `${'avatars'}/original/missing.png`],
  ['header', `${'headers'}/original/missing.png`],
] as const)('DELETE /api/v1/profile/%s', (kind, missing) => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser(`del${kind}`);
  });

  it('removes the image and its file; the default image is back everywhere, the other image stays', async () => {
    const before = await withImages(user);
    const other = kind === 'avatar' ? 'header' : 'avatar';
    expect((await download(before[kind] as string)).status).toBe(200);

    const response = await api.delete<JsonObject>(`/api/v1/profile/${kind}`, { token: user.token });

    expectJson(response, 200);
    expect(response.body).toMatchObject({ id: user.account.id, [kind]: `${baseUrl}/${missing}`, [`${kind}_static`]: `${baseUrl}/${missing}`, [other]: before[other] });
    expect(response.body.source).toBeDefined();
    expect((await download(before[kind] as string)).status).toBe(404);
    expect((await api.get<JsonObject>(`/api/v1/accounts/${user.account.id}`)).body[kind]).toBe(`${baseUrl}/${missing}`);
  });

  it('answers 200 with the CredentialAccount when no image is set', async () => {
    const fresh = await rig.newUser(`none${kind}`);
    const response = await api.delete<JsonObject>(`/api/v1/profile/${kind}`, { token: fresh.token });

    expectJson(response, 200);
    expect(response.body).toEqual(expectedCredentialAccount(baseUrl, { id: fresh.account.id, username: fresh.username }));
  });

  it('needs write:accounts', async () => {
    const app = await rig.registerApp('read write');
    const token = await rig.passwordToken(app, user.email, user.password, 'read');
    expectError(await api.delete(`/api/v1/profile/${kind}`, { token }), 403, OUTSIDE_SCOPES);
  });
});
