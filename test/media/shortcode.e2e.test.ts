// GET /media/:shortcode, an attachment's text_url (a URL string, never null). Every attachment has a short
// link, <base>/media/<shortcode>, which redirects (302) to its original file once a status the caller may
// see holds it, as Mastodon's MediaController does; anything else is 404 Record not found.
import type { JsonObject, MastodonStatus, TestUser } from '@social/testkit';
import { RECORD_NOT_FOUND, expectError, expectJson } from '../support/expectations';
import * as images from '../support/images';
import { download, textUrl, upload, uploaded, waitForProcessing } from '../support/media';
import { api, baseUrl, rig } from '../support/server';

let author: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  [author, stranger] = await Promise.all([rig.newUser('shortlinker'), rig.newUser('shortstranger')]);
});

/** GET of a short link without following the redirect; a token as Bearer when given. */
async function visit(link: string, token?: string): Promise<{ status: number; location: string | null; contentType: string; body: unknown }> {
  const response = await fetch(link, { redirect: 'manual', headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // a redirect's body is not JSON
  }
  return { status: response.status, location: response.headers.get('location'), contentType: response.headers.get('content-type') ?? '', body };
}

function expectNotFound(answer: Awaited<ReturnType<typeof visit>>): void {
  expect({ status: answer.status, body: answer.body }).toEqual({ status: 404, body: { error: RECORD_NOT_FOUND } });
  expect(answer.contentType).toMatch(/^application\/json/);
}

async function post(token: string, fields: Record<string, unknown>): Promise<MastodonStatus> {
  const response = await api.postForm<MastodonStatus>('/api/v1/statuses', fields as never, { token });
  expectJson(response, 200);
  return response.body;
}

describe('text_url of an attachment', () => {
  it('is <base>/media/<shortcode>, a different code for each upload, from the v1 and the v2 upload alike', async () => {
    const first = await uploaded(api, author.token, { file: await images.png(300, 200) });
    const second = await upload(api, 'v2', author.token, { file: await images.jpeg(640, 480) });
    expect([200, 202]).toContain(second.status);

    expect(first.text_url).toMatch(textUrl(baseUrl));
    expect(second.body.text_url).toMatch(textUrl(baseUrl));
    expect(second.body.text_url).not.toBe(first.text_url);
    const processed = await waitForProcessing(api, second.body.id as string, author.token);
    expect(processed.body.text_url).toBe(second.body.text_url);
  });
});

describe('GET /media/:shortcode', () => {
  describe('for an image of a public status', () => {
    let media: JsonObject;
    let status: MastodonStatus;

    beforeAll(async () => {
      media = await uploaded(api, author.token, { file: await images.png(320, 240) });
      status = await post(author.token, { status: 'a picture', media_ids: [media.id as string] });
    });

    it('is the text_url the status shows', () => {
      expect((status.media_attachments as JsonObject[])[0]).toMatchObject({ id: media.id, text_url: media.text_url, url: media.url });
    });

    it('answers 302 to the original file, for anyone', async () => {
      for (const token of [undefined, stranger.token, author.token]) {
        const answer = await visit(media.text_url as string, token);
        expect({ status: answer.status, location: answer.location }).toEqual({ status: 302, location: media.url });
      }
    });

    it("leads to the image's bytes", async () => {
      const followed = await fetch(media.text_url as string);
      const direct = await download(media.url as string);

      expect(followed.status).toBe(200);
      expect(followed.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await followed.arrayBuffer()).equals(direct.data)).toBe(true);
      expect(direct.data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
    });
  });

  describe('for an attachment no status holds yet', () => {
    it(`answers 404 ${RECORD_NOT_FOUND}, even to its uploader`, async () => {
      const media = await uploaded(api, author.token, { file: await images.png(100, 100) });

      expectNotFound(await visit(media.text_url as string));
      expectNotFound(await visit(media.text_url as string, author.token));
    });
  });

  describe('for an image of a private status', () => {
    let media: JsonObject;

    beforeAll(async () => {
      media = await uploaded(api, author.token, { file: await images.png(120, 80) });
      await post(author.token, { status: 'followers only', visibility: 'private', media_ids: [media.id as string] });
    });

    it(`answers 404 ${RECORD_NOT_FOUND} without a token and to someone who may not see it`, async () => {
      expectNotFound(await visit(media.text_url as string));
      expectNotFound(await visit(media.text_url as string, stranger.token));
    });

    it('answers 302 to its author', async () => {
      const answer = await visit(media.text_url as string, author.token);
      expect({ status: answer.status, location: answer.location }).toEqual({ status: 302, location: media.url });
    });
  });

  describe('for an image of a deleted status', () => {
    it(`answers 404 ${RECORD_NOT_FOUND}`, async () => {
      const media = await uploaded(api, author.token, { file: await images.png(90, 60) });
      const status = await post(author.token, { status: 'soon gone', media_ids: [media.id as string] });
      expect((await visit(media.text_url as string)).status).toBe(302);

      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 200);

      expectNotFound(await visit(media.text_url as string));
    });
  });

  describe.each([
    ['a code no attachment has', 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['an attachment id', '1'],
    ['a code of odd characters', '%E2%80%AE..%2F'],
  ])('for %s', (_what, code) => {
    it(`answers 404 ${RECORD_NOT_FOUND}`, async () => {
      expectError(await api.get(`/media/${code}`), 404, RECORD_NOT_FOUND);
    });
  });
});
