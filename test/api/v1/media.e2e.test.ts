// POST /api/v1/media: processed in full before answering. docs/api/media.md.
import type { TestUser } from '@social/testkit';
import { OUTSIDE_SCOPES, USER_REQUIRED, expectError, expectInvalidToken, expectJson } from '../../support/expectations';
import * as images from '../../support/images';
import { BLURHASH, download, expectedImage, expectedUnknown, fileUrl, upload } from '../../support/media';
import { api, baseUrl, rig } from '../../support/server';

const FILE_INVALID = 'Validation failed: File content type is invalid, File is invalid';

describe('POST /api/v1/media', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('uploader');
  });

  describe('with a JPEG', () => {
    it('answers 200 with the processed image: url, preview fitted into 230,400 px, meta, blurhash', async () => {
      const response = await upload(api, 'v1', user.token, { file: await images.jpeg(1200, 800) });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedImage(baseUrl, { extension: 'jpg', original: [1200, 800], small: [588, 392] }));
    });

    it('serves both versions at their URLs as JPEG, cached for a year, without EXIF', async () => {
      const response = await upload(api, 'v1', user.token, { file: await images.jpeg(1200, 800) });

      const original = await download(response.body.url as string);
      const small = await download(response.body.preview_url as string);
      expect({ status: original.status, type: original.headers['content-type'], cache: original.headers['cache-control'] }).toEqual({
        status: 200,
        type: 'image/jpeg',
        cache: 'public, max-age=31536000, immutable',
      });
      expect(await images.inspect(original.data)).toMatchObject({ format: 'jpeg', width: 1200, height: 800, exif: false });
      expect(await images.inspect(small.data)).toMatchObject({ format: 'jpeg', width: 588, height: 392, exif: false });
    });
  });

  describe('with an EXIF-rotated JPEG carrying a GPS position', () => {
    it('applies the orientation (400x200 stored, 200x400 shown) and strips every EXIF tag', async () => {
      const response = await upload(api, 'v1', user.token, { file: await images.rotatedJpegWithGps() });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedImage(baseUrl, { extension: 'jpg', original: [200, 400], small: [200, 400] }));
      const served = await images.inspect((await download(response.body.url as string)).data);
      expect(served).toEqual({ format: 'jpeg', width: 200, height: 400, exif: false, orientation: undefined, pages: 1 });
    });
  });

  describe.each([
    ['PNG', () => images.png(300, 200), 'png', [300, 200]],
    ['WebP', () => images.webp(480, 360), 'webp', [480, 360]],
    ['GIF', () => images.gif(120, 90), 'gif', [120, 90]],
    ['AVIF (converted to JPEG, as Mastodon does)', () => images.avif(320, 240), 'jpg', [320, 240]],
  ] as const)('with a %s', (_name, make, extension, size) => {
    it('answers 200 with type image and the file in its format', async () => {
      const response = await upload(api, 'v1', user.token, { file: await make() });

      expectJson(response, 200);
      const preview = extension === 'gif' ? 'png' : extension;
      expect(response.body).toEqual(expectedImage(baseUrl, { extension, previewExtension: preview, original: [...size], small: [...size] }));
    });
  });

  describe('with an animated GIF', () => {
    it('keeps every frame in the original and makes a still PNG preview', async () => {
      const response = await upload(api, 'v1', user.token, { file: await images.animatedGif() });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedImage(baseUrl, { extension: 'gif', previewExtension: 'png', original: [40, 30], small: [40, 30] }));
      expect(await images.inspect((await download(response.body.url as string)).data)).toMatchObject({ format: 'gif', pages: 3, width: 40, height: 30 });
    });
  });

  describe('with a 4200x3000 photo', () => {
    it('shrinks the original into 3840x2160 of area (8,294,400 px) and the preview into 230,400 px', async () => {
      const response = await upload(api, 'v1', user.token, { file: await images.largePhoto() });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedImage(baseUrl, { extension: 'jpg', original: [3408, 2434], small: [568, 406] }));
    });
  });

  describe('with a text file', () => {
    it('answers 200 with type unknown, the file kept as uploaded, meta with focus only and blurhash null', async () => {
      const text = images.textFile();
      const response = await upload(api, 'v1', user.token, { file: text });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedUnknown(baseUrl, 'txt'));
      const served = await download(response.body.url as string);
      expect({ status: served.status, type: served.headers['content-type'], disposition: served.headers['content-disposition'], data: served.data.toString() }).toEqual({
        status: 200,
        type: 'application/octet-stream',
        disposition: 'attachment',
        data: text.data.toString(),
      });
    });
  });

  describe('with a description and a focal point', () => {
    it('keeps both', async () => {
      const response = await upload(api, 'v1', user.token, { file: await images.png(), fields: { description: 'A sunset over the sea', focus: '-0.5,0.25' } });

      expectJson(response, 200);
      expect(response.body).toEqual(
        expectedImage(baseUrl, { extension: 'png', original: [300, 200], small: [300, 200], description: 'A sunset over the sea', focus: { x: -0.5, y: 0.25 } }),
      );
    });
  });

  describe('with a custom thumbnail', () => {
    it('uses it as the preview, fitted like one, and takes the blurhash from it', async () => {
      const plain = await upload(api, 'v1', user.token, { file: await images.png() });
      const response = await upload(api, 'v1', user.token, { file: await images.png(), thumbnail: await images.solidJpeg(1200, 800) });

      expectJson(response, 200);
      expect(response.body).toEqual({
        ...expectedImage(baseUrl, { extension: 'png', original: [300, 200], small: [300, 200] }),
        preview_url: expect.stringMatching(fileUrl(baseUrl, 'original', 'jpg', 'thumbnails')),
      });
      expect(response.body.blurhash).not.toBe(plain.body.blurhash);
      expect(await images.inspect((await download(response.body.preview_url as string)).data)).toMatchObject({ width: 588, height: 392 });
    });
  });

  describe('with a file of more than 33,177,600 pixels', () => {
    it("answers 422 with Mastodon's dimensions message", async () => {
      expectError(await upload(api, 'v1', user.token, { file: await images.tooManyPixels() }), 422, '8000x4500 images are not supported');
    });
  });

  describe('with an image file over 16 MB', () => {
    it('answers 422 once the limit is passed, keeping nothing', async () => {
      expectError(await upload(api, 'v1', user.token, { file: images.oversizedImage() }), 422, 'Validation failed: File file size must be less than 16 MB');
    });
  });

  describe('with a JPEG cut in half', () => {
    it("answers 422 with the invalid-file message", async () => {
      expectError(await upload(api, 'v1', user.token, { file: await images.truncatedJpeg() }), 422, FILE_INVALID);
    });
  });

  describe('with text that claims to be a PNG', () => {
    it("answers 422 with the invalid-file message", async () => {
      const fake = { ...images.textFile(), contentType: 'image/png', fileName: 'fake.png' };
      expectError(await upload(api, 'v1', user.token, { file: fake }), 422, FILE_INVALID);
    });
  });

  describe('with a HEIC file sharp cannot decode', () => {
    it("answers 422 with the invalid-file message", async () => {
      const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic\0\0\0\0mif1heic'), Buffer.alloc(64)]);
      expectError(await upload(api, 'v1', user.token, { file: { data: heic, contentType: 'image/heic', fileName: 'photo.heic' } }), 422, FILE_INVALID);
    });
  });

  describe('with a thumbnail that is not an image', () => {
    it("answers 422 with the invalid-file message", async () => {
      expectError(await upload(api, 'v1', user.token, { file: await images.png(), thumbnail: images.textFile() }), 422, FILE_INVALID);
    });
  });

  describe('without a file', () => {
    it("answers 422 Validation failed: File can't be blank (multipart)", async () => {
      expectError(await upload(api, 'v1', user.token, { fields: { description: 'nothing' } }), 422, "Validation failed: File can't be blank");
    });

    it("answers 422 Validation failed: File can't be blank (JSON)", async () => {
      expectError(await api.postJson('/api/v1/media', { description: 'nothing' }, { token: user.token }), 422, "Validation failed: File can't be blank");
    });
  });

  describe('with a focal point out of range or malformed', () => {
    it.each(['1.5,0', '0,-2', 'left,top', '0.5', '0.1,0.2,0.3'])('answers 422 for focus=%s', async (focus) => {
      const response = await upload(api, 'v1', user.token, { file: await images.png(), fields: { focus } });
      expectError(response, 422, 'Validation failed: Focus must be two numbers from -1.0 to 1.0, as "x,y"');
    });
  });

  describe('with a description over 10,000 characters', () => {
    it('answers 422', async () => {
      const response = await upload(api, 'v1', user.token, { file: await images.png(), fields: { description: 'x'.repeat(10_001) } });
      expectError(response, 422, 'Validation failed: Description is too long (maximum is 10000 characters)');
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await upload(api, 'v1', undefined, { file: await images.png() }));
    });
  });

  describe('with an app token (no user)', () => {
    it('answers 422 This method requires an authenticated user', async () => {
      const app = await rig.registerApp();
      expectError(await upload(api, 'v1', await rig.appToken(app, 'write'), { file: await images.png() }), 422, USER_REQUIRED);
    });
  });

  describe('with a token without write:media', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const readOnly = await rig.passwordToken(user.app, user.email, user.password, 'read');
      expectError(await upload(api, 'v1', readOnly, { file: await images.png() }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('with a token of write:media alone', () => {
    it('answers 200', async () => {
      const app = await rig.registerApp('read write write:media');
      const granular = await rig.passwordToken(app, user.email, user.password, 'write:media');
      const response = await upload(api, 'v1', granular, { file: await images.png() });
      expectJson(response, 200);
      expect(response.body.blurhash).toMatch(BLURHASH);
    });
  });
});
