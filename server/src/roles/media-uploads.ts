import { createReadStream } from 'node:fs';
import http from 'node:http';
import { ANONYMOUS, signPrincipal, streamDigest } from '@social/federation';
import { UPLOAD_ROUTE, type MediaSubgraph } from '@social/media';
import type { MediaUploads, UploadedFile } from '@social/uploads';

/**
 * How the facade and the gateway hand upload bytes to the media service.
 * Both deployments share the rest: the multipart file is streamed to a
 * temporary file, staged through one of these, then the upload mutation
 * names it (docs/api/media.md#staging).
 */

/** Same process: the temporary file is moved into the media storage (a rename on one file system). */
export function inProcessMediaUploads(media: Pick<MediaSubgraph, 'uploads'>): MediaUploads {
  return { stage: async (file) => (await media.uploads.adopt(file.path)).upload };
}

/**
 * Another process: the file is streamed as the body of the media process's
 * internal upload route, signed with INTERNAL_SECRET like every internal
 * call (the principal is anonymous: the upload mutation checks the caller).
 */
export class HttpMediaUploads implements MediaUploads {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  private readonly url: URL;

  constructor(
    mediaUrl: string,
    private readonly secret: string,
  ) {
    this.url = new URL(UPLOAD_ROUTE, mediaUrl);
  }

  async stage(file: UploadedFile): Promise<string> {
    // The signature covers the bytes: read once to digest them, once to send them.
    const digest = await streamDigest(createReadStream(file.path));
    const signed = signPrincipal(ANONYMOUS, this.secret, { method: 'POST', path: this.url.pathname, bodyDigest: digest });
    return new Promise((resolve, reject) => {
      const request = http.request(
        this.url,
        {
          method: 'POST',
          agent: this.agent,
          headers: { 'content-type': 'application/octet-stream', 'content-length': String(file.size), ...signed },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', reject);
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const body = safeJson(text) as { upload?: unknown } | undefined;
            if (response.statusCode === 200 && typeof body?.upload === 'string') resolve(body.upload);
            // Answered as an unreachable media process is: 503, try again.
            else reject(Object.assign(new Error(`media upload route answered ${response.statusCode}: ${text.slice(0, 200)}`), { code: 'ECONNRESET' }));
          });
        },
      );
      request.on('error', reject);
      const source = createReadStream(file.path);
      source.on('error', (error) => request.destroy(error));
      source.pipe(request);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
