// Uploading fixtures as clients do (multipart, field `file`), waiting for
// processing, and the expected Attachment JSON. docs/api/media.md.
import { eventually, type ApiClient, type ApiResponse, type JsonObject } from '@social/testkit';
import type { Fixture } from './images';
import { ID } from './expectations';
import { escapeRegExp } from './text';

export interface UploadParts {
  file?: Fixture;
  thumbnail?: Fixture;
  fields?: Record<string, string>;
  /** The part's file name; masto.js sends a Blob, named "blob". */
  fileName?: string;
}

export function multipart(parts: UploadParts): FormData {
  const form = new FormData();
  if (parts.file) form.append('file', new Blob([parts.file.data], { type: parts.file.contentType }), parts.fileName ?? parts.file.fileName);
  if (parts.thumbnail) form.append('thumbnail', new Blob([parts.thumbnail.data], { type: parts.thumbnail.contentType }), parts.thumbnail.fileName);
  for (const [name, value] of Object.entries(parts.fields ?? {})) form.append(name, value);
  return form;
}

export function upload(api: ApiClient, version: 'v1' | 'v2', token: string | undefined, parts: UploadParts): Promise<ApiResponse<JsonObject>> {
  return api.send('POST', `/api/${version}/media`, { token, body: multipart(parts) });
}

/** Polls GET /api/v1/media/:id as masto.js does (but every 50 ms) until it stops answering 206. */
export async function waitForProcessing(api: ApiClient, id: string, token: string, timeoutMs = 20_000): Promise<ApiResponse<JsonObject>> {
  return eventually(
    async () => {
      const response = await api.get<JsonObject>(`/api/v1/media/${id}`, { token });
      return response.status !== 206 && response;
    },
    { timeoutMs, intervalMs: 50, what: `the processing of media ${id}` },
  );
}

/** An uploaded and processed attachment's JSON, for fixtures. */
export async function uploaded(api: ApiClient, token: string, parts: UploadParts): Promise<JsonObject> {
  const response = await upload(api, 'v1', token, parts);
  if (response.status !== 200) throw new Error(`POST /api/v1/media answered ${response.status}: ${response.text}`);
  return response.body;
}

export function dimensions(width: number, height: number): JsonObject {
  return { width, height, size: `${width}x${height}`, aspect: width / height };
}

/** URLs the server gives its files: Mastodon's paths under /system, with a random name. */
export function fileUrl(baseUrl: string, style: 'original' | 'small', extension: string, kind: 'files' | 'thumbnails' = 'files'): RegExp {
  return new RegExp(`^${escapeRegExp(baseUrl)}/system/media_attachments/${kind}/(\\d{3}/){6}${style}/[a-f0-9]{16}\\.${extension}$`);
}

export const BLURHASH = /^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{36}$/;

export interface ExpectedImage {
  extension: string;
  original: [number, number] | null;
  small: [number, number];
  focus?: { x: number; y: number };
  description?: string | null;
  previewExtension?: string;
}

/** The short link of an attachment: `<base>/media/<shortcode>`, redirecting to its file (Mastodon's text_url). */
export function textUrl(baseUrl: string): RegExp {
  return new RegExp(`^${escapeRegExp(baseUrl)}/media/[A-Za-z0-9_-]{16,}$`);
}

/** An image attachment, whole; `original: null` while the full version is processed (url null). */
export function expectedImage(baseUrl: string, expected: ExpectedImage): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  if (expected.original) meta.original = dimensions(...expected.original);
  meta.small = dimensions(...expected.small);
  meta.focus = expected.focus ?? { x: 0, y: 0 };
  return {
    id: expect.stringMatching(ID),
    type: 'image',
    url: expected.original ? expect.stringMatching(fileUrl(baseUrl, 'original', expected.extension)) : null,
    preview_url: expect.stringMatching(fileUrl(baseUrl, 'small', expected.previewExtension ?? expected.extension)),
    remote_url: null,
    preview_remote_url: null,
    text_url: expect.stringMatching(textUrl(baseUrl)),
    meta,
    description: expected.description ?? null,
    blurhash: expect.stringMatching(BLURHASH),
  };
}

/** A file the server does not understand, kept as uploaded (docs/api/media.md#types-and-detection). */
export function expectedUnknown(baseUrl: string, extension: string, description: string | null = null): Record<string, unknown> {
  return {
    id: expect.stringMatching(ID),
    type: 'unknown',
    url: expect.stringMatching(fileUrl(baseUrl, 'original', extension)),
    preview_url: null,
    remote_url: null,
    preview_remote_url: null,
    text_url: expect.stringMatching(textUrl(baseUrl)),
    meta: { focus: { x: 0, y: 0 } },
    description,
    blurhash: null,
  };
}

/** Fetches a file the API linked to, as a browser would. */
export async function download(url: string): Promise<{ status: number; headers: Record<string, string>; data: Buffer }> {
  const response = await fetch(url);
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, data: Buffer.from(await response.arrayBuffer()) };
}
