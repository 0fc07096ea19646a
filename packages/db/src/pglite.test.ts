import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeWithVmModules } from './migrations/jest-vm-modules.js';
import { openPGlite } from './pglite.js';

jest.setTimeout(60_000);
const describeDb = describeWithVmModules(__filename);

describeDb('openPGlite', () => {
  it('hands the event loop back during a chain of queries: a request is answered while they run, not after', async () => {
    const db = await openPGlite();
    const server = createServer((_req, res) => res.end('OK'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      // Each query a few milliseconds of WebAssembly; awaited one after the other, as a request's are.
      const query = 'SELECT count(*) FROM generate_series(1, 30000)';
      let answeredAt = 0;
      let queriesBefore = 0;
      let queries = 0;
      request({ port, host: '127.0.0.1', path: '/health' }, (res) => {
        res.resume();
        res.on('end', () => {
          answeredAt = performance.now();
          queriesBefore = queries;
        });
      }).end();
      const started = performance.now();
      while (performance.now() - started < 400 || queries < 20) {
        await db.query(query);
        queries += 1;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(answeredAt).toBeGreaterThan(0);
      // Without the hand-back the answer comes after the last query.
      expect(queriesBefore).toBeLessThan(queries / 2);
    } finally {
      server.close();
      await db.close();
    }
  });
});
