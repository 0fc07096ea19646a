import { AppError } from '@social/errors';
import { decodeGlobalId, encodeGlobalId } from '@social/federation';
import { parseId } from '@social/db';
import type { PageRequest } from './page.js';

/**
 * Relay connections over the id-ordered lists the Mastodon cursors page
 * through: a cursor is the listed row's id, made opaque so that clients keep
 * it whole and the encoding can change.
 */

export interface ConnectionRequest {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
}

export interface ConnectionWindow {
  /** What to ask the id pagination for: one row more than the page, to know whether more follow. */
  page: PageRequest;
  size: number;
  backward: boolean;
}

export interface PageInfoValue {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

const CURSOR_TYPE = 'Cursor';

export function encodeCursor(rowId: bigint | string): string {
  return encodeGlobalId(CURSOR_TYPE, rowId.toString());
}

/** A refused cursor is an error, not a fresh start: restarting at the top would repeat items silently. */
function decodeCursor(cursor: string, name: string): bigint {
  const decoded = decodeGlobalId(cursor);
  const id = decoded?.type === CURSOR_TYPE ? parseId(decoded.id) : null;
  if (id === null) throw AppError.validation([`${name} is not a cursor of this list`]);
  return id;
}

function count(value: number, name: string, max: number): number {
  if (!Number.isInteger(value) || value < 0 || value > max) throw AppError.validation([`${name} must be between 0 and ${max}`]);
  return value;
}

/**
 * first/after walks older (the lists are newest first), last/before newer.
 * Mixing directions is refused rather than given one of its several readings.
 */
export function connectionWindow(args: ConnectionRequest, size: { default: number; max: number }): ConnectionWindow {
  const has = (value: unknown) => value !== null && value !== undefined;
  if ((has(args.first) || has(args.after)) && (has(args.last) || has(args.before))) {
    throw AppError.validation(['Pass first and after, or last and before, not both'] );
  }
  const backward = has(args.last) || has(args.before);
  if (backward) {
    const n = has(args.last) ? count(args.last, 'Last', size.max) : size.default;
    // Without `before`, the oldest rows: everything is newer than id 0.
    const minId = has(args.before) ? decodeCursor(args.before, 'Before') : 0n;
    return { page: { maxId: null, sinceId: null, minId, limit: n + 1 }, size: n, backward };
  }
  const n = has(args.first) ? count(args.first, 'First', size.max) : size.default;
  const maxId = has(args.after) ? decodeCursor(args.after, 'After') : null;
  return { page: { maxId, sinceId: null, minId: null, limit: n + 1 }, size: n, backward };
}

/**
 * The page's rows (newest first) from the rows fetched with the window's
 * extra one, and whether more lie beyond it in the direction walked. The
 * other direction is not looked up (Relay allows false there): walk it from
 * the page's start or end cursor.
 */
export function pageOf(rowIds: bigint[], window: ConnectionWindow): { rowIds: bigint[]; hasNextPage: boolean; hasPreviousPage: boolean } {
  const more = rowIds.length > window.size;
  if (window.backward) {
    // Fetched upwards from `before`: the extra row is the newest, first in the list.
    return { rowIds: rowIds.slice(Math.max(0, rowIds.length - window.size)), hasNextPage: false, hasPreviousPage: more };
  }
  return { rowIds: rowIds.slice(0, window.size), hasNextPage: more, hasPreviousPage: false };
}

/** Edges of the rows whose node still exists (one deleted since the ids were read is left out), and the page info. */
export function connectionOf<T>(
  page: { rowIds: bigint[]; hasNextPage: boolean; hasPreviousPage: boolean },
  nodes: Array<T | null>,
): { edges: Array<{ cursor: string; node: T }>; pageInfo: PageInfoValue } {
  const edges = page.rowIds.flatMap((rowId, i) => {
    const node = nodes[i];
    return node === null || node === undefined ? [] : [{ cursor: encodeCursor(rowId), node }];
  });
  return {
    edges,
    pageInfo: {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}
