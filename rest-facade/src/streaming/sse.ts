import type { Request, Response } from 'express';
import { streamCallerOf } from './auth.js';
import { channelNameOfPath, channelOf, type Channel } from './channels.js';
import { StreamError } from './errors.js';
import type { PreparedEvent } from './events.js';
import type { StreamHub, StreamMember } from './hub.js';

export interface ConnectionLimits {
  /** Bytes a connection may have waiting to be sent before it counts as too slow and is closed. */
  maxBufferedBytes: number;
  /** SSE heartbeat comment interval (Mastodon: 15 s). */
  heartbeatMs: number;
}

const THUMP = Buffer.from(':thump\n\n');

/** Mastodon's isTruthy for only_media. */
const TRUTHY = /^(1|t|true|y|yes|on)$/i;

/** An open SSE response: one stream, written as `event:`/`data:` pairs. */
export class SseConnection implements StreamMember {
  private started = false;
  private closed = false;
  private readonly early: Buffer[] = [];
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly releases: Array<() => void> = [];

  constructor(
    private readonly res: Response,
    private readonly limits: ConnectionLimits,
    private readonly onClose: (connection: SseConnection) => void,
  ) {
    res.on('close', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  hold(release: () => void): void {
    if (this.closed) release();
    else this.releases.push(release);
  }

  /** Headers, Mastodon's `:)` greeting, then the heartbeat; events that came first follow. */
  start(): void {
    if (this.closed) return;
    this.res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'private, no-store',
      'X-Accel-Buffering': 'no',
    });
    this.res.flushHeaders();
    this.res.write(':)\n');
    this.started = true;
    for (const frame of this.early.splice(0)) this.write(frame);
    this.heartbeat = setInterval(() => this.write(THUMP), this.limits.heartbeatMs);
  }

  deliver(event: PreparedEvent): void {
    if (this.closed) return;
    if (!this.started) this.early.push(event.sseFrame());
    else this.write(event.sseFrame());
  }

  end(): void {
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.heartbeat) clearInterval(this.heartbeat);
    for (const release of this.releases.splice(0)) release();
    if (!this.res.writableEnded && !this.res.destroyed) this.res.end();
    this.onClose(this);
  }

  /** A client that reads slower than events come is dropped, not buffered for without bound. */
  private write(frame: Buffer): void {
    if (this.res.writableLength > this.limits.maxBufferedBytes) {
      this.res.destroy();
      this.close();
      return;
    }
    this.res.write(frame);
  }
}

/**
 * GET /api/v1/streaming/health and the SSE streams: /user, /user/notification,
 * /public[/local|/remote][?only_media=true], /hashtag[/local]?tag=, /list?list=,
 * /direct. Token by header or access_token. Errors are Mastodon's
 * (docs/api/streaming.md#errors): 401 for the token or the list, 400 for the channel.
 */
export function sseHandler(hub: StreamHub, limits: ConnectionLimits, connections: Set<SseConnection>) {
  /** `path` is what follows /api/v1/streaming. */
  return async (req: Request, res: Response, path: string): Promise<void> => {
    if (path === '/health') {
      res.type('text/plain').send('OK');
      return;
    }
    const query = new URLSearchParams(req.originalUrl.split('?')[1] ?? '');
    const name = channelNameOfPath(path, TRUTHY.test(query.get('only_media') ?? ''));
    if (!name) {
      res.status(400).json({ error: 'Unknown channel requested' });
      return;
    }
    let channel: Channel;
    try {
      channel = channelOf(name, { tag: query.get('tag') ?? undefined, list: query.get('list') ?? undefined });
    } catch (error) {
      sendError(res, error);
      return;
    }
    const caller = streamCallerOf(req, query);
    const connection = new SseConnection(res, limits, (closed) => connections.delete(closed));
    connections.add(connection);
    try {
      // A shared stream's upstream is not this caller's: its own access (and its token) is checked and watched beside it.
      if (channel.shared) connection.hold(await hub.checkAccess(caller, channel, () => connection.end()));
      connection.hold(await hub.join(channel, caller, connection));
    } catch (error) {
      if (!res.headersSent && !connection.isClosed) sendError(res, error);
      connection.close();
      return;
    }
    connection.start();
  };
}

function sendError(res: Response, error: unknown): void {
  const streamError = error instanceof StreamError ? error : new StreamError(500, 'An unexpected error occurred');
  res.status(streamError.status).json({ error: streamError.message });
}
