// The `card` of a Status (Mastodon's PreviewCard), filled in the background from the first link's page,
// and GET /api/v1/statuses/:id/card, removed in Mastodon 3.0.0 but kept here as the contract lists it.
// The suite's servers run with CARD_FETCH_ALLOW_PRIVATE=true so that they may fetch this test's own page on
// 127.0.0.1; card-refused.e2e.test.ts runs a server without it.
import { eventually, type JsonObject, type MastodonStatus, type TestUser } from '@social/testkit';
import { serveCardPages, type CardPages } from '../../../support/card-page';
import { RECORD_NOT_FOUND, expectError, expectJson } from '../../../support/expectations';
import { api, rig } from '../../../support/server';

jest.setTimeout(90_000);

const ARTICLE = `<!doctype html><html lang="en"><head>
<title>Plain title</title>
<meta property="og:title" content="Rabbits &amp; holes">
<meta property="og:description" content="Everything about rabbit holes.">
<meta property="og:image" content="/rabbit.png">
<meta property="og:image:alt" content="A white rabbit">
<meta property="og:image:width" content="1200"><meta property="og:image:height" content="630">
<meta property="og:site_name" content="Wonderland News">
<meta property="og:url" content="/articles/rabbits">
<meta name="author" content="Alice">
<meta property="article:published_time" content="2026-11-20T09:30:00Z">
</head><body><p>Down we go.</p></body></html>`;

/** Reads the status until its card is there. */
async function cardOf(id: string, token: string): Promise<JsonObject> {
  return eventually(
    async () => (await api.get<MastodonStatus & { card: JsonObject | null }>(`/api/v1/statuses/${id}`, { token })).body.card ?? false,
    { timeoutMs: 45_000, intervalMs: 200, what: `the card of status ${id}` },
  );
}

describe('the card of a status with a link', () => {
  let pages: CardPages;
  let author: TestUser;

  beforeAll(async () => {
    pages = await serveCardPages({ '/articles/rabbits': ARTICLE, '/untitled': '<p>nothing to show</p>' }, { '/go': '/articles/rabbits' });
    author = await rig.newUser('cardauthor');
  });
  afterAll(async () => {
    await pages.close();
  });

  it("appears on later reads, read from the page's OpenGraph tags", async () => {
    const status = await rig.post(author.token, `Read this: ${pages.baseUrl}/articles/rabbits`);
    expect((status as unknown as JsonObject).card).toBeNull();

    expect(await cardOf(status.id, author.token)).toEqual({
      url: `${pages.baseUrl}/articles/rabbits`,
      title: 'Rabbits & holes',
      description: 'Everything about rabbit holes.',
      language: 'en',
      type: 'link',
      author_name: 'Alice',
      author_url: '',
      provider_name: 'Wonderland News',
      provider_url: '',
      html: '',
      width: 1200,
      height: 630,
      image: `${pages.baseUrl}/rabbit.png`,
      image_description: 'A white rabbit',
      embed_url: '',
      blurhash: null,
      published_at: '2026-11-20T09:30:00.000Z',
      authors: [{ name: 'Alice', url: '', account: null }],
    });
    // Anyone reading it sees the card, and a boost carries it in its reblog.
    const reader = await rig.newUser('cardreader');
    const boost = await api.post<JsonObject>(`/api/v1/statuses/${status.id}/reblog`, { token: reader.token });
    expectJson(boost, 200);
    expect(boost.body.card).toBeNull();
    expect((boost.body.reblog as JsonObject).card).toMatchObject({ title: 'Rabbits & holes' });
  });

  it('follows a redirect to the page', async () => {
    const status = await rig.post(author.token, `via ${pages.baseUrl}/go`);
    expect(await cardOf(status.id, author.token)).toMatchObject({ url: `${pages.baseUrl}/articles/rabbits`, title: 'Rabbits & holes' });
  });

  it('stays null for a page without a title, and for a status whose only "links" are a mention and a hashtag', async () => {
    const other = await rig.newUser('cardmention');
    const untitled = await rig.post(author.token, `${pages.baseUrl}/untitled`);
    const mentionOnly = await rig.post(author.token, `hello @${other.username} #rabbits`);
    // A later status with a card shows the job queue has moved past the two.
    const marker = await rig.post(author.token, `${pages.baseUrl}/articles/rabbits?after`);
    expect(await cardOf(marker.id, author.token)).toMatchObject({ title: 'Rabbits & holes' });
    const before = pages.requests.filter((path) => path === '/untitled').length;

    expect(before).toBeGreaterThanOrEqual(1);
    expect((await api.get<JsonObject>(`/api/v1/statuses/${untitled.id}`, { token: author.token })).body.card).toBeNull();
    expect((await api.get<JsonObject>(`/api/v1/statuses/${mentionOnly.id}`, { token: author.token })).body.card).toBeNull();
  });

  // Removed from Mastodon in 3.0.0, still answered here (docs/api/versions.md#deprecated-and-removed): the card of a visible status, {} without one, and
  // Record not found for a status the caller may not see, as for any status (docs/api/errors.md#status-codes).
  describe('GET /api/v1/statuses/:id/card', () => {
    it("answers 200 with the status's card, the same as its card field, to anyone who may see it", async () => {
      const status = await rig.post(author.token, `again ${pages.baseUrl}/articles/rabbits`);
      const card = await cardOf(status.id, author.token);
      expect(card).toMatchObject({ title: 'Rabbits & holes' });

      for (const token of [author.token, undefined]) {
        const response = await api.get(`/api/v1/statuses/${status.id}/card`, { token });
        expectJson(response, 200);
        expect(response.body).toEqual(card);
      }
    });

    it('answers 200 {} for a status without a card', async () => {
      const status = await rig.post(author.token, 'no link here');

      const response = await api.get(`/api/v1/statuses/${status.id}/card`);

      expectJson(response, 200);
      expect(response.body).toEqual({});
    });

    it(`answers 404 ${RECORD_NOT_FOUND} for a status that does not exist, or was deleted`, async () => {
      const status = await rig.post(author.token, 'short-lived');
      expectJson(await api.delete(`/api/v1/statuses/${status.id}`, { token: author.token }), 200);

      expectError(await api.get('/api/v1/statuses/99999999999999999/card'), 404, RECORD_NOT_FOUND);
      expectError(await api.get(`/api/v1/statuses/${status.id}/card`, { token: author.token }), 404, RECORD_NOT_FOUND);
      expectError(await api.get('/api/v1/statuses/not-an-id/card'), 404, RECORD_NOT_FOUND);
    });

    it(`answers 404 ${RECORD_NOT_FOUND} for someone else's private status, and the card to its author`, async () => {
      const status = await rig.post(author.token, { status: `private ${pages.baseUrl}/articles/rabbits?private`, visibility: 'private' });
      const stranger = await rig.newUser('cardstranger');
      expect(await cardOf(status.id, author.token)).toMatchObject({ title: 'Rabbits & holes' });

      expectError(await api.get(`/api/v1/statuses/${status.id}/card`), 404, RECORD_NOT_FOUND);
      expectError(await api.get(`/api/v1/statuses/${status.id}/card`, { token: stranger.token }), 404, RECORD_NOT_FOUND);
      const own = await api.get(`/api/v1/statuses/${status.id}/card`, { token: author.token });
      expectJson(own, 200);
      expect(own.body).toMatchObject({ title: 'Rabbits & holes' });
    });
  });
});
