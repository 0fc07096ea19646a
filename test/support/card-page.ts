// A web page a preview-card test serves itself, on 127.0.0.1, recording the requests it gets.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CardPages {
  baseUrl: string;
  /** Paths requested so far, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** Serves `pages` (path to HTML) and `redirects` (path to location). */
export async function serveCardPages(pages: Record<string, string>, redirects: Record<string, string> = {}): Promise<CardPages> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    requests.push(path);
    if (redirects[path]) {
      res.writeHead(302, { location: redirects[path] });
      res.end();
      return;
    }
    const html = pages[path];
    if (html === undefined) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
