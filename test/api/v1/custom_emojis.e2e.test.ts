// GET /api/v1/custom_emojis, the emojis of statuses and accounts, and managing custom emojis: the admin CLI
// (`social-admin emoji add|list|remove`) and the admins' GraphQL mutations (permission manage_custom_emojis).
// docs/api/custom-emojis.md. The GraphQL management is done by the target's Admin (test/support/staff.ts), on
// every target, each emoji deleted after; the admin CLI's commands need the target's database (single, multi).
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { JsonObject, MastodonStatus, TestUser } from '@social/testkit';
import { runCommand, type Run } from '../../support/commands';
import { DATABASE_URL, describeWithDatabase } from '../../support/database';
import { expectJson } from '../../support/expectations';
import { PREFLIGHT, postMultipart } from '../../support/graphql-upload';
import { codesOf, gql, gqlData } from '../../support/graphql';
import * as images from '../../support/images';
import { updateProfile } from '../../support/interactions';
import { api, baseUrl, rig } from '../../support/server';
import { staffToken } from '../../support/staff';

jest.setTimeout(120_000);

const ADMIN_CLI = path.resolve(__dirname, '../../../server/dist/cli/admin.js');
const ADMIN_SCOPES = 'read write admin:read admin:write';
const EMOJI = 'shortcode url staticUrl visibleInPicker category disabled';
const CREATE = `mutation C($input: CreateCustomEmojiInput!) { createCustomEmoji(input: $input) { customEmoji { ${EMOJI} } errors { code message field } } }`;
const UPDATE = `mutation U($input: UpdateCustomEmojiInput!) { updateCustomEmoji(input: $input) { customEmoji { ${EMOJI} } errors { code message field } } }`;
const DELETE = 'mutation D($input: DeleteCustomEmojiInput!) { deleteCustomEmoji(input: $input) { deletedShortcode errors { code message field } } }';

interface Emoji {
  shortcode: string;
  url: string;
  static_url: string;
  visible_in_picker: boolean;
  category?: string | null;
}

/** A PNG of random pixels: well over 256 KB, whatever the compression. */
async function noisyPng(): Promise<images.Fixture> {
  const data = await sharp(randomBytes(400 * 400 * 3), { raw: { width: 400, height: 400, channels: 3 } }).png().toBuffer();
  return { data, contentType: 'image/png', fileName: 'noise.png' };
}

const uniqueCode = (stem: string) => `${stem}_${randomBytes(4).toString('hex')}`;

async function listed(): Promise<Emoji[]> {
  const response = await api.get<Emoji[]>('/api/v1/custom_emojis');
  expectJson(response, 200);
  return response.body;
}

describe('GET /api/v1/custom_emojis', () => {
  it('answers a list of CustomEmoji without a token', async () => {
    const emojis = await listed();
    expect(Array.isArray(emojis)).toBe(true);
    for (const emoji of emojis) expect(Object.keys(emoji)).toEqual(['shortcode', 'url', 'static_url', 'visible_in_picker', 'category']);
  });
});

describe('custom emoji mutations on /graphql', () => {
  it('refuse a user whose role lacks manage_custom_emojis, even with admin scopes, and a token without one', async () => {
    const user = await rig.newUser('emojinobody', ADMIN_SCOPES);
    expect(codesOf(await gql(UPDATE, { input: { shortcode: 'nothing_here', disabled: true } }, user.token))).toEqual(['FORBIDDEN']);
    expect(codesOf(await gql('query { adminCustomEmojis { shortcode } }', {}, user.token))).toEqual(['FORBIDDEN']);
    expect(codesOf(await gql(UPDATE, { input: { shortcode: 'nothing_here', disabled: true } }))).toEqual(['UNAUTHENTICATED']);
  });
});

describeWithDatabase('custom emojis added by admins', () => {
  let folder: string;
  let author: TestUser;

  function admin(...args: string[]): Promise<Run> {
    const env: Record<string, string> = { DATABASE_URL: DATABASE_URL as string, LOG_LEVEL: 'warn', PUBLIC_URL: baseUrl, MEDIA_DIR: path.join(process.env.E2E_SERVER_FOLDER as string, 'media') };
    if (process.env.E2E_REDIS_URL) env.REDIS_URL = process.env.E2E_REDIS_URL;
    if (process.env.E2E_REDIS_NAMESPACE) env.REDIS_NAMESPACE = process.env.E2E_REDIS_NAMESPACE;
    return runCommand(process.execPath, [ADMIN_CLI, ...args], env);
  }

  async function imageFile(name: string, fixture: images.Fixture): Promise<string> {
    const file = path.join(folder, name);
    await writeFile(file, fixture.data);
    return file;
  }

  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'emoji-e2e-'));
    author = await rig.newUser('emojiauthor');
  });

  describe('social-admin emoji add, list and remove', () => {
    let code: string;

    beforeAll(async () => {
      code = uniqueCode('blob');
      const run = await admin('emoji', 'add', code, await imageFile('blob.png', await images.png(64, 64)), '--category', 'Blobs');
      expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
      expect(run.stdout).toMatch(new RegExp(`^Added :${code}: \\(.+/system/custom_emojis/images/.+\\.png\\)\\.\\n$`));
    });

    it('lists it in GET /api/v1/custom_emojis, with its category and images under /system', async () => {
      const emoji = (await listed()).find((item) => item.shortcode === code);
      expect(emoji).toEqual({
        shortcode: code,
        url: expect.stringMatching(new RegExp(`^${baseUrl}/system/custom_emojis/images/(\\d{3}/)+original/[0-9a-f]+\\.png$`)),
        static_url: expect.stringMatching(new RegExp(`^${baseUrl}/system/custom_emojis/images/(\\d{3}/)+static/[0-9a-f]+\\.png$`)),
        visible_in_picker: true,
        category: 'Blobs',
      });
      for (const url of [emoji?.url, emoji?.static_url]) {
        const image = await fetch(url as string);
        expect({ status: image.status, type: image.headers.get('content-type') }).toEqual({ status: 200, type: 'image/png' });
        expect(await images.inspect(Buffer.from(await image.arrayBuffer()))).toMatchObject({ format: 'png', width: 64, height: 64 });
      }
    });

    it("fills a status's emojis, its content keeping the shortcode as text", async () => {
      const status = await rig.post(author.token, { status: `hello :${code}: and :not_an_emoji_here:`, spoiler_text: `cw :${code}:` });
      const emoji = (await listed()).find((item) => item.shortcode === code) as Emoji;
      const { category: _category, ...embedded } = emoji;

      const read = await api.get<MastodonStatus & { emojis: Emoji[] }>(`/api/v1/statuses/${status.id}`);
      expectJson(read, 200);
      expect(read.body.emojis).toEqual([embedded]);
      expect(read.body.content).toBe(`<p>hello :${code}: and :not_an_emoji_here:</p>`);
      expect((status as unknown as { emojis: Emoji[] }).emojis).toEqual([embedded]);
    });

    it("fills a poll's emojis from its answers, and each version's own in a status's history", async () => {
      const { category: _category, ...embedded } = (await listed()).find((item) => item.shortcode === code) as Emoji;
      const voting = await rig.post(author.token, { status: 'choose', poll: { options: [`yes :${code}:`, 'no :not_an_emoji_here:'], expires_in: '3600' } });
      const poll = await api.get<JsonObject & { emojis: Emoji[] }>(`/api/v1/polls/${(voting as unknown as { poll: { id: string } }).poll.id}`);
      expectJson(poll, 200);
      expect(poll.body.emojis).toEqual([embedded]);
      const plainPoll = await rig.post(author.token, { status: `no emoji in the answers :${code}:`, poll: { options: ['a', 'b'], expires_in: '3600' } });
      expect((plainPoll as unknown as { poll: { emojis: Emoji[] } }).poll.emojis).toEqual([]);

      const status = await rig.post(author.token, 'plain at first');
      const body = JSON.stringify({ status: 'now with an emoji', spoiler_text: `cw :${code}:` });
      expectJson(await api.send('PUT', `/api/v1/statuses/${status.id}`, { token: author.token, body, contentType: 'application/json' }), 200);
      const history = await api.get<Array<JsonObject & { emojis: Emoji[] }>>(`/api/v1/statuses/${status.id}/history`);
      expectJson(history, 200);
      expect(history.body.map((version) => version.emojis)).toEqual([[], [embedded]]);
    });

    it("fills an account's emojis from its display name and note", async () => {
      const user = await rig.newUser('emojiprofile');
      await updateProfile(user, `display_name=${encodeURIComponent(`Blob :${code}:`)}&note=${encodeURIComponent(`also :${code}:`)}`);
      const account = await api.get<JsonObject & { emojis: Emoji[] }>(`/api/v1/accounts/${user.account.id}`);
      expectJson(account, 200);
      expect(account.body.emojis.map((emoji) => emoji.shortcode)).toEqual([code]);
      expect(account.body.display_name).toBe(`Blob :${code}:`);
    });

    it('refuses a shortcode already taken, and a file that is no image, exit 1', async () => {
      const taken = await admin('emoji', 'add', code, await imageFile('again.png', await images.png(32, 32)));
      expect({ code: taken.code, stderr: taken.stderr }).toEqual({ code: 1, stderr: 'Error: Validation failed: Shortcode has already been taken\n' });
      const text = await admin('emoji', 'add', uniqueCode('text'), await imageFile('notes.png', images.textFile()));
      expect({ code: text.code, stderr: text.stderr }).toEqual({ code: 1, stderr: 'Error: Validation failed: Image content type is invalid\n' });
    });

    it('lists every emoji with emoji list, and removes one with emoji remove: no longer listed nor in text', async () => {
      const list = await admin('emoji', 'list');
      expect(list.code).toBe(0);
      expect(list.stdout).toMatch(new RegExp(`^:${code}:  Blobs  -  ${baseUrl}/system/custom_emojis/`, 'm'));

      const removed = await admin('emoji', 'remove', code);
      expect({ code: removed.code, stdout: removed.stdout }).toEqual({ code: 0, stdout: `Removed :${code}:.\n` });
      expect((await listed()).map((emoji) => emoji.shortcode)).not.toContain(code);
      const status = await rig.post(author.token, `gone :${code}:`);
      expect((status as unknown as { emojis: Emoji[] }).emojis).toEqual([]);
      expect((await admin('emoji', 'remove', code)).code).toBe(1);
    });
  });
});

describe("the target's Admin over GraphQL", () => {
  let token: string;
  let author: TestUser;

  beforeAll(async () => {
    token = await staffToken('Admin', ADMIN_SCOPES);
    author = await rig.newUser('emojiauthor');
  });

  it('creates an emoji from a multipart upload, unlisted, shown in text; disables it (gone from text) and deletes it', async () => {
    const code = uniqueCode('party');
    const operations = { query: CREATE, variables: { input: { shortcode: code, image: null, visibleInPicker: false } } };
    const created = await postMultipart(
      { operations: JSON.stringify(operations), map: JSON.stringify({ 0: ['variables.input.image'] }), files: { 0: await images.animatedGif() } },
      { ...PREFLIGHT, authorization: `Bearer ${token}` },
    );
    expect(created.status).toBe(200);
    expect(created.body?.data?.createCustomEmoji).toEqual({
      customEmoji: {
        shortcode: code, url: expect.stringMatching(/\/original\/[0-9a-f]+\.gif$/), staticUrl: expect.stringMatching(/\/static\/[0-9a-f]+\.png$/),
        visibleInPicker: false, category: null, disabled: false,
      },
      errors: [],
    });
    expect((await listed()).map((emoji) => emoji.shortcode)).not.toContain(code);
    expect((await rig.post(author.token, `:${code}:`) as unknown as { emojis: Emoji[] }).emojis.map((emoji) => emoji.shortcode)).toEqual([code]);

    const disabled = await gqlData<{ updateCustomEmoji: { customEmoji: { disabled: boolean; category: string | null } } }>(UPDATE, { input: { shortcode: code, disabled: true, category: 'Party' } }, token);
    expect(disabled.updateCustomEmoji.customEmoji).toMatchObject({ disabled: true, category: 'Party' });
    expect((await rig.post(author.token, `:${code}:`) as unknown as { emojis: Emoji[] }).emojis).toEqual([]);
    const all = await gqlData<{ adminCustomEmojis: Array<{ shortcode: string; disabled: boolean }> }>('query { adminCustomEmojis { shortcode disabled } }', {}, token);
    expect(all.adminCustomEmojis).toContainEqual({ shortcode: code, disabled: true });

    expect(await gqlData(DELETE, { input: { shortcode: code } }, token)).toEqual({ deleteCustomEmoji: { deletedShortcode: code, errors: [] } });
    expect(await gqlData(DELETE, { input: { shortcode: code } }, token)).toMatchObject({ deleteCustomEmoji: { deletedShortcode: null, errors: [{ code: 'NOT_FOUND' }] } });
  });

  it('answers user errors for a malformed shortcode and an image too large', async () => {
    const bad = { query: CREATE, variables: { input: { shortcode: 'no spaces!', image: null } } };
    const malformed = await postMultipart(
      { operations: JSON.stringify(bad), map: JSON.stringify({ 0: ['variables.input.image'] }), files: { 0: await images.png(16, 16) } },
      { ...PREFLIGHT, authorization: `Bearer ${token}` },
    );
    expect(malformed.body?.data?.createCustomEmoji).toMatchObject({ customEmoji: null, errors: [{ code: 'INVALID', field: ['input', 'shortcode'] }, { field: ['input', 'shortcode'] }] });

    const big = { query: CREATE, variables: { input: { shortcode: uniqueCode('big'), image: null } } };
    const tooLarge = await postMultipart(
      { operations: JSON.stringify(big), map: JSON.stringify({ 0: ['variables.input.image'] }), files: { 0: await noisyPng() } },
      { ...PREFLIGHT, authorization: `Bearer ${token}` },
    );
    expect(tooLarge.body?.data?.createCustomEmoji).toMatchObject({ customEmoji: null, errors: [{ code: 'INVALID', message: 'Validation failed: Image file size must be less than 256 KB' }, { field: ['input', 'image'] }] });
  });
});
