// GET, PUT and DELETE /api/v1/media/:id. docs/api/media.md#endpoints.
import type { JsonObject, TestUser } from '@social/testkit';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, expectError, expectInvalidToken, expectJson } from '../../../support/expectations';
import * as images from '../../../support/images';
import { download, fileUrl, multipart, upload, uploaded, waitForProcessing } from '../../../support/media';
import { jobQueueEmpty } from '../../../support/metrics';
import { api, baseUrl, rig } from '../../../support/server';

const FILE_INVALID = 'Validation failed: File content type is invalid, File is invalid';

let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([rig.newUser('mediaowner'), rig.newUser('mediastranger')]);
});

describe('GET /api/v1/media/:id', () => {
  describe('for the caller\'s processed, unattached attachment', () => {
    it('answers 200 with the Attachment as the upload gave it', async () => {
      const media = await uploaded(api, owner.token, { file: await images.png(), fields: { description: 'a drawing' } });

      const response = await api.get(`/api/v1/media/${media.id}`, { token: owner.token });

      expectJson(response, 200);
      expect(response.body).toEqual(media);
    });
  });

  describe('while the full version is being processed', () => {
    it('answers 206 with the Attachment, url null', async () => {
      const accepted = await upload(api, 'v2', owner.token, { file: await images.slowPhoto() });
      expectJson(accepted, 202);

      const response = await api.get(`/api/v1/media/${accepted.body.id}`, { token: owner.token });

      expectJson(response, 206);
      expect(response.body).toEqual({ ...accepted.body });
      expectJson(await waitForProcessing(api, accepted.body.id as string, owner.token), 200);
    });
  });

  describe('when processing failed', () => {
    it("answers 422 with the invalid-file message", async () => {
      const accepted = await upload(api, 'v2', owner.token, { file: await images.gifWithCorruptLastFrame() });
      expectJson(accepted, 202);

      expectError(await waitForProcessing(api, accepted.body.id as string, owner.token), 422, FILE_INVALID);
    });
  });

  describe("for another user's attachment", () => {
    it('answers 404 Record not found', async () => {
      const media = await uploaded(api, owner.token, { file: await images.png() });
      expectError(await api.get(`/api/v1/media/${media.id}`, { token: stranger.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('for an attachment of a posted status', () => {
    it('answers 404 Record not found, and 200 again once the status is deleted (redraft)', async () => {
      const media = await uploaded(api, owner.token, { file: await images.png() });
      const status = await rig.post(owner.token, { status: 'with a picture', media_ids: [media.id as string] });

      expectError(await api.get(`/api/v1/media/${media.id}`, { token: owner.token }), 404, RECORD_NOT_FOUND);

      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: owner.token }), 200);
      const again = await api.get(`/api/v1/media/${media.id}`, { token: owner.token });
      expectJson(again, 200);
      expect(again.body).toEqual(media);
    });
  });

  describe.each([['an unknown id', '1234567'], ['an id that is not a number', 'abc'], ['an id past 64 bits', '99999999999999999999']])('for %s', (_name, id) => {
    it('answers 404 Record not found', async () => {
      expectError(await api.get(`/api/v1/media/${id}`, { token: owner.token }), 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.get('/api/v1/media/1'));
    });
  });

  describe('with a read-only token', () => {
    it('answers 403 This action is outside the authorized scopes', async () => {
      const readOnly = await rig.passwordToken(owner.app, owner.email, owner.password, 'read');
      expectError(await api.get('/api/v1/media/1', { token: readOnly }), 403, OUTSIDE_SCOPES);
    });
  });
});

describe('PUT /api/v1/media/:id', () => {
  let media: JsonObject;

  beforeEach(async () => {
    media = await uploaded(api, owner.token, { file: await images.png() });
  });

  describe('with a description and a focus as a form', () => {
    it('answers 200 with both changed and the rest as it was', async () => {
      const response = await api.send('PUT', `/api/v1/media/${media.id}`, {
        token: owner.token,
        body: 'description=Now+described&focus=0.25%2C-0.75',
        contentType: 'application/x-www-form-urlencoded',
      });

      expectJson(response, 200);
      expect(response.body).toEqual({ ...media, description: 'Now described', meta: { ...(media.meta as JsonObject), focus: { x: 0.25, y: -0.75 } } });
    });
  });

  describe('with a description as JSON', () => {
    it('answers 200 with the description changed', async () => {
      const response = await api.send('PUT', `/api/v1/media/${media.id}`, { token: owner.token, body: JSON.stringify({ description: 'JSON' }), contentType: 'application/json' });

      expectJson(response, 200);
      expect(response.body).toEqual({ ...media, description: 'JSON' });
    });
  });

  describe('with a thumbnail (multipart)', () => {
    it('answers 200 with the thumbnail as the preview and its blurhash', async () => {
      const response = await api.send('PUT', `/api/v1/media/${media.id}`, { token: owner.token, body: multipart({ thumbnail: await images.solidJpeg(800, 800) }) });

      expectJson(response, 200);
      expect(response.body).toEqual({
        ...media,
        preview_url: expect.stringMatching(fileUrl(baseUrl, 'original', 'jpg', 'thumbnails')),
        blurhash: expect.stringMatching(/^.{36}$/),
      });
      expect(response.body.blurhash).not.toBe(media.blurhash);
      expect(await images.inspect((await download(response.body.preview_url as string)).data)).toMatchObject({ width: 480, height: 480 });
    });
  });

  describe('with a thumbnail that is not an image', () => {
    it("answers 422 with the invalid-file message", async () => {
      const response = await api.send('PUT', `/api/v1/media/${media.id}`, { token: owner.token, body: multipart({ thumbnail: images.textFile() }) });
      expectError(response, 422, FILE_INVALID);
    });
  });

  describe('with a focus out of range', () => {
    it('answers 422', async () => {
      const response = await api.send('PUT', `/api/v1/media/${media.id}`, { token: owner.token, body: 'focus=0,1.01', contentType: 'application/x-www-form-urlencoded' });
      expectError(response, 422, 'Validation failed: Focus must be two numbers from -1.0 to 1.0, as "x,y"');
    });
  });

  describe('while the full version is being processed', () => {
    it('answers 206 with the change made', async () => {
      const accepted = await upload(api, 'v2', owner.token, { file: await images.slowPhoto() });

      const response = await api.send('PUT', `/api/v1/media/${accepted.body.id}`, { token: owner.token, body: JSON.stringify({ description: 'early' }), contentType: 'application/json' });

      expectJson(response, 206);
      expect(response.body).toEqual({ ...accepted.body, description: 'early' });
      await waitForProcessing(api, accepted.body.id as string, owner.token);
    });
  });

  describe("for another user's attachment", () => {
    it('answers 404 Record not found and changes nothing', async () => {
      const response = await api.send('PUT', `/api/v1/media/${media.id}`, { token: stranger.token, body: JSON.stringify({ description: 'mine now' }), contentType: 'application/json' });

      expectError(response, 404, RECORD_NOT_FOUND);
      expect((await api.get(`/api/v1/media/${media.id}`, { token: owner.token })).body).toEqual(media);
    });
  });

  describe('for an attachment of a posted status', () => {
    it('answers 404 Record not found', async () => {
      await rig.post(owner.token, { status: 'posted', media_ids: [media.id as string] });
      const response = await api.send('PUT', `/api/v1/media/${media.id}`, { token: owner.token, body: JSON.stringify({ description: 'too late' }), contentType: 'application/json' });
      expectError(response, 404, RECORD_NOT_FOUND);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.send('PUT', `/api/v1/media/${media.id}`, { body: JSON.stringify({ description: 'x' }), contentType: 'application/json' }));
    });
  });
});

describe('DELETE /api/v1/media/:id', () => {
  describe("for the caller's unattached attachment", () => {
    it('answers 200 {}, and then the attachment and its files are gone', async () => {
      const media = await uploaded(api, owner.token, { file: await images.png() });

      const response = await api.delete(`/api/v1/media/${media.id}`, { token: owner.token });

      expectJson(response, 200);
      expect(response.body).toEqual({});
      expectError(await api.get(`/api/v1/media/${media.id}`, { token: owner.token }), 404, RECORD_NOT_FOUND);
      expect((await download(media.url as string)).status).toBe(404);
      expect((await download(media.preview_url as string)).status).toBe(404);
    });
  });

  describe('for an attachment of a posted status', () => {
    it('answers 422 Media attachment is currently used by a status', async () => {
      const media = await uploaded(api, owner.token, { file: await images.png() });
      await rig.post(owner.token, { status: 'keep it', media_ids: [media.id as string] });

      expectError(await api.delete(`/api/v1/media/${media.id}`, { token: owner.token }), 422, 'Media attachment is currently used by a status');
      expect((await download(media.url as string)).status).toBe(200);
    });
  });

  describe("for another user's attachment", () => {
    it('answers 404 Record not found and keeps it', async () => {
      const media = await uploaded(api, owner.token, { file: await images.png() });

      expectError(await api.delete(`/api/v1/media/${media.id}`, { token: stranger.token }), 404, RECORD_NOT_FOUND);
      expectJson(await api.get(`/api/v1/media/${media.id}`, { token: owner.token }), 200);
    });
  });

  describe('while its full version is being processed', () => {
    it('answers 200 {}; the background job then finds nothing to do', async () => {
      const accepted = await upload(api, 'v2', owner.token, { file: await images.slowPhoto() });

      expectJson(await api.delete(`/api/v1/media/${accepted.body.id}`, { token: owner.token }), 200);
      await jobQueueEmpty('media.process');
      expectError(await api.get(`/api/v1/media/${accepted.body.id}`, { token: owner.token }), 404, RECORD_NOT_FOUND);
      expect((await download(accepted.body.preview_url as string)).status).toBe(404);
    });
  });

  describe('without a token', () => {
    it('answers 401 The access token is invalid', async () => {
      expectInvalidToken(await api.delete('/api/v1/media/1'));
    });
  });
});
