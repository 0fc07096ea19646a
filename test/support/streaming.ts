// Clients for the streaming API: an SSE reader over node:http and a WebSocket over `ws`, both keeping
// what arrived so tests can wait for an event or check that none came. docs/api/streaming.md.
import http, { type IncomingHttpHeaders } from 'node:http';
import WebSocket from 'ws';
import { baseUrl } from './server';

const WAIT_MS = 10_000;

export interface SseEvent {
  event: string;
  data: string;
}

interface Waiter<T> {
  predicate: (item: T) => boolean;
  resolve: (item: T) => void;
}

/** Items that arrive over time; `next` waits for the first (new or kept) one that matches. */
class Inbox<T> {
  readonly items: T[] = [];
  private taken = new Set<T>();
  private waiters: Array<Waiter<T>> = [];

  push(item: T): void {
    this.items.push(item);
    const waiter = this.waiters.find((w) => w.predicate(item));
    if (waiter) {
      this.waiters = this.waiters.filter((w) => w !== waiter);
      this.taken.add(item);
      waiter.resolve(item);
    }
  }

  next(predicate: (item: T) => boolean, what: string, timeoutMs = WAIT_MS): Promise<T> {
    const kept = this.items.find((item) => !this.taken.has(item) && predicate(item));
    if (kept) {
      this.taken.add(kept);
      return Promise.resolve(kept);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter<T> = { predicate, resolve: (item) => (clearTimeout(timer), resolve(item)) };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; got ${JSON.stringify(this.items).slice(0, 1500)}`));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }
}

/** A comment line (":)", ":thump") and when it arrived (Date.now()). */
export interface SseComment {
  text: string;
  at: number;
}

/** An SSE response, parsed into events and comment lines as it streams. */
export class SseStream {
  readonly events = new Inbox<SseEvent>();
  readonly comments: string[] = [];
  readonly commentsArrived = new Inbox<SseComment>();
  /** Everything received, as received. */
  raw = '';
  private buffer = '';
  private request: http.ClientRequest | null = null;
  readonly ended: Promise<void>;
  private markEnded: () => void = () => {};
  /** Resolves with the first bytes of the body. */
  readonly started: Promise<void>;
  private markStarted: () => void = () => {};

  private constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
    /** When the request was sent (Date.now()): the server's timers started later. */
    readonly openedAt: number,
  ) {
    this.ended = new Promise((resolve) => {
      this.markEnded = resolve;
    });
    this.started = new Promise((resolve) => {
      this.markStarted = resolve;
    });
  }

  /** Opens `path` (under the base URL); resolves with the response head, before any event. */
  static open(path: string, options: { token?: string; base?: string } = {}): Promise<SseStream> {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const openedAt = Date.now();
    return new Promise((resolve, reject) => {
      const request = http.get(`${options.base ?? baseUrl}${path}`, { headers }, (response) => {
        const stream = new SseStream(response.statusCode ?? 0, response.headers, openedAt);
        stream.request = request;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => stream.receive(chunk));
        response.on('end', () => stream.markEnded());
        response.on('close', () => stream.markEnded());
        response.on('error', () => stream.markEnded());
        resolve(stream);
      });
      request.on('error', reject);
    });
  }

  /** The next `event` (optionally with a payload passing `test`). */
  next(event: string, test: (data: string) => boolean = () => true, timeoutMs?: number): Promise<SseEvent> {
    return this.events.next((e) => e.event === event && test(e.data), `SSE event "${event}"`, timeoutMs);
  }

  /** The next comment line `text` (e.g. ":thump"), with its arrival time. */
  comment(text: string, timeoutMs?: number): Promise<SseComment> {
    return this.commentsArrived.next((comment) => comment.text === text, `SSE comment "${text}"`, timeoutMs);
  }

  /** The parsed JSON of the next `update` whose status has this id. */
  async update(statusId: string): Promise<Record<string, unknown>> {
    const found = await this.next('update', (data) => (JSON.parse(data) as { id: string }).id === statusId);
    return JSON.parse(found.data) as Record<string, unknown>;
  }

  /** The body of an error response (not event-stream). */
  async json(): Promise<unknown> {
    await this.ended;
    return JSON.parse(this.raw);
  }

  close(): void {
    this.request?.destroy();
  }

  private receive(chunk: string): void {
    this.raw += chunk;
    this.markStarted();
    if (!String(this.headers['content-type']).startsWith('text/event-stream')) return;
    this.buffer += chunk;
    let boundary: number;
    while ((boundary = this.buffer.indexOf('\n')) >= 0) {
      // Blocks end with a blank line; comment lines (":)", ":thump") stand alone.
      if (this.buffer.startsWith(':')) {
        this.comments.push(this.buffer.slice(0, boundary));
        this.commentsArrived.push({ text: this.buffer.slice(0, boundary), at: Date.now() });
        this.buffer = this.buffer.slice(boundary + 1);
        continue;
      }
      const end = this.buffer.indexOf('\n\n');
      if (end < 0) return;
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      if (block === '') continue;
      const lines = Object.fromEntries(block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
      this.events.push({ event: lines.event ?? '', data: lines.data ?? '' });
    }
  }
}

export interface WsFrame {
  stream?: string[];
  event?: string;
  payload?: string;
  error?: string;
  status?: number;
}

export interface WsOptions {
  token?: string;
  /** How the token travels (default: the Authorization header). */
  via?: 'header' | 'query' | 'protocol';
  query?: Record<string, string>;
  base?: string;
}

/** A refused upgrade: the status line and headers of the raw answer. */
export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly headers: IncomingHttpHeaders,
  ) {
    super(`upgrade refused with ${status}`);
  }
}

/** A WebSocket to /api/v1/streaming keeping every frame it received. */
export class WsStream {
  readonly frames = new Inbox<WsFrame>();
  readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => this.frames.push(JSON.parse(data.toString()) as WsFrame));
    this.closed = new Promise((resolve) => socket.on('close', (code) => resolve(code)));
  }

  static open(options: WsOptions = {}): Promise<WsStream> {
    const query = new URLSearchParams(options.query ?? {});
    if (options.token && options.via === 'query') query.set('access_token', options.token);
    const url = `${(options.base ?? baseUrl).replace(/^http/, 'ws')}/api/v1/streaming${query.size > 0 ? `?${query}` : ''}`;
    const protocols = options.token && options.via === 'protocol' ? [options.token] : [];
    const headers = options.token && (options.via ?? 'header') === 'header' ? { Authorization: `Bearer ${options.token}` } : {};
    const socket = new WebSocket(url, protocols, { headers });
    return new Promise((resolve, reject) => {
      const stream = new WsStream(socket);
      socket.once('open', () => resolve(stream));
      socket.once('unexpected-response', (_request, response) => {
        reject(new UpgradeRefused(response.statusCode ?? 0, response.headers));
        response.resume();
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  send(message: Record<string, unknown>): void {
    this.socket.send(JSON.stringify(message));
  }

  /** The next frame of `event` on the stream named `stream` (with its parameter, if given). */
  next(event: string, stream: string[], test: (payload: string | undefined) => boolean = () => true, timeoutMs?: number): Promise<WsFrame> {
    return this.frames.next(
      (frame) => frame.event === event && JSON.stringify(frame.stream) === JSON.stringify(stream) && test(frame.payload),
      `WebSocket ${event} on ${JSON.stringify(stream)}`,
      timeoutMs,
    );
  }

  /** The next error frame. */
  error(timeoutMs?: number): Promise<WsFrame> {
    return this.frames.next((frame) => frame.error !== undefined, 'an error frame', timeoutMs);
  }

  close(): void {
    this.socket.close();
  }
}

/** Whether a payload is the JSON of a status with this id. */
export function isStatus(id: string): (payload: string | undefined) => boolean {
  return (payload) => payload !== undefined && (JSON.parse(payload) as { id?: string }).id === id;
}

/**
 * A WebSocket subscription answers nothing when it is live (Mastodon's
 * neither), so a status posted right after subscribing could be missed.
 * Posts probes (`post` returns the new status's id) until one arrives on
 * the stream (`arrived` waits for it); later events then arrive too.
 */
export async function whenLive(post: () => Promise<string>, arrived: (id: string, timeoutMs: number) => Promise<unknown>, tries = 20): Promise<void> {
  for (let i = 0; i < tries; i++) {
    const id = await post();
    try {
      await arrived(id, 1000);
      return;
    } catch {
      // Not subscribed yet: probe again.
    }
  }
  throw new Error('the subscription never became live');
}
