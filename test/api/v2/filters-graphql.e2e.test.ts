// Filters through GraphQL (docs/graphql.md#filters, docs/api/filters.md): me.filters, the mutations with their
// UserErrors, and Status.filtered by context.
import type { TestUser } from '@social/testkit';
import { api, rig } from '../../support/server';
import { codesOf, gql, gqlData } from '../../support/graphql';

const FILTER = 'id title context filterAction expiresAt keywords { id keyword wholeWord } statuses { id statusId }';

describe('filters in GraphQL', () => {
  let viewer: TestUser;
  let author: TestUser;

  beforeAll(async () => {
    [viewer, author] = await Promise.all([rig.newUser('gqlfilterer'), rig.newUser('gqlfilterauthor')]);
    await api.post(`/api/v1/accounts/${author.account.id}/follow`, { token: viewer.token });
  });

  it('creates a filter, lists it under me, matches a home status by context, and deletes it', async () => {
    const created = await gqlData<{ createFilter: { filter: { id: string; keywords: Array<{ id: string }> }; errors: unknown[] } }>(
      `mutation { createFilter(input: { title: "Pears", context: [HOME], keywords: [{ keyword: "pear", wholeWord: true }] }) { filter { ${FILTER} } errors { code message field } } }`,
      {},
      viewer.token,
    );
    expect(created.createFilter.errors).toEqual([]);
    expect(created.createFilter.filter).toMatchObject({ title: 'Pears', context: ['home'], filterAction: 'warn', expiresAt: null, keywords: [{ keyword: 'pear', wholeWord: true }] });
    const filterId = created.createFilter.filter.id;

    const mine = await gqlData<{ me: { filters: Array<{ id: string }> } }>(`{ me { filters { id } } }`, {}, viewer.token);
    expect(mine.me.filters.map((filter) => filter.id)).toContain(filterId);

    const status = await rig.post(author.token, { status: 'a ripe pear' });
    const read = await gqlData<{ status: { home: unknown[]; pub: unknown[]; any: unknown[] } }>(
      `query($id: ID!) { status(id: $id) {
        home: filtered(context: HOME) { filter { id } keywordMatches statusMatches }
        pub: filtered(context: PUBLIC) { filter { id } }
        any: filtered { filter { id } } } }`,
      { id: status.id },
      viewer.token,
    );
    expect(read.status).toEqual({ home: [{ filter: { id: filterId }, keywordMatches: ['pear'], statusMatches: null }], pub: [], any: [{ filter: { id: filterId } }] });
    // Anonymous: null.
    expect((await gqlData<{ status: { filtered: unknown } }>(`query($id: ID!) { status(id: $id) { filtered { filter { id } } } }`, { id: status.id })).status.filtered).toBeNull();

    const deleted = await gqlData<{ deleteFilter: { deletedFilterId: string; errors: unknown[] } }>(
      `mutation($id: ID!) { deleteFilter(input: { filterId: $id }) { deletedFilterId errors { code } } }`,
      { id: filterId },
      viewer.token,
    );
    expect(deleted.deleteFilter).toEqual({ deletedFilterId: filterId, errors: [] });
  });

  it('answers UserErrors: a blank title on input.title, another user\'s filter NOT_FOUND', async () => {
    const blank = await gqlData<{ createFilter: { filter: null; errors: Array<{ code: string; field: string[] }> } }>(
      `mutation { createFilter(input: { title: " ", context: [HOME] }) { filter { id } errors { code message field } } }`,
      {},
      viewer.token,
    );
    expect(blank.createFilter.filter).toBeNull();
    expect(blank.createFilter.errors).toEqual([expect.objectContaining({ field: ['input', 'title'] })]);

    const other = await gqlData<{ createFilter: { filter: { id: string } } }>(`mutation { createFilter(input: { title: "Theirs", context: [HOME] }) { filter { id } } }`, {}, author.token);
    const added = await gqlData<{ addFilterKeyword: { filterKeyword: null; errors: Array<{ code: string }> } }>(
      `mutation($id: ID!) { addFilterKeyword(input: { filterId: $id, keyword: "x" }) { filterKeyword { id } errors { code } } }`,
      { id: other.createFilter.filter.id },
      viewer.token,
    );
    expect(added.addFilterKeyword).toEqual({ filterKeyword: null, errors: [{ code: 'NOT_FOUND' }] });
  });

  it('needs read:filters for me.filters', async () => {
    const readOnly = await rig.passwordToken(await rig.registerApp('read:statuses'), viewer.email, undefined, 'read:statuses');
    expect(codesOf(await gql(`{ me { filters { id } } }`, {}, readOnly))).toEqual(['FORBIDDEN']);
  });
});
