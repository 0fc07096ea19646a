// Issue #20: a composer from /graphql alone. A multipart request (the GraphQL multipart request spec, as
// apollo-upload-client sends it) uploads a real image as UploadMediaInput.file; the attachment is polled
// until processed, attached to a published status, and read back with it: no REST call. Every refusal
// (too large, not an image, a malformed request, no token, no write:media, no CSRF preflight header) is
// one GraphQL error with a 4xx status, and leaves no staged or temporary file behind. On the multi target
// the gateway is its own process and stages the file with the media process over HTTP.
import sharp from 'sharp';
import { eventually, type TestUser } from '@social/testkit';
import { gqlData } from '../support/graphql';
import { ATTACHMENT_FIELDS, PREFLIGHT, postMultipart, uploadLeftovers, uploadMediaMultipart, type RawGraphqlAnswer } from '../support/graphql-upload';
import * as images from '../support/images';
import { BLURHASH } from '../support/media';
import { rig } from '../support/server';

const UPLOAD = 'mutation UploadMedia($input: UploadMediaInput!) { uploadMedia(input: $input) { mediaAttachment { id } errors { code } } }';
const ONE_FILE_MAP = JSON.stringify({ 0: ['variables.input.file'] });
const operationsWithFile = JSON.stringify({ query: UPLOAD, variables: { input: { file: null } } });

let user: TestUser;

beforeAll(async () => {
  user = await rig.newUser('gqlupload');
});

/** The answer is this status with exactly one error of this code (and message). */
function expectRefusal(answer: RawGraphqlAnswer, status: number, code: string, message: string | RegExp): void {
  expect({ status: answer.status, errors: answer.body?.errors }).toEqual({
    status,
    errors: [expect.objectContaining({ message: typeof message === 'string' ? message : expect.stringMatching(message), extensions: expect.objectContaining({ code }) })],
  });
}

/** Runs a request that must be refused; the files it wrote (staged or temporary) are gone by the time it is answered, or very soon after. */
async function leavingNothing<T>(request: () => Promise<T>): Promise<T> {
  const before = new Set(await uploadLeftovers());
  const answer = await request();
  const after = await uploadLeftovers();
  if (after) {
    // Other test files upload beside this one: only what appeared during the request counts, and theirs are claimed at once.
    await eventually(async () => ((await uploadLeftovers()) ?? []).every((file) => before.has(file)), { timeoutMs: 5_000, what: 'the refused upload to leave no file behind' });
  }
  return answer;
}

describe('POST /graphql multipart', () => {
  describe('uploading a JPEG, then publishing a status with it (the composer flow)', () => {
    it('stages the file, processes it, and attaches it to the status read back', async () => {
      const photo = await images.jpeg(1200, 800);

      const uploaded = await uploadMediaMultipart(photo, user.token, { description: 'A gradient' });

      expect(uploaded.status).toBe(200);
      expect(uploaded.body?.errors).toBeUndefined();
      expect(uploaded.attachment).toMatchObject({ type: 'IMAGE', description: 'A gradient', previewUrl: expect.stringMatching(/\/system\/media_attachments\/files\//), blurhash: expect.stringMatching(BLURHASH) });
      const id = uploaded.attachment?.id as string;
      const processed = await eventually(
        async () => {
          const data = await gqlData(`query Media($id: ID!) { mediaAttachment(id: $id) { ${ATTACHMENT_FIELDS} } }`, { id }, user.token);
          return data.mediaAttachment.processing === 'DONE' && data.mediaAttachment;
        },
        { timeoutMs: 20_000, intervalMs: 100, what: `the processing of media ${id}` },
      );
      expect(processed).toMatchObject({
        id,
        url: expect.stringMatching(/\/system\/media_attachments\/files\/.+\/original\/[a-f0-9]{16}\.jpg$/),
        previewUrl: expect.stringMatching(/\/small\/[a-f0-9]{16}\.jpg$/),
        blurhash: expect.stringMatching(BLURHASH),
        meta: { original: { width: 1200, height: 800 }, small: { width: 588, height: 392 } },
      });
      const original = await fetch(processed.url as string);
      expect({ status: original.status, type: original.headers.get('content-type') }).toEqual({ status: 200, type: 'image/jpeg' });

      const published = await gqlData(
        'mutation Publish($input: PublishStatusInput!) { publishStatus(input: $input) { status { id } errors { code } } }',
        { input: { status: 'Posted from GraphQL alone', mediaIds: [id] } },
        user.token,
      );
      const read = await gqlData('query Status($id: ID!) { status(id: $id) { id content mediaAttachments { id type url previewUrl blurhash description } } }', { id: published.publishStatus.status.id }, user.token);

      expect(read.status).toMatchObject({
        content: expect.stringContaining('Posted from GraphQL alone'),
        mediaAttachments: [{ id, type: 'IMAGE', url: processed.url, previewUrl: processed.previewUrl, blurhash: processed.blurhash, description: 'A gradient' }],
      });
    });
  });

  describe('uploading a PNG synchronously', () => {
    it('answers the attachment processed in full', async () => {
      const uploaded = await uploadMediaMultipart(await images.png(300, 200), user.token, { synchronous: true });

      expect(uploaded.status).toBe(200);
      expect(uploaded.attachment).toMatchObject({ type: 'IMAGE', processing: 'DONE', url: expect.stringMatching(/\/original\/[a-f0-9]{16}\.png$/), meta: { original: { width: 300, height: 200 } } });
    });
  });

  describe("a profile's avatar and header as file parts (updateProfile)", () => {
    const PROFILE = 'mutation P($input: UpdateProfileInput!) { updateProfile(input: $input) { account { avatar avatarStatic header } errors { code message field } } }';
    const profileParts = async () => ({
      operations: JSON.stringify({ query: PROFILE, variables: { input: { avatar: null, header: null } } }),
      map: JSON.stringify({ 0: ['variables.input.avatar'], 1: ['variables.input.header'] }),
      files: { 0: await images.png(640, 480), 1: await images.jpeg(2000, 900) },
    });

    it('stores both, resized, with a token that has write:accounts but not write:media', async () => {
      const profileOnly = await rig.passwordToken(await rig.registerApp('write:accounts write:media'), user.email, user.password, 'write:accounts');

      const answer = await postMultipart(await profileParts(), { ...PREFLIGHT, authorization: `Bearer ${profileOnly}` });

      expect(answer.status).toBe(200);
      expect(answer.body?.errors).toBeUndefined();
      const { account, errors } = (answer.body?.data as { updateProfile: { account: Record<string, string>; errors: unknown[] } }).updateProfile;
      expect(errors).toEqual([]);
      expect(account.avatar).toMatch(/\/system\/accounts\/avatars\/(\d{3}\/)+original\/[0-9a-f]+\.png$/);
      expect(account.header).toMatch(/\/system\/accounts\/headers\/(\d{3}\/)+original\/[0-9a-f]+\.jpg$/);
      const stored = await fetch(account.avatar);
      expect(stored.status).toBe(200);
      const meta = await sharp(Buffer.from(await stored.arrayBuffer())).metadata();
      expect({ width: meta.width, height: meta.height }).toEqual({ width: 400, height: 400 });
    });

    it('refuses the mutation to a token with write:media only (the bytes may be staged, the profile is not changed)', async () => {
      const mediaOnly = await rig.passwordToken(await rig.registerApp('write:accounts write:media'), user.email, user.password, 'write:media');
      const before = await gqlData('query { viewer { avatar } }', {}, user.token);

      const answer = await postMultipart(await profileParts(), { ...PREFLIGHT, authorization: `Bearer ${mediaOnly}` });

      expect(answer.body?.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'FORBIDDEN' }) })]);
      expect(await gqlData('query { viewer { avatar } }', {}, user.token)).toEqual(before);
    });
  });

  describe('refusals', () => {
    it('refuses an image over 16 MB with 413 while reading it', async () => {
      const answer = await leavingNothing(() => uploadMediaMultipart(images.oversizedImage(), user.token));

      expectRefusal(answer, 413, 'BAD_USER_INPUT', /^File file size must be less than 16 MB/);
    });

    it('refuses a text file posing as a PNG as an invalid file, keeping none of its bytes', async () => {
      const fake = { ...images.textFile(), contentType: 'image/png', fileName: 'fake.png' };

      const answer = await leavingNothing(() => uploadMediaMultipart(fake, user.token));

      expect(answer.status).toBe(200);
      expect(answer.attachment).toBeNull();
      expect(answer.userErrors).toEqual([expect.objectContaining({ code: 'INVALID', message: expect.stringMatching(/File content type is invalid, File is invalid/) })]);
    });

    it('refuses a map entry whose file is missing with 400 BAD_REQUEST', async () => {
      const answer = await leavingNothing(() =>
        postMultipart({ operations: operationsWithFile, map: JSON.stringify({ 0: ['variables.input.file'], 1: ['variables.input.file'] }), files: { 0: images.textFile() } }, { ...PREFLIGHT, authorization: `Bearer ${user.token}` }),
      );

      expectRefusal(answer, 400, 'BAD_REQUEST', "The file of 'map' entry '1' is missing from the request");
    });

    it('refuses a map path that is not in operations with 400 BAD_REQUEST', async () => {
      const answer = await leavingNothing(async () =>
        postMultipart({ operations: operationsWithFile, map: JSON.stringify({ 0: ['variables.input.thumbnail'] }), files: { 0: await images.png() } }, { ...PREFLIGHT, authorization: `Bearer ${user.token}` }),
      );

      expectRefusal(answer, 400, 'BAD_REQUEST', "The 'map' entry '0' names 'variables.input.thumbnail', which is not in 'operations'");
    });

    it('refuses operations that are not JSON with 400 BAD_REQUEST', async () => {
      const answer = await leavingNothing(async () =>
        postMultipart({ operations: '{"query": "mutation {', map: ONE_FILE_MAP, files: { 0: await images.png() } }, { ...PREFLIGHT, authorization: `Bearer ${user.token}` }),
      );

      expectRefusal(answer, 400, 'BAD_REQUEST', "The 'operations' multipart field is not valid JSON");
    });

    it('refuses a request without a token with 401 UNAUTHENTICATED', async () => {
      const answer = await leavingNothing(async () => uploadMediaMultipart(await images.png(), undefined));

      expectRefusal(answer, 401, 'UNAUTHENTICATED', 'The access token is invalid');
    });

    it('refuses a token without write:media with 403 FORBIDDEN', async () => {
      const readOnly = await rig.passwordToken(user.app, user.email, user.password, 'read');

      const answer = await leavingNothing(async () => uploadMediaMultipart(await images.png(), readOnly));

      expectRefusal(answer, 403, 'FORBIDDEN', 'This action is outside the authorized scopes');
    });

    it('refuses a request without a preflight header (CSRF prevention) with 400 BAD_REQUEST', async () => {
      const answer = await leavingNothing(async () => uploadMediaMultipart(await images.png(), user.token, {}, {}));

      expectRefusal(answer, 400, 'BAD_REQUEST', /Cross-Site Request Forgery.*apollo-require-preflight/);
    });
  });
});
