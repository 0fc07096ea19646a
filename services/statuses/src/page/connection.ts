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

/** One page of a connection: its rows (newest first) and whether more lie beyond it in the direction walked. */
export interface ConnectionPage<Row> {
  rows: Row[];
  hasNextPage: boolean;
  hasPreviousPage: boolean;
}

/**
 * The page's rows (newest first) from the rows fetched with the window's
 * extra one, and whether more lie beyond it in the direction walked. The
 * other direction is not looked up (Relay allows false there): walk it from
 * the page's start or end cursor.
 */
export function pageOf<Row>(rows: Row[], window: ConnectionWindow): ConnectionPage<Row> {
  const more = rows.length > window.size;
  if (window.backward) {
    // Fetched upwards from `before`: the extra row is the newest, first in the list.
    return { rows: rows.slice(Math.max(0, rows.length - window.size)), hasNextPage: false, hasPreviousPage: more };
  }
  return { rows: rows.slice(0, window.size), hasNextPage: more, hasPreviousPage: false };
}

export interface Connection<Node> {
  edges: Array<{ cursor: string; node: Node }>;
  pageInfo: PageInfoValue;
}

/** Edges of the rows whose node still exists (one deleted since the ids were read is left out), and the page info. */
export function connectionOf<Row, Node>(page: ConnectionPage<Row>, cursorOf: (row: Row) => bigint, nodes: Array<Node | null>): Connection<Node> {
  const edges = page.rows.flatMap((row, i) => {
    const node = nodes[i];
    return node === null || node === undefined ? [] : [{ cursor: encodeCursor(cursorOf(row)), node }];
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

/** How one list becomes a connection: its rows by id page, each row's cursor, and the nodes of a page of rows. */
export interface ConnectionSource<Row, Node> {
  rows: (page: PageRequest) => Promise<Row[]>;
  cursorOf: (row: Row) => bigint;
  nodesOf: (rows: Row[]) => Promise<Array<Node | null>>;
}

/** Every connection's bounds (docs/graphql.md#connections-relay): 0 to 40 a page, default 20, whatever the list. */
const CONNECTION_PAGE = { default: 20, max: 40 } as const;

/** A connection over one of the id-paged lists: the same window, page and edges for all of them. */
export async function connection<Row, Node>(args: ConnectionRequest, source: ConnectionSource<Row, Node>): Promise<Connection<Node>> {
  const window = connectionWindow(args, CONNECTION_PAGE);
  const page = pageOf(await source.rows(window.page), window);
  return connectionOf(page, source.cursorOf, page.rows.length > 0 ? await source.nodesOf(page.rows) : []);
}
