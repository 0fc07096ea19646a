import type { Server } from 'node:http';

/** A started role: its HTTP server and what to release after the server has drained. */
export interface RunningRole {
  server: Server;
  /** Ends long-lived connections (streams) when draining starts, so that the server can close. */
  drain?(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The last `upgrade` listener of a server whose WebSocket endpoints each
 * leave foreign paths alone: answers 404 for a path none of them serves.
 */
export function refuseOtherUpgrades(server: Server, served: (pathname: string) => boolean): void {
  server.on('upgrade', (req, socket) => {
    const pathname = new URL(req.url ?? '/', 'http://server').pathname;
    if (!served(pathname)) socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
}
