import { buildSchema, Kind, parse, type FragmentDefinitionNode, type OperationDefinitionNode } from 'graphql';
import type { HomeMember } from './audience.js';
import { StatusOverlay } from './overlay.js';

const schema = buildSchema(`
  type Query { status: Status }
  type Status { id: ID! filtered: [FilterResult!] favourited: Boolean muted: Boolean bookmarked: Boolean reblogged: Boolean reblog: Status poll: Poll account: Account }
  type Poll { id: ID! voted: Boolean votesCount: Int }
  type Account { id: ID! lastStatus: Status }
  type Filter { id: ID! }
  type FilterResult { filter: Filter! keywordMatches: [String!] }
`);

/** The selection under `status` of a query, with its fragments. */
function planOf(source: string): StatusOverlay | null {
  const document = parse(source);
  const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const field = operation?.selectionSet.selections[0];
  const fragments = Object.fromEntries(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  return StatusOverlay.plan(schema, field?.kind === Kind.FIELD ? (field.selectionSet?.selections ?? []) : [], fragments);
}

const member: HomeMember = { accountId: '7', personal: false, favourited: true, reblogged: false, bookmarked: true, muted: true, reblogMuted: false };

describe('StatusOverlay', () => {
  it("lays the member's flags over a copy, by alias, through fragments, at both levels of a boost", () => {
    const plan = planOf(`{ status { id fav: favourited ...F reblog { ... on Status { favourited muted } } } } fragment F on Status { muted bookmarked }`);
    const rendered = { id: '1', fav: false, muted: false, bookmarked: false, reblog: { favourited: false, muted: true } };

    expect(plan?.apply(rendered, member)).toEqual({ id: '1', fav: true, muted: true, bookmarked: true, reblog: { favourited: true, muted: false } });
    expect(rendered).toEqual({ id: '1', fav: false, muted: false, bookmarked: false, reblog: { favourited: false, muted: true } });
  });

  it("cannot stand in for a poll with the viewer's vote, but can for one without it, or no poll", () => {
    const withVote = planOf(`{ status { id poll { ...P } } } fragment P on Poll { voted }`);
    const withoutVote = planOf(`{ status { id poll { votesCount } } }`);

    expect(withVote?.apply({ id: '1', poll: { voted: false } }, member)).toBeNull();
    expect(withVote?.apply({ id: '1', poll: null }, member)).toEqual({ id: '1', poll: null });
    expect(withoutVote?.apply({ id: '1', poll: { votesCount: 3 } }, member)).toEqual({ id: '1', poll: { votesCount: 3 } });
  });

  it("lays an empty filtered over a member with no filter in force, and renders one with filters on its own (docs/api/filters.md#streams)", () => {
    const plan = planOf(`{ status { id filtered { filter { id } keywordMatches } reblog { filtered { filter { id } } } } }`);
    const rendered = { id: '1', filtered: [{ filter: { id: '9' }, keywordMatches: ['tea'] }], reblog: { filtered: [{ filter: { id: '9' } }] } };

    expect(plan?.apply(rendered, { ...member, hasFilters: false })).toEqual({ id: '1', filtered: [], reblog: { filtered: [] } });
    expect(plan?.apply(rendered, { ...member, hasFilters: true })).toBeNull();
    // An older audience answer, without the fact: rendered on its own.
    expect(plan?.apply(rendered, member)).toBeNull();
  });

  it('refuses a selection reaching a status other than the event and what it boosts, or an unknown type or field', () => {
    expect(planOf(`{ status { account { lastStatus { id } } } }`)).toBeNull();
    expect(planOf(`{ status { reblog { reblog { id } } } }`)).toBeNull();
    expect(planOf(`{ status { ... on Filter { id } } }`)).toBeNull();
    expect(planOf(`{ status { id account { id } } }`)).not.toBeNull();
  });
});
