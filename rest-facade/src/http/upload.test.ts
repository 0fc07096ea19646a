import { readFile, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { bodyParsers } from './body';
import { errorMiddleware } from './errors';
import { leaveMultipartToRoute, readMultipart } from './upload';

/** A route that reads its multipart body with readMultipart, mounted as the app mounts upload routes. */
function app() {
  const server = express();
  const seen: { files: Record<string, { size: number; contentType: string | null; fileName: string | null; content: string }>; tooLarge: Array<[string, number]>; body: unknown; kept: boolean[] } = {
    files: {},
    tooLarge: [],
    body: null,
    kept: [],
  };
  server.post('/upload', leaveMultipartToRoute);
  server.use(...bodyParsers(1024 * 1024));
  server.post('/upload', async (req, res, next) => {
    try {
      const read = await readMultipart(req, res, { file: (type) => (type.startsWith('image/') ? 10 : 20), thumbnail: () => 10 }, 1024);
      for (const [name, file] of Object.entries(read.files)) {
        seen.files[name] = { size: file.size, contentType: file.contentType, fileName: file.fileName, content: await readFile(file.path, 'utf8') };
      }
      seen.tooLarge = [...read.tooLarge];
      seen.body = req.body;
      await read.cleanup();
      seen.kept = await Promise.all(Object.values(read.files).map((file) => stat(file.path).then(() => true, () => false)));
      res.json({ ok: true });
    } catch (error) {
      next(error);
    }
  });
  server.use(errorMiddleware({ error: () => undefined }));
  return { server, seen };
}

async function post(body: FormData | string, contentType?: string) {
  const { server, seen } = app();
  const listener = server.listen(0);
  try {
    const { port } = listener.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/upload`, { method: 'POST', body, headers: contentType ? { 'content-type': contentType } : {} });
    return { status: response.status, body: (await response.json()), seen };
  } finally {
    listener.close();
  }
}

function form(parts: Array<[string, string, string?, string?]>): FormData {
  const data = new FormData();
  for (const [name, value, type, fileName] of parts) {
    if (type) data.append(name, new Blob([value], { type }), fileName ?? 'blob');
    else data.append(name, value);
  }
  return data;
}

describe('readMultipart', () => {
  describe('with files within their limits and fields', () => {
    it('writes each file to a temporary file, parses the fields Rails-style, and removes the files on cleanup', async () => {
      const { status, seen } = await post(form([['file', '0123456789', 'image/png', 'a.png'], ['description', 'hi'], ['focus[]', '0.5'], ['focus[]', '-0.5']]));

      expect(status).toBe(200);
      expect(seen.files).toEqual({ file: { size: 10, contentType: 'image/png', fileName: 'a.png', content: '0123456789' } });
      expect(seen.body).toEqual({ description: 'hi', focus: ['0.5', '-0.5'] });
      expect(seen.tooLarge).toEqual([]);
      expect(seen.kept).toEqual([false]);
    });
  });

  describe('with a file past its limit', () => {
    it('keeps none of it and reports the limit of its content type', async () => {
      const { status, seen } = await post(form([['file', 'x'.repeat(11), 'image/jpeg'], ['thumbnail', 'y'.repeat(5), 'image/png']]));

      expect(status).toBe(200);
      expect(seen.tooLarge).toEqual([['file', 10]]);
      expect(Object.keys(seen.files)).toEqual(['thumbnail']);
    });

    it('allows non-images their larger limit', async () => {
      const { seen } = await post(form([['file', 'x'.repeat(15), 'text/plain']]));
      expect([seen.tooLarge, seen.files.file?.size]).toEqual([[], 15]);
    });
  });

  describe('with parts it does not expect', () => {
    it('drains unknown file fields and a second file of the same name', async () => {
      const { seen } = await post(form([['file', 'first', 'text/plain'], ['file', 'second', 'text/plain'], ['other', 'zzz', 'text/plain']]));
      expect(Object.entries(seen.files).map(([name, file]) => [name, file.content])).toEqual([['file', 'first']]);
    });
  });

  describe('with a JSON body', () => {
    it('has no files and leaves the parsed body alone', async () => {
      const { seen } = await post(JSON.stringify({ description: 'json' }), 'application/json');
      expect([seen.files, seen.body]).toEqual([{}, { description: 'json' }]);
    });
  });

  describe('with a field holding NUL', () => {
    it('answers 400', async () => {
      expect((await post(form([['description', 'a\u0000b']]))).status).toBe(400);
    });
  });

  describe('with a broken multipart body', () => {
    it('answers 400', async () => {
      const result = await post('--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc', 'multipart/form-data; boundary=x');
      expect(result.status).toBe(400);
    });
  });
});
