import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isPublicAddress, RefusedUrlError } from '@social/outbound';

export interface PageFetchOptions {
  /** Let the fetch reach private, loopback and link-local addresses (tests, closed networks). */
  allowPrivate: boolean;
  /** For the whole fetch, redirects included. */
  timeoutMs: number;
  /** Bytes of the page read at most; the rest is not downloaded. */
  maxBytes: number;
  maxRedirects: number;
  signal?: AbortSignal;
}

export const PAGE_FETCH_DEFAULTS = { timeoutMs: 5_000, maxBytes: 1024 * 1024, maxRedirects: 3 } as const;

export interface FetchedPage {
  /** Where the page was found, after redirects. */
  url: string;
  html: string;
}

/** Checks a URL before any connection: scheme, and an address literal (which skips DNS). */
function checkUrl(raw: string, allowPrivate: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedUrlError('not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedUrlError(`${url.protocol} is not fetched`);
  if (url.username || url.password) throw new RefusedUrlError('URLs with credentials are not fetched');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate && isIP(host) && !isPublicAddress(host)) throw new RefusedUrlError(`${host} is not a public address`);
  return url;
}

/**
 * GETs an HTML page for a preview card: http(s) only, every hop checked
 * (redirects too), public addresses only unless allowed, within a time limit
 * and a size cap. Null when the answer is not an HTML page.
 */
export async function fetchPage(raw: string, options: PageFetchOptions): Promise<FetchedPage | null> {
  const signals = [AbortSignal.timeout(options.timeoutMs), ...(options.signal ? [options.signal] : [])];
  const signal = AbortSignal.any(signals);
  let url = checkUrl(raw, options.allowPrivate);
  for (let hop = 0; ; hop += 1) {
    const response = await get(url, options, signal);
    const location = response.headers.location;
    if (response.statusCode && response.statusCode >= 300 && response.statusCode < 400 && location) {
      response.destroy();
      if (hop >= options.maxRedirects) return null;
      url = checkUrl(new URL(location, url).toString(), options.allowPrivate);
      continue;
    }
    const type = response.headers['content-type'] ?? '';
    if (response.statusCode !== 200 || !/^\s*(text\/html|application\/xhtml\+xml)/i.test(type)) {
      response.destroy();
      return null;
    }
    const body = await readCapped(response, options.maxBytes, signal);
    return { url: url.toString(), html: decode(body, type) };
  }
}

function get(url: URL, options: PageFetchOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(url, {
      signal,
      lookup: guardedLookup(options.allowPrivate),
      headers: { 'user-agent': 'SocialFederation (preview cards)', accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'identity' },
    });
    request.once('response', resolve);
    request.once('error', reject);
  });
}

/** The first `maxBytes` of the body; the connection is dropped once they are read. */
function readCapped(response: http.IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      response.removeAllListeners('data');
      resolve(Buffer.concat(chunks, Math.min(size, maxBytes)));
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) {
        response.destroy();
        finish();
      }
    });
    response.once('end', finish);
    response.once('error', (error) => (size >= maxBytes ? finish() : reject(error)));
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

function decode(body: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
