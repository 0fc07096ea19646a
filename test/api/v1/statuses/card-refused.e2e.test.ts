// The preview-card fetcher refuses loopback and private addresses unless CARD_FETCH_ALLOW_PRIVATE is on
// (a security rule). The test runs its own server with the setting off, and serves a page on 127.0.0.1.
import { Testrig, client, eventually, type JsonObject } from '@social/testkit';
import { serveCardPages, type CardPages } from '../../../support/card-page';
import { OwnServer, freePort, playground, type Playground } from '../../../support/own-server';
import { describeOnSingleTarget } from '../../../support/targets';

jest.setTimeout(120_000);

describeOnSingleTarget('a status linking to a page on a loopback address, with CARD_FETCH_ALLOW_PRIVATE off', () => {
  let place: Playground;
  let server: OwnServer;
  let pages: CardPages;

  beforeAll(async () => {
    place = await playground({ RATE_LIMITS_ENABLED: 'false', CARD_FETCH_ALLOW_PRIVATE: 'false' });
    server = await OwnServer.start(await freePort(), place.env);
    pages = await serveCardPages({ '/secret': '<title>Internal dashboard</title>' });
  });
  afterAll(async () => {
    await server?.stop();
    await pages?.close();
    await place.dispose();
  });

  it.each([
    ['by address', (base: string) => `${base}/secret`],
    ['by a name that resolves to it', (base: string) => `${base.replace('127.0.0.1', 'localhost')}/secret`],
  ])('gets no card, and the page is never requested (%s)', async (_how, link) => {
    const api = client(server.baseUrl);
    const user = await new Testrig(api).newUser('cardrefused');
    const status = await api.postJson<JsonObject>('/api/v1/statuses', { status: `look ${link(pages.baseUrl)}` }, { token: user.token });
    expect(status.status).toBe(200);

    // The job ends for good at its first attempt (a refused address is not retried).
    await eventually(
      async () => (await place.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'statuses.fetch-card'`)).rows[0]?.n === 0,
      { timeoutMs: 30_000, intervalMs: 100, what: 'the card job to end' },
    );

    expect(pages.requests).toEqual([]);
    expect((await api.get<JsonObject>(`/api/v1/statuses/${status.body.id}`, { token: user.token })).body.card).toBeNull();
    expect((await place.sql.query(`SELECT count(*)::int AS n FROM preview_cards`)).rows).toEqual([{ n: 0 }]);
  });
});
