import type { Server } from 'node:http';
import { Router, type RequestHandler } from 'express';
import { StreamHub } from './hub.js';
import { sseHandler, type SseConnection } from './sse.js';
import type { StreamingUpstream } from './upstream.js';
import { attachWebSocket, type WebSocketConnection } from './websocket.js';

export { GraphqlWsUpstream, webSocketUrl, type StreamingUpstream, type UpstreamCaller, type UpstreamResult, type UpstreamSink } from './upstream.js';

export interface StreamingOptions {
  /** Bytes a connection may have waiting before it is dropped as too slow (default 1 MiB). */
  maxBufferedBytes?: number;
  /** SSE heartbeat (default 15 s, as Mastodon). */
  heartbeatMs?: number;
  /** WebSocket ping (default 30 s, as Mastodon). */
  pingMs?: number;
  /** How long a stream may take to start (default 10 s). */
  startTimeoutMs?: number;
}

export interface FacadeStreaming {
  /** The SSE endpoints, mounted at /api/v1/streaming. */
  readonly router: RequestHandler;
  /** Serves WebSocket /api/v1/streaming on the facade's HTTP server. */
  /** `shared`: other WebSocket endpoints live on this server; leave their paths alone. */
  attach(server: Server, shared?: boolean): void;
  /** Open connections (SSE and WebSocket) and shared upstream streams, for tests and benchmarks. */
  stats(): { sse: number; websocket: number; sharedStreams: number };
  /** Ends every stream (WebSocket 1001), so the server can drain. */
  close(): Promise<void>;
}

/** Mastodon's streaming API (SSE and WebSocket), over the gateway's subscriptions. */
export function createStreaming(upstream: StreamingUpstream, options: StreamingOptions = {}): FacadeStreaming {
  const limits = {
    maxBufferedBytes: options.maxBufferedBytes ?? 1024 * 1024,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    pingMs: options.pingMs ?? 30_000,
  };
  const hub = new StreamHub(upstream, { startTimeoutMs: options.startTimeoutMs ?? 10_000, restartDelayMs: 1_000 });
  const sse = new Set<SseConnection>();
  const sockets = new Set<WebSocketConnection>();
  const detachers: Array<() => void> = [];
  const handle = sseHandler(hub, limits, sse);
  const router = Router();
  router.get('/api/v1/streaming{/*path}', (req, res, next) => {
    handle(req, res, req.path.slice('/api/v1/streaming'.length) || '/').catch(next);
  });
  return {
    router,
    attach(server, shared = false) {
      detachers.push(attachWebSocket(server, hub, limits, sockets, shared));
    },
    stats: () => ({ sse: sse.size, websocket: sockets.size, sharedStreams: hub.sharedCount }),
    async close() {
      for (const detach of detachers.splice(0)) detach();
      for (const connection of [...sockets]) connection.close(1001, 'Going away');
      for (const connection of [...sse]) connection.close();
      await upstream.close();
    },
  };
}
