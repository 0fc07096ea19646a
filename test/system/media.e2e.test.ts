// GET /system/*: media files, served by the facade from MEDIA_DIR at the URLs the API gives.
// docs/api/media.md; docs/api/conventions.md#cors.
import type { JsonObject, TestUser } from '@social/testkit';
import { expectJson } from '../support/expectations';
import * as images from '../support/images';
import { uploaded } from '../support/media';
import { api, baseUrl, rig } from '../support/server';

let user: TestUser;
let media: JsonObject;

beforeAll(async () => {
  user = await rig.newUser('fileviewer');
  media = await uploaded(api, user.token, { file: await images.png(300, 200) });
});

/** A raw request, so paths reach the server exactly as written (fetch would normalise `..`). */
async function raw(path: string, method = 'GET'): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { request } = await import('node:http');
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('GET /system/media_attachments/...', () => {
  describe('for an image the API linked to', () => {
    it('answers 200 with its content type, length, a year of public caching and open CORS', async () => {
      const path = new URL(media.url as string).pathname;

      const response = await raw(path);

      expect(response.status).toBe(200);
      expect(response.headers).toMatchObject({
        'content-type': 'image/png',
        'content-length': String(Buffer.byteLength(response.body, 'latin1')),
        'cache-control': 'public, max-age=31536000, immutable',
        'access-control-allow-origin': '*',
        'x-content-type-options': 'nosniff',
      });
      expect(response.headers).not.toHaveProperty('vary');
      expect(response.body.startsWith('\x89PNG')).toBe(true);
    });

    it('answers HEAD with the headers and no body', async () => {
      const response = await raw(new URL(media.preview_url as string).pathname, 'HEAD');

      expect({ status: response.status, type: response.headers['content-type'], body: response.body }).toEqual({ status: 200, type: 'image/png', body: '' });
    });
  });

  describe('for a file that does not exist', () => {
    it('answers 404 as JSON', async () => {
      const response = await api.get('/system/media_attachments/files/000/000/000/000/000/001/original/0123456789abcdef.png');
      expectJson(response, 404);
      expect(response.body).toEqual({ error: 'Not Found' });
    });
  });

  describe.each([
    ['a parent-directory path', '/system/../package.json'],
    ['an encoded parent-directory path', '/system/%2e%2e/%2e%2e/package.json'],
    ['a parent directory inside a media path', '/system/media_attachments/files/../../../../package.json'],
    ['an encoded slash', '/system/media_attachments%2ffiles%2f..%2f..%2fpackage.json'],
    ['an absolute path', '/system//etc/passwd'],
    ['a staged upload (raw bytes, EXIF included)', '/system/uploads/0123456789abcdef0123456789abcdef'],
    ['a file under the temporary folder', '/system/tmp/0123456789abcdef01234567'],
  ])('for %s', (_name, path) => {
    it('answers 404 and serves nothing', async () => {
      const response = await raw(path);

      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(response.body)).toEqual({ error: 'Not Found' });
    });
  });
});
