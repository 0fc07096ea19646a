// Issue #7, faults: past its bound of requests in flight a facade process sheds load with
// 503 + Retry-After instead of queueing without limit, and serves again once they finish.
// Stalled uploads hold the two places deterministically: their bodies never end until we say.
import http from 'node:http';
import { eventually } from '@social/testkit';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { describeOnSingleTarget } from '../support/targets';

jest.setTimeout(120_000);

/** A POST whose body is sent in part and then held; resolves with the status once released. */
function stalledRequest(baseUrl: string): { release(): void; done: Promise<number> } {
  const url = new URL('/api/v1/apps', baseUrl);
  const request = http.request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '200' } });
  const done = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
  });
  const first = 'client_name=stalled';
  const rest = '&redirect_uris=urn:ietf:wg:oauth:2.0:oob&x=';
  request.write(first);
  return { release: () => request.end(rest + 'y'.repeat(200 - first.length - rest.length)), done };
}

describeOnSingleTarget('a facade process with at most 2 requests in flight', () => {
  let place: Playground;
  let server: OwnServer;

  beforeAll(async () => {
    place = await playground({ MAX_IN_FLIGHT_REQUESTS: '2', RATE_LIMITS_ENABLED: 'false' });
    server = await OwnServer.start(await freePort(), place.env);
  });
  afterAll(async () => {
    await server?.stop();
    await place?.dispose();
  });

  it('answers 503 with Retry-After and the JSON error while two are held, then serves again', async () => {
    const held = [stalledRequest(server.baseUrl), stalledRequest(server.baseUrl)];
    // Until both are counted, the third may still slip through: wait until it is refused.
    const refused = await eventually(async () => {
      const response = await fetch(`${server.baseUrl}/api/v1/instance`);
      if (response.status === 503) return response;
      await response.arrayBuffer();
      return false;
    }, { timeoutMs: 20_000, intervalMs: 10, what: 'a request refused while two are held' });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({ error: 'There was a temporary problem serving your request, please try again' });
    // A load balancer must still see the process alive.
    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);

    for (const request of held) request.release();
    expect(await Promise.all(held.map((request) => request.done))).toEqual([200, 200]);
    const after = await fetch(`${server.baseUrl}/api/v1/instance`);
    expect(after.status).toBe(200);
  });
});
