// POST /api/v1/statuses/:id/favourite, /reblog and /bookmark, and their undos, from 100 accounts at once:
// the counts stay exact and every account sees its own flags.
// docs/api/statuses.md#interactions (idempotent; concurrent repeats count once).
import type { ApiResponse, MastodonAccount, MastodonStatus, TestUser } from '@social/testkit';
import { uniqueUsername } from '@social/testkit';
import { expectJson } from '../../../support/expectations';
import { links, pathOf } from '../../../support/interactions';
import { api, rig } from '../../../support/server';

const CROWD = 100;

/** All pages of an account list, following the next Links. */
async function allAccounts(path: string): Promise<string[]> {
  const found: string[] = [];
  let next: string | undefined = path;
  while (next) {
    const page: ApiResponse<MastodonAccount[]> = await api.get<MastodonAccount[]>(next);
    expectJson(page, 200);
    found.push(...page.body.map((account) => account.id));
    next = links(page).next ? pathOf(links(page).next as string) : undefined;
  }
  return found;
}

async function reread(id: string): Promise<MastodonStatus> {
  const response = await api.get<MastodonStatus>(`/api/v1/statuses/${id}`);
  expectJson(response, 200);
  return response.body;
}

describe('POST /api/v1/statuses/:id/favourite and /reblog', () => {
  let author: TestUser;
  let tokens: string[];
  let status: MastodonStatus;

  beforeAll(async () => {
    author = await rig.newUser('popular');
    const app = await rig.registerApp();
    const appToken = await rig.appToken(app, 'write');
    tokens = await Promise.all(Array.from({ length: CROWD }, () => rig.signUp(appToken, uniqueUsername('crowd'))));
    status = await rig.post(author.token, 'Everybody at once!');
  }, 120_000);

  describe(`from ${CROWD} accounts at the same moment`, () => {
    let firstBoostIds: string[];

    it('answers 200 to every favourite and every boost', async () => {
      const responses = await Promise.all(
        tokens.flatMap((token) => [
          api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/favourite`, { token }),
          api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/reblog`, { token }),
        ]),
      );

      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      firstBoostIds = responses.filter((_, index) => index % 2 === 1).map((r) => r.body.id);
      expect(new Set(firstBoostIds).size).toBe(CROWD);
    });

    it(`ends with favourites_count and reblogs_count of exactly ${CROWD}`, async () => {
      expect(await reread(status.id)).toMatchObject({ favourites_count: CROWD, reblogs_count: CROWD });
    });

    it(`lists exactly ${CROWD} distinct accounts in favourited_by and reblogged_by`, async () => {
      const favouriters = await allAccounts(`/api/v1/statuses/${status.id}/favourited_by?limit=80`);
      const boosters = await allAccounts(`/api/v1/statuses/${status.id}/reblogged_by?limit=80`);
      expect(new Set(favouriters).size).toBe(CROWD);
      expect(favouriters).toHaveLength(CROWD);
      expect(new Set(boosters)).toEqual(new Set(favouriters));
    });

    it('keeps the counts and the boosts when many act again at once (idempotent)', async () => {
      const again = tokens.slice(0, 20);
      const responses = await Promise.all(
        again.flatMap((token) => [
          api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/favourite`, { token }),
          api.post<MastodonStatus>(`/api/v1/statuses/${status.id}/reblog`, { token }),
        ]),
      );

      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      expect(responses.filter((_, index) => index % 2 === 1).map((r) => r.body.id)).toEqual(firstBoostIds.slice(0, 20));
      expect(await reread(status.id)).toMatchObject({ favourites_count: CROWD, reblogs_count: CROWD });
    });

    it('counts each boost once in its booster’s statuses_count', async () => {
      const counts = await Promise.all(tokens.slice(0, 10).map(async (token) => (await rig.verifyCredentials(token)).statuses_count));
      expect(counts).toEqual(counts.map(() => 1));
    });

    it('ends at 0 and 0 when all of them undo at once', async () => {
      const responses = await Promise.all(
        tokens.flatMap((token) => [
          api.post(`/api/v1/statuses/${status.id}/unfavourite`, { token }),
          api.post(`/api/v1/statuses/${status.id}/unreblog`, { token }),
        ]),
      );

      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      expect(await reread(status.id)).toMatchObject({ favourites_count: 0, reblogs_count: 0 });
    });

    it('stays at 0 when some undo again at once (unfavourite 200, unreblog 404)', async () => {
      const again = tokens.slice(0, 10);
      const responses = await Promise.all(
        again.flatMap((token) => [
          api.post(`/api/v1/statuses/${status.id}/unfavourite`, { token }),
          api.post(`/api/v1/statuses/${status.id}/unreblog`, { token }),
        ]),
      );

      expect(responses.map((r) => r.status)).toEqual(again.flatMap(() => [200, 404]));
      expect(await reread(status.id)).toMatchObject({ favourites_count: 0, reblogs_count: 0 });
    });
  });

  describe(`bookmarks from ${CROWD} accounts at the same moment`, () => {
    let marked: MastodonStatus;

    beforeAll(async () => {
      marked = await rig.post(author.token, 'Save me, all of you');
    });

    it('answers 200 with bookmarked true to every one, and each account lists it once', async () => {
      const responses = await Promise.all(tokens.map((token) => api.post<MastodonStatus>(`/api/v1/statuses/${marked.id}/bookmark`, { token })));
      expect(responses.map((r) => [r.status, r.body.bookmarked])).toEqual(responses.map(() => [200, true]));
      const lists = await Promise.all(tokens.slice(0, 20).map((token) => api.get<MastodonStatus[]>('/api/v1/bookmarks', { token })));
      expect(lists.map((list) => list.body.map((item) => item.id))).toEqual(lists.map(() => [marked.id]));
    });

    it('ends with no bookmark anywhere when all undo at once, and 404 for a second undo', async () => {
      const responses = await Promise.all(tokens.map((token) => api.post<MastodonStatus>(`/api/v1/statuses/${marked.id}/unbookmark`, { token })));
      expect(responses.map((r) => [r.status, r.body.bookmarked])).toEqual(responses.map(() => [200, false]));
      const lists = await Promise.all(tokens.slice(0, 20).map((token) => api.get<MastodonStatus[]>('/api/v1/bookmarks', { token })));
      expect(lists.map((list) => list.body)).toEqual(lists.map(() => []));
      const again = await Promise.all(tokens.slice(0, 5).map((token) => api.post(`/api/v1/statuses/${marked.id}/unbookmark`, { token })));
      expect(again.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    });
  });
});
