// GET /api/v1/timelines/link?url= (Mastodon 4.3): the public statuses of discoverable authors sharing a link that
// trends now, newest first, paged by id; 404 for a link that does not trend. docs/api/timelines.md#link-timeline.
// The links are pages this test serves itself, so no other suite shares them.
import { eventually, type ApiResponse, type JsonObject, type MastodonStatus, type TestUser } from '@social/testkit';
import { serveCardPages, type CardPages } from '../../../support/card-page';
import { OUTSIDE_SCOPES, RECORD_NOT_FOUND, expectError, expectJson } from '../../../support/expectations';
import { codesOf, gql, gqlData } from '../../../support/graphql';
import { ids, links, pathOf, updateProfile } from '../../../support/interactions';
import { api, rig } from '../../../support/server';

jest.setTimeout(120_000);

const page = (title: string) => `<!doctype html><html><head><meta property="og:title" content="${title}"></head><body></body></html>`;

describe('GET /api/v1/timelines/link', () => {
  let pages: CardPages;
  let trending: string;
  let lonely: string;
  let alice: TestUser;
  let bob: TestUser;
  let shy: TestUser;
  /** The statuses the timeline should list, newest first. */
  let listed: MastodonStatus[];
  let hidden: MastodonStatus[];

  /** Posts a status and waits for its card (fetched in the background). */
  async function share(user: TestUser, status: string | JsonObject): Promise<MastodonStatus> {
    const posted = await rig.post(user.token, status);
    await eventually(
      async () => ((await api.get<JsonObject>(`/api/v1/statuses/${posted.id}`, { token: user.token })).body.card ?? false) !== false,
      { timeoutMs: 45_000, intervalMs: 200, what: `the card of status ${posted.id}` },
    );
    return posted;
  }

  async function timeline(url: string, token?: string, query: Record<string, string> = {}): Promise<ApiResponse<MastodonStatus[]>> {
    const response = await api.get<MastodonStatus[]>('/api/v1/timelines/link', { token, query: { url, ...query } });
    expectJson(response, 200);
    return response;
  }

  beforeAll(async () => {
    pages = await serveCardPages({ '/trending': page('Everyone shares this'), '/lonely': page('Shared once') });
    trending = `${pages.baseUrl}/trending`;
    lonely = `${pages.baseUrl}/lonely`;
    [alice, bob, shy] = await Promise.all([rig.newUser('linkalice'), rig.newUser('linkbob'), rig.newUser('linkshy')]);
    await updateProfile(alice, 'discoverable=true');
    await updateProfile(bob, 'discoverable=true');
    const first = await share(alice, `read this ${trending}`);
    // A non-discoverable author's share makes the link trend but is not listed; a private one is neither.
    const fromShy = await share(shy, `me too ${trending}`);
    const privately = await share(alice, { status: `between us ${trending}`, visibility: 'private' });
    const reply = await share(alice, { status: `again ${trending}`, in_reply_to_id: first.id });
    const fromBob = await share(bob, `so true ${trending}`);
    await share(alice, `nobody else cares ${lonely}`);
    listed = [fromBob, reply, first];
    hidden = [fromShy, privately];
  });
  afterAll(async () => {
    await pages.close();
  });

  it("answers, anonymously, the public statuses of discoverable authors sharing the link, replies included, newest first", async () => {
    const response = await timeline(trending);

    expect(ids(response.body)).toEqual(ids(listed));
    expect(response.body[0]!.card).toMatchObject({ url: trending, title: 'Everyone shares this' });
    for (const status of hidden) expect(ids(response.body)).not.toContain(status.id);
  });

  it('pages by id with next and prev Links that keep url and limit', async () => {
    const first = await timeline(trending, undefined, { limit: '2' });
    expect(ids(first.body)).toEqual(ids(listed.slice(0, 2)));
    const { next, prev } = links(first);
    expect(new URL(next!).searchParams.get('url')).toBe(trending);
    expect(new URL(next!).searchParams.get('max_id')).toBe(listed[1]!.id);
    expect(new URL(prev!).searchParams.get('min_id')).toBe(listed[0]!.id);

    const second = await api.get<MastodonStatus[]>(pathOf(next!));
    expectJson(second, 200);
    expect(ids(second.body)).toEqual(ids(listed.slice(2)));

    const newer = await timeline(trending, undefined, { min_id: listed[2]!.id });
    expect(ids(newer.body)).toEqual(ids(listed.slice(0, 2)));
  });

  it('answers 404 for a link shared by one account only, one never shared, and no url', async () => {
    expectError(await api.get('/api/v1/timelines/link', { query: { url: lonely } }), 404, RECORD_NOT_FOUND);
    expectError(await api.get('/api/v1/timelines/link', { query: { url: `${pages.baseUrl}/never` } }), 404, RECORD_NOT_FOUND);
    expectError(await api.get('/api/v1/timelines/link'), 404, RECORD_NOT_FOUND);
  });

  it("leaves out, for a signed-in viewer, the statuses of an author they block", async () => {
    const viewer = await rig.newUser('linkviewer');
    expectJson(await api.post(`/api/v1/accounts/${bob.account.id}/block`, { token: viewer.token }), 200);

    expect(ids((await timeline(trending, viewer.token)).body)).toEqual(ids(listed.slice(1)));
  });

  it('takes a token with read, and refuses one without', async () => {
    const readOnly = await rig.passwordToken(alice.app, alice.email, alice.password, 'read');
    expect(ids((await timeline(trending, readOnly)).body)).toEqual(ids(listed));
    const writeOnly = await rig.passwordToken(alice.app, alice.email, alice.password, 'write');
    expectError(await api.get('/api/v1/timelines/link', { token: writeOnly, query: { url: trending } }), 403, OUTSIDE_SCOPES);
  });

  it('answers the same in GraphQL (linkStatuses), and NOT_FOUND for a link that does not trend', async () => {
    const data = await gqlData<{ linkStatuses: { edges: Array<{ node: { id: string } }> } }>(
      'query($url: String!) { linkStatuses(url: $url, first: 20) { edges { node { id } } } }',
      { url: trending },
    );
    expect(data.linkStatuses.edges.map((edge) => edge.node.id)).toEqual(ids(listed));
    const refused = await gql('query($url: String!) { linkStatuses(url: $url) { edges { node { id } } } }', { url: lonely });
    expect(codesOf(refused)).toEqual(['NOT_FOUND']);
  });
});
