// Issue #7, security: request size and time limits. A header section over Node's limit gets
// 431 at once; a body over BODY_LIMIT_BYTES (1 MiB by default) gets 413 JSON; a client that
// sends part of its headers and stalls is cut off by headersTimeout (20 s, server/src/main.ts),
// and one that stalls in its body by REQUEST_TIMEOUT_SECONDS: 408, then the socket closes. The
// refusals Node's parser makes carry a JSON body too.
// The timeouts need own server processes (single target only).
import { JSON_CONTENT_TYPE } from '../support/expectations';
import { OwnServer, freePort, playground, type Playground } from '../support/own-server';
import { parseAnswer, rawExchange, statusLine } from '../support/raw-http';
import { api, baseUrl, rig } from '../support/server';
import { describeOnAnyOneTarget, describeOnSingleTarget } from '../support/targets';

jest.setTimeout(120_000);

const BODY_LIMIT_BYTES = 1024 * 1024;

describeOnAnyOneTarget('a header section larger than Node accepts', () => {
  it.each([
    ['one huge header', `X-Padding: ${'a'.repeat(20 * 1024)}\r\n`],
    ['many headers', Array.from({ length: 2000 }, (_, i) => `X-H${i}: ${'b'.repeat(10)}\r\n`).join('')],
    ['a huge URL', ''],
  ])('%s: 431 at once, not a hang', async (name, extra) => {
    const path = name === 'a huge URL' ? `/api/v1/instance?q=${'c'.repeat(20 * 1024)}` : '/api/v1/instance';
    const exchange = await rawExchange(baseUrl, `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extra}\r\n`, 10_000);
    expect(statusLine(exchange.answer)).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(parseAnswer(exchange.answer).body).toBe('{"error":"Request Header Fields Too Large"}');
    expect(exchange.closedAfterMs).not.toBeNull();
  });

  it('a request with normal headers still works afterwards', async () => {
    expect((await api.get('/api/v1/instance')).status).toBe(200);
  });
});

describeOnAnyOneTarget('a body larger than BODY_LIMIT_BYTES', () => {
  let token: string;

  beforeAll(async () => {
    token = (await rig.newUser('bodylimit')).token;
  });

  it.each([
    ['JSON', 'application/json', () => JSON.stringify({ status: 'x'.repeat(BODY_LIMIT_BYTES + 1024) })],
    ['a form', 'application/x-www-form-urlencoded', () => `status=${'x'.repeat(BODY_LIMIT_BYTES + 1024)}`],
  ])('%s: 413 with a JSON error, and no status created', async (_kind, contentType, body) => {
    const before = await api.get<unknown[]>('/api/v1/timelines/home', { token });
    const response = await api.send('POST', '/api/v1/statuses', { token, contentType, body: body() });
    expect({ status: response.status, type: response.headers['content-type'], body: response.body }).toEqual({
      status: 413,
      type: expect.stringMatching(JSON_CONTENT_TYPE),
      body: { error: 'Request body is too large' },
    });
    const after = await api.get<unknown[]>('/api/v1/timelines/home', { token });
    expect(after.body).toEqual(before.body);
  });

  it('without a token (app registration): 413 too', async () => {
    const response = await api.send('POST', '/api/v1/apps', {
      contentType: 'application/x-www-form-urlencoded',
      body: `client_name=big&redirect_uris=urn:ietf:wg:oauth:2.0:oob&website=https://a.example/${'y'.repeat(BODY_LIMIT_BYTES)}`,
    });
    expect({ status: response.status, body: response.body }).toEqual({ status: 413, body: { error: 'Request body is too large' } });
  });
});

describeOnSingleTarget('stalled clients (own server processes)', () => {
  let place: Playground;
  let defaults: OwnServer;
  let shortRequests: OwnServer;

  beforeAll(async () => {
    place = await playground({ RATE_LIMITS_ENABLED: 'false' });
    [defaults, shortRequests] = await Promise.all([
      freePort().then((port) => OwnServer.start(port, place.env)),
      freePort().then((port) => OwnServer.start(port, { ...place.env, REQUEST_TIMEOUT_SECONDS: '5' })),
    ]);
  });
  afterAll(async () => {
    await Promise.all([defaults?.stop(), shortRequests?.stop()]);
    await place?.dispose();
  });

  it('headers sent in part and then held: 408 and closed after the 20 s headersTimeout', async () => {
    let sent: () => void = () => undefined;
    const stalledHeadSent = new Promise<void>((resolve) => (sent = resolve));
    const [stalled, healthy] = await Promise.all([
      rawExchange(defaults.baseUrl, 'GET /api/v1/instance HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', 45_000, () => sent()),
      // Meanwhile the server serves others.
      stalledHeadSent.then(() => fetch(`${defaults.baseUrl}/api/v1/instance`).then((r) => r.status)),
    ]);
    expect(healthy).toBe(200);
    expect(statusLine(stalled.answer)).toBe('HTTP/1.1 408 Request Timeout');
    expect(parseAnswer(stalled.answer).body).toBe('{"error":"Request Timeout"}');
    // 20 s, checked every second; a loaded machine may add a little.
    expect(stalled.closedAfterMs).toBeGreaterThanOrEqual(19_000);
    expect(stalled.closedAfterMs).toBeLessThan(30_000);
  });

  it('a body sent in part and then held: 408 and closed after REQUEST_TIMEOUT_SECONDS', async () => {
    const head = 'POST /api/v1/apps HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nclient_name=slow';
    const stalled = await rawExchange(shortRequests.baseUrl, head, 30_000);
    expect(statusLine(stalled.answer)).toBe('HTTP/1.1 408 Request Timeout');
    expect(parseAnswer(stalled.answer).body).toBe('{"error":"Request Timeout"}');
    expect(stalled.closedAfterMs).toBeGreaterThanOrEqual(4_500);
    expect(stalled.closedAfterMs).toBeLessThan(15_000);
  });
});
