// PATCH /api/v1/accounts/update_credentials: a profile edit as every client sends it (multipart from
// masto.js, forms, JSON), read back through verify_credentials, GET /api/v1/accounts/:id and a status.
// Mastodon's Api::V1::Accounts::CredentialsController; docs/api/accounts.md#profile-editing.
import sharp from 'sharp';
import type { JsonObject, TestUser } from '@social/testkit';
import * as images from '../../../support/images';
import { download } from '../../../support/media';
import { OUTSIDE_SCOPES, expectError, expectJson } from '../../../support/expectations';
import { gql } from '../../../support/graphql';
import { api, baseUrl, rig } from '../../../support/server';

const PATH = '/api/v1/accounts/update_credentials';

function form(fields: Record<string, string>, files: Record<string, images.Fixture> = {}): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const [name, file] of Object.entries(files)) body.append(name, new Blob([file.data], { type: file.contentType }), file.fileName);
  return body;
}

const patchMultipart = (token: string, fields: Record<string, string>, files?: Record<string, images.Fixture>) =>
  api.send<JsonObject>('PATCH', PATH, { token, body: form(fields, files) });
const patchJson = (token: string, body: unknown) => api.send<JsonObject>('PATCH', PATH, { token, contentType: 'application/json', body: JSON.stringify(body) });
const patchForm = (token: string, body: string) => api.send<JsonObject>('PATCH', PATH, { token, contentType: 'application/x-www-form-urlencoded', body });

async function dimensionsOf(url: string): Promise<{ width?: number; height?: number; format?: string }> {
  const file = await download(url);
  expect(file.status).toBe(200);
  const meta = await sharp(file.data).metadata();
  return { width: meta.width, height: meta.height, format: meta.format };
}

describe('PATCH /api/v1/accounts/update_credentials', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('profile');
  });

  it('sets every text field and flag (multipart, indexed fields_attributes) and answers the CredentialAccount; each reads back everywhere', async () => {
    const response = await patchMultipart(user.token, {
      display_name: 'Alice :blobcat:',
      note: 'Curiouser & curiouser',
      locked: 'true',
      bot: 'true',
      discoverable: 'true',
      indexable: 'true',
      hide_collections: 'true',
      'fields_attributes[0][name]': 'Site',
      'fields_attributes[0][value]': 'https://alice.example/about',
      'fields_attributes[1][name]': 'Pronouns',
      'fields_attributes[1][value]': 'she/her',
      'source[privacy]': 'unlisted',
      'source[sensitive]': 'true',
      'source[language]': 'de',
    });

    expectJson(response, 200);
    const expected = {
      id: user.account.id,
      display_name: 'Alice :blobcat:',
      note: '<p>Curiouser &amp; curiouser</p>',
      locked: true,
      bot: true,
      discoverable: true,
      indexable: true,
      hide_collections: true,
      fields: [
        { name: 'Site', value: expect.stringContaining('<a href="https://alice.example/about"'), verified_at: null },
        { name: 'Pronouns', value: 'she/her', verified_at: null },
      ],
    };
    expect(response.body).toMatchObject({
      ...expected,
      source: {
        privacy: 'unlisted',
        sensitive: true,
        language: 'de',
        note: 'Curiouser & curiouser',
        fields: [
          { name: 'Site', value: 'https://alice.example/about', verified_at: null },
          { name: 'Pronouns', value: 'she/her', verified_at: null },
        ],
        follow_requests_count: 0,
        hide_collections: true,
        discoverable: true,
        indexable: true,
      },
    });

    const verified = await api.get<JsonObject>('/api/v1/accounts/verify_credentials', { token: user.token });
    expect(verified.body).toEqual(response.body);
    const shown = await api.get<JsonObject>(`/api/v1/accounts/${user.account.id}`);
    expect(shown.body).toMatchObject(expected);
    expect(shown.body.source).toBeUndefined();
    const status = await rig.post(user.token, { status: 'after the edit', visibility: 'public' });
    expect(status.account).toMatchObject(expected);
    const preferences = await api.get<JsonObject>('/api/v1/preferences', { token: user.token });
    expect(preferences.body).toMatchObject({ 'posting:default:visibility': 'unlisted', 'posting:default:sensitive': true, 'posting:default:language': 'de' });
    // A status that leaves them out takes the posting defaults.
    const defaulted = await rig.post(user.token, { status: 'with the defaults' });
    expect(defaulted).toMatchObject({ visibility: 'unlisted', sensitive: true, language: 'de' });
  });

  it('takes JSON with fields_attributes as an array, and an urlencoded form; absent parameters stay', async () => {
    const other = await rig.newUser('profilejson');
    expectJson(await patchJson(other.token, { display_name: 'Jason', fields_attributes: [{ name: 'A', value: '1' }, { name: '', value: '' }, { name: 'B', value: '2' }] }), 200);
    const response = await patchForm(other.token, 'note=Formed&fields_attributes%5B%5D%5Bname%5D=C&fields_attributes%5B%5D%5Bvalue%5D=3');

    expectJson(response, 200);
    expect(response.body).toMatchObject({ display_name: 'Jason', note: '<p>Formed</p>', fields: [{ name: 'C', value: '3' }] });
    const json = await patchJson(other.token, { locked: false });
    expect((json.body.source as JsonObject).fields).toEqual([{ name: 'C', value: '3', verified_at: null }]);
  });

  it('renders the note as a status is: a link, a mention of a known account, a hashtag, HTML escaped', async () => {
    const friend = await rig.newUser('notefriend');
    const response = await patchJson(user.token, { note: `<b>hi</b> see https://example.org/page @${friend.username} #Tea` });

    expectJson(response, 200);
    const note = response.body.note as string;
    expect(note).toContain('&lt;b&gt;hi&lt;/b&gt;');
    expect(note).toContain('<a href="https://example.org/page" target="_blank" rel="nofollow noopener" translate="no">');
    expect(note).toContain(`<a href="${baseUrl}/@${friend.username}" class="u-url mention">@<span>${friend.username}</span></a>`);
    expect(note).toContain(`<a href="${baseUrl}/tags/tea" class="mention hashtag" rel="tag">#<span>Tea</span></a>`);
    expect((response.body.source as JsonObject).note).toBe(`<b>hi</b> see https://example.org/page @${friend.username} #Tea`);
  });

  it.each([
    ['display_name', 'x'.repeat(31), 'Validation failed: Display name is too long (maximum is 30 characters)'],
    ['note', 'x'.repeat(501), 'Validation failed: Note is too long (maximum is 500 characters)'],
  ])('refuses a too long %s with 422 and Mastodon\'s message, changing nothing', async (name, value, message) => {
    const response = await patchJson(user.token, { [name]: value, bot: false });

    expectJson(response, 422);
    expect(response.body.error).toBe(message);
    expect((await rig.verifyCredentials(user.token)).bot).toBe(true);
  });

  it('counts a URL in the note as 23 characters', async () => {
    expectJson(await patchJson(user.token, { note: `${'x'.repeat(470)} https://example.org/${'y'.repeat(100)}` }), 200);
  });

  it('refuses more than 4 fields with 422', async () => {
    const fields = Array.from({ length: 5 }, (_, i) => ({ name: `n${i}`, value: `v${i}` }));
    const response = await patchJson(user.token, { fields_attributes: fields });

    expectJson(response, 422);
    expect(response.body.error).toBe('Validation failed: Fields is too long (maximum is 4 characters)');
  });

  it('refuses an unknown source[privacy] with 422', async () => {
    expectJson(await patchJson(user.token, { source: { privacy: 'direct' } }), 422);
  });

  it('stores avatar and header from multipart, cropped to 400x400 and 1500x500', async () => {
    const avatar = await images.png(800, 600);
    const header = await images.jpeg(3000, 1500);
    const response = await patchMultipart(user.token, { display_name: 'Pictured' }, { avatar, header });

    expectJson(response, 200);
    expect(response.body.avatar).toMatch(new RegExp(`^${baseUrl}/system/accounts/avatars/(\\d{3}/)+original/[0-9a-f]+\\.png$`));
    expect(response.body.avatar_static).toBe(response.body.avatar);
    expect(await dimensionsOf(response.body.avatar as string)).toEqual({ width: 400, height: 400, format: 'png' });
    expect(await dimensionsOf(response.body.header as string)).toEqual({ width: 1500, height: 500, format: 'jpeg' });
    const shown = await api.get<JsonObject>(`/api/v1/accounts/${user.account.id}`);
    expect(shown.body).toMatchObject({ avatar: response.body.avatar, header: response.body.header });

    // A new avatar replaces the old file, which is removed once the new one is stored.
    const again = await patchMultipart(user.token, {}, { avatar: await images.webp(500, 500) });
    expectJson(again, 200);
    expect(again.body.avatar).not.toBe(response.body.avatar);
    expect((await download(response.body.avatar as string)).status).toBe(404);
    expect(await dimensionsOf(again.body.avatar as string)).toEqual({ width: 400, height: 400, format: 'webp' });
  });

  it('keeps an animated GIF avatar animated, with a still PNG as avatar_static', async () => {
    const other = await rig.newUser('profilegif');
    const response = await patchMultipart(other.token, {}, { avatar: await images.animatedGif() });

    expectJson(response, 200);
    expect(response.body.avatar).toMatch(/\.gif$/);
    expect(response.body.avatar_static).toMatch(/\/static\/[0-9a-f]+\.png$/);
    const animated = await sharp((await download(response.body.avatar as string)).data, { animated: true }).metadata();
    expect(animated.pages).toBe(3);
  });

  it('refuses a file that is not an image, and one over 8 MB, with 422', async () => {
    const text = { data: Buffer.from('just text'), contentType: 'image/png', fileName: 'fake.png' };
    const wrong = await patchMultipart(user.token, {}, { avatar: text });
    expectJson(wrong, 422);
    expect(wrong.body.error).toBe('Validation failed: Avatar content type is invalid');

    const big = { data: Buffer.alloc(8 * 1024 * 1024 + 1, 1), contentType: 'image/png', fileName: 'big.png' };
    const tooLarge = await patchMultipart(user.token, {}, { header: big });
    expectJson(tooLarge, 422);
    expect(tooLarge.body.error).toBe('Validation failed: Header file size must be less than 8 MB');
  });

  it('needs write:accounts: a read-only token gets 403', async () => {
    const app = await rig.registerApp('read write');
    const token = await rig.passwordToken(app, user.email, user.password, 'read');
    expectError(await patchJson(token, { display_name: 'Nope' }), 403, OUTSIDE_SCOPES);
  });
});

describe('GraphQL updateProfile', () => {
  const UPDATE = `mutation ($input: UpdateProfileInput!) {
    updateProfile(input: $input) { account { id displayName hideCollections source { privacy } } errors { code message field detail } }
  }`;

  it('changes the profile and answers the account with its source', async () => {
    const user = await rig.newUser('gqlprofile');
    const response = await gql(UPDATE, { input: { displayName: 'Graph', hideCollections: true, source: { privacy: 'private' } } }, user.token);

    expect(response.errors).toBeUndefined();
    expect(response.data?.updateProfile).toEqual({
      account: { id: user.account.id, displayName: 'Graph', hideCollections: true, source: { privacy: 'private' } },
      errors: [],
    });
  });

  it('reports a too long display name as a UserError at ["input", "displayName"], changing nothing', async () => {
    const user = await rig.newUser('gqlprofilebad');
    const response = await gql(UPDATE, { input: { displayName: 'x'.repeat(31), bot: true } }, user.token);

    expect(response.errors).toBeUndefined();
    expect(response.data?.updateProfile.account).toBeNull();
    expect(response.data?.updateProfile.errors).toContainEqual({
      code: 'INVALID', message: 'is too long (maximum is 30 characters)', field: ['input', 'displayName'], detail: 'ERR_TOO_LONG',
    });
    expect((await rig.verifyCredentials(user.token)).bot).toBe(false);
  });
});
