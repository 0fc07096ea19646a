// HTTP written by hand on a socket, for requests fetch will not send (a raw NUL in the path, headers
// too large, a request that stalls): what the server wrote, and when it closed the socket.
import net from 'node:net';

export interface RawExchange {
  /** What the server wrote before closing (or before the deadline). */
  answer: string;
  /** Milliseconds from the first byte sent until the server closed the socket; null if it did not. */
  closedAfterMs: number | null;
}

/** Writes `request` on a raw socket (calling `onSent` once it is written) and waits until the server closes it (or `waitMs` passes). */
export function rawExchange(url: string, request: string | Buffer, waitMs: number, onSent: () => void = () => undefined): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let answer = '';
    const socket = net.connect(Number(port), hostname, () => socket.write(request, () => onSent()));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closedAfterMs: null });
    }, waitMs);
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer is a close too.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

export function statusLine(answer: string): string {
  return answer.split('\r\n', 1)[0] ?? '';
}

/** The answer's header section as lower-cased names to values, and its body. */
export function parseAnswer(answer: string): { headers: Record<string, string>; body: string } {
  const [head = '', ...rest] = answer.split('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body: rest.join('\r\n\r\n') };
}
