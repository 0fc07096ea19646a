import { getNamedType, isLeafType, isObjectType, Kind, type FragmentDefinitionNode, type GraphQLSchema, type SelectionNode } from 'graphql';
import type { HomeMember } from './audience.js';

/**
 * The types a status's rendering reaches whose fields, apart from those
 * handled below, read the same for every viewer who is neither the status's
 * author nor the author of what it boosts (those are rendered on their own):
 * Account.source and Status.text, application and pinned are the author's
 * alone. A selection reaching any other type is rendered per viewer.
 */
const SHARED_TYPES = new Set([
  'Status',
  'Account',
  'AccountSource',
  'AccountField',
  'CustomEmoji',
  'Application',
  'StatusMention',
  'StatusTag',
  'MediaAttachment',
  'MediaMeta',
  'MediaDimensions',
  'MediaFocus',
  'PreviewCard',
  'Poll',
  'PollOption',
]);
/** The viewer's own flags of a status, laid over the shared rendering. */
const FLAGS = new Set(['favourited', 'reblogged', 'bookmarked', 'muted']);
/** The viewer's matching filters: empty for a member with no filter in force, else the member is rendered on its own (docs/api/filters.md#streams). */
const FILTERED = 'filtered';
/** The viewer's own vote: not among the flags, so a rendering showing a poll with these is made per viewer. */
const POLL_VIEWER_FIELDS = new Set(['voted', 'ownVotes']);

type Fragments = Record<string, FragmentDefinitionNode>;
type Level = 'status' | 'reblog' | 'other';
type Json = Record<string, unknown>;

/**
 * How one subscriber's selection of a status is laid over a rendering of it
 * made for another member of the audience: the selection, walked by
 * response key (aliases, fragments and inline fragments included).
 */
export class StatusOverlay {
  private constructor(
    private readonly selections: readonly SelectionNode[],
    private readonly fragments: Fragments,
  ) {}

  /** null when the selection reaches something the overlay cannot vouch for: that subscriber is rendered on its own. */
  static plan(schema: GraphQLSchema, selections: readonly SelectionNode[], fragments: Fragments): StatusOverlay | null {
    return shareable(schema, 'Status', selections, fragments, 'status') ? new StatusOverlay(selections, fragments) : null;
  }

  /**
   * The rendering as `member` sees it: a copy of the status (and of what it
   * boosts) with the member's flags; null when it cannot be exact (a poll
   * with the viewer's vote selected). Everything else is shared, unchanged.
   */
  apply(rendered: Json, member: HomeMember): Json | null {
    return this.overlay(rendered, this.selections, 'status', member);
  }

  private overlay(source: Json, selections: readonly SelectionNode[], level: Level, member: HomeMember): Json | null {
    const out = { ...source };
    return this.fill(source, out, selections, level, member) ? out : null;
  }

  private fill(source: Json, out: Json, selections: readonly SelectionNode[], level: Level, member: HomeMember): boolean {
    for (const selection of selections) {
      if (selection.kind !== Kind.FIELD) {
        const set = selection.kind === Kind.INLINE_FRAGMENT ? selection.selectionSet : this.fragments[selection.name.value]?.selectionSet;
        if (set && !this.fill(source, out, set.selections, level, member)) return false;
        continue;
      }
      const key = selection.alias?.value ?? selection.name.value;
      const value = source[key];
      if (value === undefined) continue;
      const name = selection.name.value;
      if (FLAGS.has(name)) {
        out[key] = name === 'muted' ? (level === 'status' ? member.muted : member.reblogMuted) : member[name as 'favourited' | 'reblogged' | 'bookmarked'];
        // A boost's reblogMuted is never null; a status that is not a boost has no reblog to reach here.
        if (out[key] === null) return false;
      } else if (name === FILTERED) {
        if (member.hasFilters !== false) return false;
        out[key] = value === null ? null : [];
      } else if (name === 'reblog' && value !== null) {
        const reblog = this.overlay(value as Json, selection.selectionSet?.selections ?? [], 'reblog', member);
        if (!reblog) return false;
        out[key] = reblog;
      } else if (name === 'poll' && value !== null && this.selectsAny(selection.selectionSet?.selections ?? [], POLL_VIEWER_FIELDS)) {
        return false;
      }
    }
    return true;
  }

  private selectsAny(selections: readonly SelectionNode[], names: Set<string>): boolean {
    return selections.some((selection) => {
      if (selection.kind === Kind.FIELD) return names.has(selection.name.value);
      const set = selection.kind === Kind.INLINE_FRAGMENT ? selection.selectionSet : this.fragments[selection.name.value]?.selectionSet;
      return set ? this.selectsAny(set.selections, names) : false;
    });
  }
}

/** Whether every type the selection reaches is shared, and a status appears only as the event's and as the one it boosts. */
function shareable(schema: GraphQLSchema, typeName: string, selections: readonly SelectionNode[], fragments: Fragments, level: Level): boolean {
  const type = schema.getType(typeName);
  if (!isObjectType(type)) return false;
  return selections.every((selection) => {
    if (selection.kind !== Kind.FIELD) {
      const fragment = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
      if (!fragment || (fragment.typeCondition && fragment.typeCondition.name.value !== typeName)) return false;
      return shareable(schema, typeName, fragment.selectionSet.selections, fragments, level);
    }
    if (selection.name.value.startsWith('__')) return true;
    // A status's filter results are the viewer's: laid over by StatusOverlay (empty, or the member rendered alone).
    if (typeName === 'Status' && selection.name.value === FILTERED) return true;
    const field = type.getFields()[selection.name.value];
    if (!field) return false;
    const named = getNamedType(field.type);
    if (isLeafType(named)) return true;
    if (!SHARED_TYPES.has(named.name)) return false;
    const next: Level = named.name !== 'Status' ? 'other' : level === 'status' && selection.name.value === 'reblog' ? 'reblog' : 'other';
    if (named.name === 'Status' && next !== 'reblog') return false;
    return shareable(schema, named.name, selection.selectionSet?.selections ?? [], fragments, next);
  });
}
