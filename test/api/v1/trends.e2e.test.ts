// GET /api/v1/trends/tags (and its alias /api/v1/trends), /api/v1/trends/statuses and /api/v1/trends/links: what
// recent local activity makes trend, scored by distinct accounts with a decay, paged by offset. docs/api/trends.md.
// Trends are the server's, so other suites' activity may show up too: the assertions are about this suite's items
// and their order relative to each other.
import { randomUUID } from 'node:crypto';
import { eventually, type JsonObject, type MastodonStatus, type TestUser } from '@social/testkit';
import { serveCardPages, type CardPages } from '../../support/card-page';
import { OUTSIDE_SCOPES, expectError, expectJson } from '../../support/expectations';
import { gqlData } from '../../support/graphql';
import { act, follow, links, updateProfile } from '../../support/interactions';
import { api, rig } from '../../support/server';

jest.setTimeout(90_000);

interface TrendTag { name: string; url: string; history: Array<{ day: string; uses: string; accounts: string }> }
interface TrendLink extends JsonObject { url: string; history: Array<{ day: string; uses: string; accounts: string }> }

async function trends<T>(path: string, query: Record<string, string> = {}, token?: string): Promise<T[]> {
  const response = await api.get<T[]>(path, { token, query });
  expectJson(response, 200);
  return response.body as T[];
}

/** A word no other suite uses, usable as a hashtag (letters only). */
function uniqueWord(prefix: string): string {
  return `${prefix}${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;
}

describe('trends', () => {
  let users: TestUser[];

  beforeAll(async () => {
    users = await Promise.all([1, 2, 3, 4].map((i) => rig.newUser(`trend${i}`)));
  });

  describe('GET /api/v1/trends/tags', () => {
    const wide = uniqueWord('wide');
    const narrow = uniqueWord('narrow');
    const lonely = uniqueWord('lonely');

    beforeAll(async () => {
      for (const user of users.slice(0, 3)) await rig.post(user.token, `about #${wide}`);
      for (const user of users.slice(0, 2)) await rig.post(user.token, `about #${narrow}`);
      await rig.post(users[0].token, `only me #${lonely} #${lonely}`);
      // Boosts and private statuses do not count.
      const priv = await rig.post(users[3].token, { status: `#${lonely}`, visibility: 'private' });
      expect(priv.visibility).toBe('private');
    });

    it('ranks a hashtag used by 3 accounts above one used by 2, and leaves out one used by 1', async () => {
      const names = (await trends<TrendTag>('/api/v1/trends/tags', { limit: '20' })).map((tag) => tag.name);

      expect(names).toContain(wide);
      expect(names).toContain(narrow);
      expect(names.indexOf(wide)).toBeLessThan(names.indexOf(narrow));
      expect(names).not.toContain(lonely);
    });

    it('answers Tag entities with 7 days of history, today first', async () => {
      const tag = (await trends<TrendTag>('/api/v1/trends/tags', { limit: '20' })).find((item) => item.name === wide);

      expect(tag).toMatchObject({ name: wide, url: expect.stringMatching(new RegExp(`/tags/${wide}$`)) });
      expect(tag?.history).toHaveLength(7);
      expect(tag?.history[0]).toEqual({ day: String(Math.floor(Date.now() / 86_400_000) * 86_400), uses: '3', accounts: '3' });
    });

    it('answers the same under the deprecated /api/v1/trends', async () => {
      const names = (await trends<TrendTag>('/api/v1/trends', { limit: '20' })).map((tag) => tag.name);

      expect(names.indexOf(wide)).toBeGreaterThanOrEqual(0);
      expect(names.indexOf(wide)).toBeLessThan(names.indexOf(narrow));
    });

    it('pages by limit and offset, with a Link to the next page after a full one', async () => {
      const all = (await trends<TrendTag>('/api/v1/trends/tags', { limit: '20' })).map((tag) => tag.name);
      const response = await api.get<TrendTag[]>('/api/v1/trends/tags', { query: { limit: '1', offset: '1' } });

      expectJson(response, 200);
      expect(response.body.map((tag) => tag.name)).toEqual(all.slice(1, 2));
      expect(links(response).next).toMatch(/[?&]offset=2$/);
      expect(await trends('/api/v1/trends/tags', { limit: '0' })).toEqual([]);
    });

    it('answers the same in GraphQL (trendingTags)', async () => {
      const data = await gqlData<{ trendingTags: Array<{ name: string; displayName: string; history: Array<{ uses: number; accounts: number }> }> }>(
        'query { trendingTags(limit: 20) { name displayName history { uses accounts } } }',
      );
      const names = data.trendingTags.map((tag) => tag.name);

      expect(names.indexOf(wide)).toBeGreaterThanOrEqual(0);
      expect(names.indexOf(wide)).toBeLessThan(names.indexOf(narrow));
      expect(data.trendingTags[names.indexOf(wide)].history[0]).toEqual({ uses: 3, accounts: 3 });
    });

    it('takes a token with read:statuses, and refuses one without', async () => {
      expect((await trends<TrendTag>('/api/v1/trends/tags', { limit: '20' }, users[0].token)).map((tag) => tag.name)).toContain(wide);
      const writeOnly = await rig.passwordToken(users[0].app, users[0].email, users[0].password, 'write');
      expectError(await api.get('/api/v1/trends/tags', { token: writeOnly }), 403, OUTSIDE_SCOPES);
    });
  });

  describe('GET /api/v1/trends/statuses', () => {
    let author: TestUser;
    let popular: MastodonStatus;
    let liked: MastodonStatus;
    let once: MastodonStatus;
    let secret: MastodonStatus;

    beforeAll(async () => {
      author = await rig.newUser('trendauthor');
      await updateProfile(author, 'discoverable=true');
      popular = await rig.post(author.token, 'everyone likes this');
      liked = await rig.post(author.token, 'two like this');
      once = await rig.post(author.token, 'one likes this');
      secret = await rig.post(author.token, { status: 'for my followers', visibility: 'private' });
      for (const user of users.slice(0, 3)) {
        await follow(user, author);
        await act(user, popular.id, 'favourite');
        await act(user, secret.id, 'favourite');
      }
      await act(users[0], popular.id, 'reblog');
      await act(users[0], liked.id, 'favourite');
      await act(users[1], liked.id, 'reblog');
      await act(users[0], once.id, 'favourite');
      await act(users[0], once.id, 'reblog');
    });

    it('ranks a status favourited by 3 accounts above one favourited or boosted by 2; one account, or a private status, never trends', async () => {
      const listed = (await trends<MastodonStatus>('/api/v1/trends/statuses', { limit: '40' })).map((status) => status.id);

      expect(listed).toContain(popular.id);
      expect(listed).toContain(liked.id);
      expect(listed.indexOf(popular.id)).toBeLessThan(listed.indexOf(liked.id));
      expect(listed).not.toContain(once.id);
      expect(listed).not.toContain(secret.id);
    });

    it("answers Status entities as the caller sees them: the caller's favourite and boost", async () => {
      const mine = (await trends<MastodonStatus>('/api/v1/trends/statuses', { limit: '40' }, users[0].token)).find((status) => status.id === popular.id);
      const anonymous = (await trends<MastodonStatus>('/api/v1/trends/statuses', { limit: '40' })).find((status) => status.id === popular.id);

      expect(mine).toMatchObject({ id: popular.id, favourited: true, reblogged: true, favourites_count: 3, reblogs_count: 1 });
      expect(anonymous).not.toHaveProperty('favourited');
    });

    it("answers the same in GraphQL (trendingStatuses), with the caller's flags", async () => {
      const data = await gqlData<{ trendingStatuses: Array<{ id: string; favourited: boolean | null }> }>('query { trendingStatuses(limit: 40) { id favourited } }', {}, users[0].token);

      expect(data.trendingStatuses).toContainEqual({ id: popular.id, favourited: true });
      expect(data.trendingStatuses.map((status) => status.id)).not.toContain(secret.id);
    });

    it('leaves out a non-discoverable author', async () => {
      const shy = await rig.newUser('trendshy');
      const status = await rig.post(shy.token, 'nobody may find me');
      for (const user of users.slice(0, 3)) await act(user, status.id, 'favourite');

      expect((await trends<MastodonStatus>('/api/v1/trends/statuses', { limit: '40' })).map((item) => item.id)).not.toContain(status.id);
    });

    it("leaves out, for a viewer, the statuses of an author they block", async () => {
      const viewer = users[3];
      expectJson(await api.post(`/api/v1/accounts/${author.account.id}/block`, { token: viewer.token }), 200);

      const listed = (await trends<MastodonStatus>('/api/v1/trends/statuses', { limit: '40' }, viewer.token)).map((status) => status.id);
      expect(listed).not.toContain(popular.id);
      expect((await trends<MastodonStatus>('/api/v1/trends/statuses', { limit: '40' })).map((status) => status.id)).toContain(popular.id);
    });

    it('pages by limit and offset', async () => {
      const all = (await trends<MastodonStatus>('/api/v1/trends/statuses', { limit: '40' })).map((status) => status.id);
      const second = await trends<MastodonStatus>('/api/v1/trends/statuses', { limit: '1', offset: '1' });

      expect(second.map((status) => status.id)).toEqual(all.slice(1, 2));
    });
  });

  describe('GET /api/v1/trends/links', () => {
    let pages: CardPages;
    const page = (title: string) => `<!doctype html><html><head><meta property="og:title" content="${title}"></head><body></body></html>`;

    beforeAll(async () => {
      pages = await serveCardPages({ '/shared': page('Shared by many'), '/fewer': page('Shared by two'), '/alone': page('Shared by one') });
    });
    afterAll(async () => {
      await pages.close();
    });

    /** Posts the link and waits for the status's card. */
    async function share(user: TestUser, path: string): Promise<void> {
      const status = await rig.post(user.token, `look ${pages.baseUrl}${path}`);
      await eventually(
        async () => ((await api.get<JsonObject>(`/api/v1/statuses/${status.id}`, { token: user.token })).body.card ?? false) !== false,
        { timeoutMs: 45_000, intervalMs: 200, what: `the card of status ${status.id}` },
      );
    }

    it('ranks a link shared by 3 accounts above one shared by 2, with its history; one shared by 1 never trends', async () => {
      await Promise.all([...users.slice(0, 3).map((user) => share(user, '/shared')), share(users[3], '/shared')]);
      await Promise.all(users.slice(0, 2).map((user) => share(user, '/fewer')));
      await share(users[0], '/alone');

      const links = await trends<TrendLink>('/api/v1/trends/links', { limit: '20' });
      const urls = links.map((link) => link.url);
      expect(urls).toContain(`${pages.baseUrl}/shared`);
      expect(urls.indexOf(`${pages.baseUrl}/shared`)).toBeLessThan(urls.indexOf(`${pages.baseUrl}/fewer`));
      expect(urls).not.toContain(`${pages.baseUrl}/alone`);

      const shared = links.find((link) => link.url === `${pages.baseUrl}/shared`);
      expect(shared).toMatchObject({ title: 'Shared by many', type: 'link' });
      expect(shared?.history).toHaveLength(7);
      expect(shared?.history[0]).toEqual({ day: String(Math.floor(Date.now() / 86_400_000) * 86_400), uses: '4', accounts: '4' });
      expect(shared?.history[1]).toMatchObject({ uses: '0', accounts: '0' });

      const second = await trends<TrendLink>('/api/v1/trends/links', { limit: '1', offset: '1' });
      expect(second.map((link) => link.url)).toEqual(urls.slice(1, 2));

      const data = await gqlData<{ trendingLinks: Array<{ card: { url: string; title: string }; history: Array<{ uses: number; accounts: number }> }> }>(
        'query { trendingLinks(limit: 20) { card { url title } history { uses accounts } } }',
      );
      expect(data.trendingLinks.find((link) => link.card.url === `${pages.baseUrl}/shared`)).toEqual({
        card: { url: `${pages.baseUrl}/shared`, title: 'Shared by many' },
        history: [{ uses: 4, accounts: 4 }, ...Array.from({ length: 6 }, () => ({ uses: 0, accounts: 0 }))],
      });
    });
  });
});
