import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import WebSocket, { WebSocketServer, type RawData } from 'ws';
import { streamCallerOf } from './auth.js';
import { channelOf, type Channel } from './channels.js';
import { StreamError } from './errors.js';
import type { PreparedEvent } from './events.js';
import type { StreamCaller, StreamHub, StreamMember } from './hub.js';

export interface WebSocketLimits {
  maxBufferedBytes: number;
  /** Ping interval; a socket that did not answer the previous ping is dropped (Mastodon: 30 s). */
  pingMs: number;
}

interface ClientMessage {
  type?: unknown;
  stream?: unknown;
  tag?: unknown;
  list?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * One WebSocket: many streams, each subscribed by the `stream` query
 * parameter or a `subscribe` message, framed as
 * `{"stream":[name, param],"event":...,"payload":"<JSON string>"}`.
 */
export class WebSocketConnection implements StreamMember {
  private readonly streams = new Map<string, () => void>();
  private readonly pending = new Set<string>();
  private closed = false;
  alive = true;

  constructor(
    private readonly socket: WebSocket,
    private readonly caller: StreamCaller,
    private readonly hub: StreamHub,
    private readonly limits: WebSocketLimits,
    private readonly onClose: (connection: WebSocketConnection) => void,
    private readonly releaseAccess: () => void,
  ) {
    socket.on('pong', () => {
      this.alive = true;
    });
    socket.on('message', (data, isBinary) => this.receive(data, isBinary));
    socket.on('close', () => this.cleanup());
    socket.on('error', () => this.cleanup());
  }

  /** Subscribes; a second subscribe to the same stream is ignored; refusals are error frames. */
  async subscribe(name: string | undefined, params: { tag?: string; list?: string }): Promise<void> {
    let channel: Channel;
    try {
      channel = channelOf(name, params);
    } catch (error) {
      this.sendError(error);
      return;
    }
    if (this.streams.has(channel.key) || this.pending.has(channel.key)) return;
    this.pending.add(channel.key);
    try {
      // The connection's own token is watched already; a shared stream only needs this caller's access checked.
      if (channel.shared) (await this.hub.checkAccess(this.caller, channel, () => {}))();
      const leave = await this.hub.join(channel, this.caller, this);
      if (this.closed) leave();
      else this.streams.set(channel.key, leave);
    } catch (error) {
      this.sendError(error);
    } finally {
      this.pending.delete(channel.key);
    }
  }

  unsubscribe(name: string | undefined, params: { tag?: string; list?: string }): void {
    let channel: Channel;
    try {
      channel = channelOf(name, params);
    } catch {
      this.send(JSON.stringify({ error: 'Error unsubscribing from channel' }));
      return;
    }
    this.streams.get(channel.key)?.();
    this.streams.delete(channel.key);
  }

  deliver(event: PreparedEvent, channel: Channel): void {
    this.send(event.wsFrame(channel.streamJson));
  }

  /** The token was revoked, or the gateway ended a stream: Mastodon closes the socket ("kill"). */
  end(): void {
    if (!this.closed) this.socket.close();
    this.cleanup();
  }

  ping(): void {
    if (!this.alive) {
      this.socket.terminate();
      this.cleanup();
      return;
    }
    this.alive = false;
    this.socket.ping();
  }

  close(code: number, reason: string): void {
    this.socket.close(code, reason);
    this.cleanup();
  }

  private receive(data: RawData, isBinary: boolean): void {
    if (isBinary) {
      this.close(1003, 'Binary messages are not supported');
      return;
    }
    let message: ClientMessage;
    try {
      message = JSON.parse(textOf(data)) as ClientMessage;
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    const params = { tag: text(message.tag), list: text(message.list) };
    if (message.type === 'subscribe') void this.subscribe(text(message.stream), params);
    else if (message.type === 'unsubscribe') this.unsubscribe(text(message.stream), params);
  }

  private send(frame: string | Buffer): void {
    if (this.closed || this.socket.readyState !== WebSocket.OPEN) return;
    if (this.socket.bufferedAmount > this.limits.maxBufferedBytes) {
      // Too slow to keep up: dropped rather than buffered for without bound.
      this.socket.terminate();
      this.cleanup();
      return;
    }
    // A Buffer goes out as is, as a text frame: the same bytes for every socket.
    this.socket.send(frame, { binary: false });
  }

  private sendError(error: unknown): void {
    const streamError = error instanceof StreamError ? error : new StreamError(500, 'An unexpected error occurred');
    this.send(JSON.stringify({ error: streamError.message, status: streamError.status }));
  }

  private cleanup(): void {
    if (this.closed) return;
    this.closed = true;
    for (const leave of this.streams.values()) leave();
    this.streams.clear();
    this.releaseAccess();
    this.onClose(this);
  }
}

/**
 * WebSocket /api/v1/streaming (any path below it) on the facade's HTTP
 * server. The token comes from the Authorization header, access_token, or
 * the Sec-WebSocket-Protocol value, which is echoed back (browsers and
 * `ws` drop the connection otherwise). A refused token is Mastodon's raw
 * 401 with X-Error-Message.
 */
export function attachWebSocket(server: Server, hub: StreamHub, limits: WebSocketLimits, connections: Set<WebSocketConnection>, shared = false): () => void {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    handleProtocols: (protocols) => protocols.values().next().value ?? false,
  });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    void upgrade(req, socket, head);
  };
  const upgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://facade');
    if (!/^\/api\/v1\/streaming(\/|$)/.test(url.pathname)) {
      // On a server shared with other WebSocket endpoints, their paths are theirs to answer.
      if (!shared) reject(socket, new StreamError(404, 'Not Found'), '');
      return;
    }
    const protocol = req.headers['sec-websocket-protocol']?.split(',')[0]?.trim() || null;
    const caller = streamCallerOf(req, url.searchParams, { protocol });
    let gone = false;
    socket.once('close', () => {
      gone = true;
    });
    let releaseAccess: () => void;
    const holder: { connection?: WebSocketConnection } = {};
    try {
      releaseAccess = await hub.checkAccess(caller, null, () => holder.connection?.end());
    } catch (error) {
      reject(socket, error instanceof StreamError ? error : new StreamError(500, 'An unexpected error occurred'), caller.requestId);
      return;
    }
    if (gone) {
      releaseAccess();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const connection = new WebSocketConnection(ws, caller, hub, limits, (closed) => connections.delete(closed), releaseAccess);
      holder.connection = connection;
      connections.add(connection);
      const stream = url.searchParams.get('stream');
      if (stream) void connection.subscribe(stream, { tag: url.searchParams.get('tag') ?? undefined, list: url.searchParams.get('list') ?? undefined });
    });
  };
  server.on('upgrade', onUpgrade);
  const pinger = setInterval(() => {
    for (const connection of connections) connection.ping();
  }, limits.pingMs).unref();
  return () => {
    clearInterval(pinger);
    server.off('upgrade', onUpgrade);
    wss.close();
  };
}

/** Mastodon's refusal of an upgrade: a bare status line and X-Error-Message, no body. */
function reject(socket: Duplex, error: StreamError, requestId: string): void {
  const lines = [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? ''}`,
    'Connection: close',
    'Content-Type: text/plain',
    'Content-Length: 0',
    ...(requestId ? [`X-Request-Id: ${requestId}`] : []),
    `X-Error-Message: ${error.message}`,
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n`);
}

/** A text message's bytes as a string: a Buffer with ws's default binaryType, else fragments or an ArrayBuffer. */
function textOf(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString();
  return (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)).toString();
}
