// POST /api/v1/statuses with media_ids, and DELETE /api/v1/statuses/:id giving the media back
// for a redraft. docs/api/statuses.md#posting, #delete; docs/api/media.md#attaching.
import type { JsonObject, MastodonStatus, TestUser } from '@social/testkit';
import { RECORD_NOT_FOUND, expectError, expectJson } from '../../support/expectations';
import * as images from '../../support/images';
import { upload, uploaded, waitForProcessing } from '../../support/media';
import { api, rig } from '../../support/server';

const NOT_FINISHED = 'Cannot attach files that have not finished processing. Try again in a moment!';

let author: TestUser;
let other: TestUser;

beforeAll(async () => {
  [author, other] = await Promise.all([rig.newUser('mediaposter'), rig.newUser('mediaother')]);
});

const statusesCount = async (user: TestUser) => (await rig.verifyCredentials(user.token)).statuses_count;

describe('POST /api/v1/statuses', () => {
  describe('with media_ids of three processed uploads', () => {
    it('answers 200 with media_attachments in the order given, each the uploaded Attachment', async () => {
      const [a, b, c] = await Promise.all([
        uploaded(api, author.token, { file: await images.png(), fields: { description: 'first' } }),
        uploaded(api, author.token, { file: await images.jpeg(600, 400), fields: { description: 'second' } }),
        uploaded(api, author.token, { file: images.textFile() }),
      ]) as [JsonObject, JsonObject, JsonObject];

      const response = await api.postForm<MastodonStatus>('/api/v1/statuses', { status: 'three files', media_ids: [b.id as string, c.id as string, a.id as string] }, { token: author.token });

      expectJson(response, 200);
      expect(response.body.media_attachments).toEqual([b, c, a]);
      const read = await api.get<MastodonStatus>(`/api/v1/statuses/${response.body.id}`);
      expect(read.body.media_attachments).toEqual([b, c, a]);
    });
  });

  describe('with media_ids as a JSON array and no text', () => {
    it('answers 200: media make the text optional', async () => {
      const media = await uploaded(api, author.token, { file: await images.png() });

      const response = await api.postJson<MastodonStatus>('/api/v1/statuses', { media_ids: [media.id] }, { token: author.token });

      expectJson(response, 200);
      expect(response.body).toMatchObject({ content: '', media_attachments: [media] });
    });
  });

  describe('with the same id twice', () => {
    it('attaches it once', async () => {
      const media = await uploaded(api, author.token, { file: await images.png() });
      const status = await rig.post(author.token, { status: 'twice', media_ids: [media.id as string, media.id as string] });
      expect(status.media_attachments).toEqual([media]);
    });
  });

  describe('with more than 4 media_ids', () => {
    it('answers 422 Cannot attach more than 4 files, posting nothing', async () => {
      const media = await Promise.all([1, 2, 3, 4, 5].map(async () => uploaded(api, author.token, { file: await images.png() })));
      const before = await statusesCount(author);

      const response = await api.postForm('/api/v1/statuses', { status: 'five', media_ids: media.map((m) => m.id as string) }, { token: author.token });

      expectError(response, 422, 'Cannot attach more than 4 files');
      expect(await statusesCount(author)).toBe(before);
    });
  });

  describe("with another user's media", () => {
    it('answers 422 naming it as not found or already attached', async () => {
      const theirs = await uploaded(api, other.token, { file: await images.png() });
      const mine = await uploaded(api, author.token, { file: await images.png() });

      const response = await api.postForm('/api/v1/statuses', { status: 'not mine', media_ids: [mine.id as string, theirs.id as string, '12345'] }, { token: author.token });

      expectError(response, 422, `Media ${theirs.id}, 12345 not found or already attached to another post`);
    });

    it('leaves the caller\'s own media of that request unattached', async () => {
      const theirs = await uploaded(api, other.token, { file: await images.png() });
      const mine = await uploaded(api, author.token, { file: await images.png() });
      await api.postForm('/api/v1/statuses', { status: 'x', media_ids: [mine.id as string, theirs.id as string] }, { token: author.token });

      expectJson(await api.get(`/api/v1/media/${mine.id}`, { token: author.token }), 200);
    });
  });

  describe('with media already attached to another status', () => {
    it('answers 422 not found or already attached', async () => {
      const media = await uploaded(api, author.token, { file: await images.png() });
      await rig.post(author.token, { status: 'first use', media_ids: [media.id as string] });

      const response = await api.postForm('/api/v1/statuses', { status: 'second use', media_ids: [media.id as string] }, { token: author.token });

      expectError(response, 422, `Media ${media.id} not found or already attached to another post`);
    });
  });

  describe('with media still processing', () => {
    it('answers 422 Cannot attach files that have not finished processing', async () => {
      const accepted = await upload(api, 'v2', author.token, { file: await images.slowPhoto() });
      expectJson(accepted, 202);

      const response = await api.postForm('/api/v1/statuses', { status: 'too soon', media_ids: [accepted.body.id as string] }, { token: author.token });

      expectError(response, 422, NOT_FINISHED);
      expectJson(await waitForProcessing(api, accepted.body.id as string, author.token), 200);
      expectJson(await api.postForm('/api/v1/statuses', { status: 'now', media_ids: [accepted.body.id as string] }, { token: author.token }), 200);
    });
  });

  describe('with media whose processing failed', () => {
    it('answers 422 not found or already attached', async () => {
      const accepted = await upload(api, 'v2', author.token, { file: await images.gifWithCorruptLastFrame() });
      expectJson(accepted, 202);
      expect((await waitForProcessing(api, accepted.body.id as string, author.token)).status).toBe(422);

      const response = await api.postForm('/api/v1/statuses', { status: 'broken', media_ids: [accepted.body.id as string] }, { token: author.token });

      expectError(response, 422, `Media ${accepted.body.id} not found or already attached to another post`);
    });
  });
});

describe('DELETE /api/v1/statuses/:id', () => {
  describe('for a status with media', () => {
    it('answers with its media_attachments, which can be posted again (redraft)', async () => {
      const media = await uploaded(api, author.token, { file: await images.jpeg(600, 400), fields: { description: 'kept' } });
      const status = await rig.post(author.token, { status: 'draft one', media_ids: [media.id as string] });

      const deleted = await api.delete<MastodonStatus>(`/api/v1/statuses/${status.id}`, { token: author.token });

      expectJson(deleted, 200);
      expect(deleted.body).toMatchObject({ text: 'draft one', media_attachments: [media] });
      const redraft = await api.postForm<MastodonStatus>('/api/v1/statuses', { status: 'draft two', media_ids: [media.id as string] }, { token: author.token });
      expectJson(redraft, 200);
      expect(redraft.body.media_attachments).toEqual([media]);
      expectError(await api.get(`/api/v1/media/${media.id}`, { token: author.token }), 404, RECORD_NOT_FOUND);
    });
  });
});
