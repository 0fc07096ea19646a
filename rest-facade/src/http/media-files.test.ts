import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import { errorMiddleware } from './errors';
import { serveMediaFiles } from './media-files';

const IMAGE = 'media_attachments/files/000/000/001/original/0123456789abcdef.png';
const TEXT = 'media_attachments/files/000/000/001/original/fedcba9876543210.html';
const AVATAR_STILL = 'accounts/avatars/000/000/001/static/0123456789abcdef.png';
const EMOJI = 'custom_emojis/images/000/000/001/original/0123456789abcdef.gif';

/** Raw GETs: paths reach the server exactly as written. */
function get(port: number, target: string): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: target }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('latin1')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('serveMediaFiles', () => {
  let root: string;
  let listener: ReturnType<express.Express['listen']>;
  let port: number;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'media-files-'));
    for (const key of [IMAGE, TEXT, AVATAR_STILL, EMOJI, 'uploads/0123456789abcdef0123456789abcdef']) {
      await mkdir(path.dirname(path.join(root, key)), { recursive: true });
      await writeFile(path.join(root, key), key.endsWith('.html') ? '<script>alert(1)</script>' : 'PNGDATA');
    }
    await writeFile(path.join(path.dirname(root), 'secret.txt'), 'secret');
    const app = express();
    app.use('/system', serveMediaFiles(root));
    app.use(errorMiddleware({ error: () => undefined }));
    listener = app.listen(0);
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(async () => {
    listener.close();
    await rm(root, { recursive: true, force: true });
  });

  it('serves a stored image with its type and a year of immutable public caching', async () => {
    const response = await get(port, `/system/${IMAGE}`);
    expect({ status: response.status, type: response.headers['content-type'], cache: response.headers['cache-control'], body: response.body }).toEqual({
      status: 200,
      type: 'image/png',
      cache: 'public, max-age=31536000, immutable',
      body: 'PNGDATA',
    });
  });

  it('serves a profile image (an avatar\'s still frame) the same way', async () => {
    const response = await get(port, `/system/${AVATAR_STILL}`);
    expect([response.status, response.headers['content-type'], response.body]).toEqual([200, 'image/png', 'PNGDATA']);
  });

  it("serves a custom emoji's image the same way", async () => {
    const response = await get(port, `/system/${EMOJI}`);
    expect([response.status, response.headers['content-type'], response.body]).toEqual([200, 'image/gif', 'PNGDATA']);
  });

  it('serves any other file as a download, never as a page of this origin', async () => {
    const response = await get(port, `/system/${TEXT}`);
    expect([response.headers['content-type'], response.headers['content-disposition']]).toEqual(['application/octet-stream', 'attachment']);
  });

  it.each([
    '/system/../secret.txt',
    '/system/..%2fsecret.txt',
    '/system/%2e%2e/secret.txt',
    '/system/media_attachments/files/000/000/001/original/../../../../../../secret.txt',
    '/system/uploads/0123456789abcdef0123456789abcdef',
    '/system/media_attachments/files/000/000/001/original/0123456789ABCDEF.png',
    '/system/media_attachments/files/000/000/002/original/0123456789abcdef.png',
    '/system/accounts/avatars/000/000/001/small/0123456789abcdef.png',
    '/system/accounts/emojis/000/000/001/static/0123456789abcdef.png',
  ])('answers 404 for %s', async (target) => {
    const response = await get(port, target);
    expect([response.status, response.body]).toEqual([404, '{"error":"Not Found"}']);
  });
});
