// The GraphQL `search` query (docs/api/search.md, docs/graphql.md): the same search as GET /api/v2/search, its
// accounts from identity and its statuses and hashtags from statuses in one operation; the internal key is not in
// the public schema.
import { randomBytes } from 'node:crypto';
import type { MastodonStatus, TestUser } from '@social/testkit';
import { codesOf, gql, gqlData } from '../support/graphql';
import { rig } from '../support/server';

const SEARCH = `query Search($q: String!, $type: SearchType, $limit: Int, $offset: Int, $resolve: Boolean) {
  search(q: $q, type: $type, limit: $limit, offset: $offset, resolve: $resolve) {
    accounts { id username }
    statuses { id account { id } }
    hashtags { name url }
  }
}`;

interface SearchData {
  search: { accounts: Array<{ id: string; username: string }>; statuses: Array<{ id: string; account: { id: string } }>; hashtags: Array<{ name: string; url: string }> };
}

describe('GraphQL search', () => {
  const word = `gqsrch${randomBytes(5).toString('hex')}`;
  let author: TestUser;
  let stranger: TestUser;
  let statuses: MastodonStatus[];

  beforeAll(async () => {
    [author, stranger] = await Promise.all([rig.newUser('gqsauthor'), rig.newUser('gqsstranger')]);
    statuses = [
      await rig.post(author.token, `first ${word} #${word}tag`),
      await rig.post(author.token, { status: `second ${word}`, visibility: 'private' }),
    ];
  });

  it("answers accounts, statuses (with their authors from identity) and hashtags in one operation", async () => {
    const data = await gqlData<SearchData>(SEARCH, { q: word }, author.token);
    expect(data.search.statuses.map((s) => s.id)).toEqual([statuses[1]!.id, statuses[0]!.id]);
    expect(data.search.statuses[0]!.account.id).toBe(author.account.id);
    expect(data.search.hashtags.map((t) => t.name)).toEqual([`${word}tag`]);
    expect(data.search.accounts).toEqual([]);
  });

  it('keeps the visibility rules: a stranger finds neither status of a non-indexable author', async () => {
    const data = await gqlData<SearchData>(SEARCH, { q: word, type: 'STATUSES' }, stranger.token);
    expect(data.search.statuses).toEqual([]);
  });

  it('finds accounts, the exact username first, and pages with limit and offset', async () => {
    const first = await gqlData<SearchData>(SEARCH, { q: author.username, type: 'ACCOUNTS', limit: 1 }, stranger.token);
    expect(first.search.accounts).toEqual([{ id: author.account.id, username: author.username }]);
    const next = await gqlData<SearchData>(SEARCH, { q: author.username, type: 'ACCOUNTS', limit: 1, offset: 1 }, stranger.token);
    expect(next.search.accounts.map((a) => a.id)).not.toContain(author.account.id);
  });

  it('answers UNAUTHENTICATED for offset without a user, and no statuses', async () => {
    expect(codesOf(await gql(SEARCH, { q: word, type: 'ACCOUNTS', offset: 0 }))).toEqual(['UNAUTHENTICATED']);
    const anonymous = await gqlData<SearchData>(SEARCH, { q: word });
    expect(anonymous.search.statuses).toEqual([]);
    expect(anonymous.search.hashtags.map((t) => t.name)).toEqual([`${word}tag`]);
  });

  it('does not expose the key the subgraphs pass each other', async () => {
    expect(codesOf(await gql(`{ search(q: "x") { key } }`, {}, author.token))).toEqual(['GRAPHQL_VALIDATION_FAILED']);
  });
});
