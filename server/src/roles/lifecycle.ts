import { STATUS_CODES, type ServerResponse, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

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

/** What Node's HTTP parser refused, by its error code: the status Node itself would answer. */
function clientErrorStatus(code: string | undefined): number {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return 431;
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return 413;
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 408;
    default:
      return 400;
  }
}

/**
 * Requests Node's HTTP parser refuses before any handler sees them (a raw
 * NUL or space in the path, a malformed header, headers too large or too
 * slow) get the status Node would answer, with a JSON `{"error": ...}` body
 * as every other error; Node's own answer has no body. As Node does, nothing
 * is written once a response has started on the socket.
 */
export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const status = clientErrorStatus(error.code);
    const body = JSON.stringify({ error: STATUS_CODES[status] });
    const head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    // Closed once written: the client may still be sending, and nothing more of it will be read.
    socket.end(head + body, () => socket.destroy());
  });
}
