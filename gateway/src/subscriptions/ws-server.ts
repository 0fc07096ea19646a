import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { useServer } from 'graphql-ws/use/ws';
import { WebSocketServer } from 'ws';
import { GraphQLError } from 'graphql';
import type { TrustedDocuments } from '../trusted-documents/index.js';
import type { SubscriptionExecutor } from './executor.js';

/** Connection-wide Authorization, in connection_init's payload. */
interface ConnectionParams {
  authorization?: unknown;
}

/** Per operation (subscribe's extensions): one connection can carry many callers' subscriptions (the facade's). */
interface OperationExtensions {
  authorization?: unknown;
  requestId?: unknown;
}

const KEEP_ALIVE_MS = 12_000;

/**
 * graphql-ws (graphql-transport-ws) on the gateway's HTTP server, at the
 * same path as POST /graphql. The token comes per operation in
 * `extensions.authorization`, else from the connection's
 * `connectionParams.authorization`.
 */
export function attachSubscriptionServer(
  server: Server,
  path: string,
  executor: SubscriptionExecutor,
  shared = false,
  documents?: TrustedDocuments,
): { close(): Promise<void> } {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (new URL(req.url ?? '/', 'http://gateway').pathname !== path) {
      // On a server shared with other WebSocket endpoints, their paths are theirs to answer.
      if (!shared) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  server.on('upgrade', onUpgrade);
  const disposable = useServer(
    {
      onSubscribe: (ctx, _id, subscribe) => {
        // The HTTP endpoint's rule (trusted documents): a registered document by hash, or refused with the same code.
        const resolved = documents?.resolve(subscribe);
        if (resolved instanceof GraphQLError) return [resolved];
        const payload = resolved === undefined ? subscribe : { ...subscribe, query: resolved };
        const extensions = (payload.extensions ?? {}) as OperationExtensions;
        const params = (ctx.connectionParams ?? {}) as ConnectionParams;
        const authorization = typeof extensions.authorization === 'string' ? extensions.authorization
          : typeof params.authorization === 'string' ? params.authorization : null;
        return executor.prepare(payload, {
          authorization,
          requestId: typeof extensions.requestId === 'string' ? extensions.requestId : undefined,
          clientIp: ctx.extra.request.socket.remoteAddress ?? '',
        });
      },
    },
    wss,
    KEEP_ALIVE_MS,
  );
  return {
    async close() {
      server.off('upgrade', onUpgrade);
      // Closes every client with 1001 Going away; graphql-ws clients reconnect elsewhere.
      await disposable.dispose();
    },
  };
}
