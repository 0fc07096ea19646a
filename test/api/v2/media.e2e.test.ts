// POST /api/v2/media: the preview before answering, the full version in the background,
// and masto.js's v2.media.create against it. docs/api/media.md; docs/api/client-compatibility.md#media.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestUser } from '@social/testkit';
import { expectError, expectInvalidToken, expectJson } from '../../support/expectations';
import * as images from '../../support/images';
import { download, expectedImage, expectedUnknown, upload, waitForProcessing } from '../../support/media';
import { api, baseUrl, rig } from '../../support/server';

const FILE_INVALID = 'Validation failed: File content type is invalid, File is invalid';

function runMasto(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [path.join(__dirname, '../../support/masto-upload.mjs'), ...args], { timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`masto.js failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

describe('POST /api/v2/media', () => {
  let user: TestUser;

  beforeAll(async () => {
    user = await rig.newUser('asyncuploader');
  });

  describe('with a JPEG', () => {
    it('answers 202 with url null, the preview, its meta and blurhash; GET /api/v1/media/:id then gives the full version', async () => {
      const response = await upload(api, 'v2', user.token, { file: await images.jpeg(1200, 800), fields: { description: 'later', focus: '0,1' } });

      expectJson(response, 202);
      expect(response.body).toEqual(expectedImage(baseUrl, { extension: 'jpg', original: null, small: [588, 392], description: 'later', focus: { x: 0, y: 1 } }));
      expect((await download(response.body.preview_url as string)).status).toBe(200);

      const ready = await waitForProcessing(api, response.body.id as string, user.token);
      expectJson(ready, 200);
      expect(ready.body).toEqual({
        ...expectedImage(baseUrl, { extension: 'jpg', original: [1200, 800], small: [588, 392], description: 'later', focus: { x: 0, y: 1 } }),
        id: response.body.id,
        preview_url: response.body.preview_url,
        blurhash: response.body.blurhash,
      });
      expect(await images.inspect((await download(ready.body.url as string)).data)).toMatchObject({ width: 1200, height: 800, exif: false });
    });
  });

  describe('with an EXIF-rotated JPEG', () => {
    it('orients and strips the full version made in the background too', async () => {
      const response = await upload(api, 'v2', user.token, { file: await images.rotatedJpegWithGps() });
      expectJson(response, 202);

      const ready = await waitForProcessing(api, response.body.id as string, user.token);
      expect(ready.body.meta).toEqual({ original: { width: 200, height: 400, size: '200x400', aspect: 0.5 }, small: { width: 200, height: 400, size: '200x400', aspect: 0.5 }, focus: { x: 0, y: 0 } });
      expect(await images.inspect((await download(ready.body.url as string)).data)).toEqual({ format: 'jpeg', width: 200, height: 400, exif: false, orientation: undefined, pages: 1 });
    });
  });

  describe('with a text file', () => {
    it('answers 200 with the file as it is: nothing is left to process', async () => {
      const response = await upload(api, 'v2', user.token, { file: images.textFile() });

      expectJson(response, 200);
      expect(response.body).toEqual(expectedUnknown(baseUrl, 'txt'));
    });
  });

  describe('with a JPEG cut in half', () => {
    it("answers 422 with the invalid-file message, the preview failing at once", async () => {
      expectError(await upload(api, 'v2', user.token, { file: await images.truncatedJpeg() }), 422, FILE_INVALID);
    });
  });

  describe('with a file of more than 33,177,600 pixels', () => {
    it('answers 422 before any processing', async () => {
      expectError(await upload(api, 'v2', user.token, { file: await images.tooManyPixels() }), 422, '8000x4500 images are not supported');
    });
  });

  describe('with a GIF whose last frame is corrupt', () => {
    it('answers 202 (the preview decodes); processing then fails and GET answers 422', async () => {
      const response = await upload(api, 'v2', user.token, { file: await images.gifWithCorruptLastFrame() });
      expectJson(response, 202);

      expectError(await waitForProcessing(api, response.body.id as string, user.token), 422, FILE_INVALID);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await upload(api, 'v2', undefined, { file: await images.png() }));
    });
  });

  describe("with masto.js's v2.media.create (Blob named blob, then polling until url is set)", () => {
    it('resolves with the processed attachment', async () => {
      const folder = await mkdtemp(path.join(os.tmpdir(), 'masto-'));
      try {
        const file = path.join(folder, 'photo.jpg');
        await writeFile(file, (await images.jpeg(1200, 800)).data);
        const output = await runMasto([baseUrl, user.token, file, 'image/jpeg', 'uploaded by masto.js']);

        const attachment = JSON.parse(output) as Record<string, unknown>;
        // masto.js turns snake_case keys into camelCase.
        expect(attachment).toMatchObject({
          type: 'image',
          url: expect.stringMatching(/\/system\/media_attachments\/files\/.+\/original\/[a-f0-9]{16}\.jpg$/),
          previewUrl: expect.stringMatching(/\/small\/[a-f0-9]{16}\.jpg$/),
          description: 'uploaded by masto.js',
          meta: { original: { width: 1200, height: 800 }, small: { width: 588, height: 392 }, focus: { x: 0.1, y: -0.2 } },
        });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });
  });
});
