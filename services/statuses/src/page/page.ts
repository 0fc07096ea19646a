import { Prisma } from '@social/db';
import { parseId } from '@social/db';
import type { PageArgs } from './page.type.js';

/** Mastodon's default page sizes; the maximum is twice the default (limit_param). */
export const STATUS_PAGE = { default: 20, max: 40 } as const;
export const ACCOUNT_PAGE = { default: 40, max: 80 } as const;

export interface PageRequest {
  maxId: bigint | null;
  sinceId: bigint | null;
  minId: bigint | null;
  limit: number;
}

/**
 * The cursors and size of a page. An unparseable cursor counts as absent;
 * the limit is |limit| capped at the maximum, so 0 gives an empty page, as
 * Mastodon's limit_param does.
 */
export function pageRequest(args: PageArgs, size: { default: number; max: number }): PageRequest {
  const limit = args.limit === null || args.limit === undefined ? size.default : Math.min(Math.abs(Math.trunc(args.limit)), size.max);
  return { maxId: parseId(args.maxId), sinceId: parseId(args.sinceId), minId: parseId(args.minId), limit };
}

/**
 * Mastodon's paginate_by_id over one id column: with minId the rows right
 * after it (ascending, then reversed); otherwise newest first below maxId
 * and above sinceId.
 */
export function idWindow(page: PageRequest): { where: { gt?: bigint; lt?: bigint }; order: 'asc' | 'desc' } {
  const where: { gt?: bigint; lt?: bigint } = {};
  if (page.maxId !== null) where.lt = page.maxId;
  if (page.minId !== null) where.gt = page.minId;
  else if (page.sinceId !== null) where.gt = page.sinceId;
  return { where, order: page.minId !== null ? 'asc' : 'desc' };
}

/** idWindow() for a raw statement over `column`: its bounds (each `AND ...`, or nothing) and its ORDER BY direction. */
export function idWindowSql(column: Prisma.Sql, page: PageRequest): { bounds: Prisma.Sql; order: Prisma.Sql } {
  const { where, order } = idWindow(page);
  const bounds = [
    where.lt === undefined ? Prisma.empty : Prisma.sql`AND ${column} < ${where.lt}::bigint`,
    where.gt === undefined ? Prisma.empty : Prisma.sql`AND ${column} > ${where.gt}::bigint`,
  ];
  return { bounds: Prisma.join(bounds, ' '), order: order === 'asc' ? Prisma.sql`ASC` : Prisma.sql`DESC` };
}

/** Rows fetched in `order`, returned newest first. */
export function newestFirst<T>(rows: T[], page: PageRequest): T[] {
  return page.minId !== null ? rows.reverse() : rows;
}

/** A page's two cursors from its rows, newest first. */
export function cursors(rowIds: bigint[]): { nextMaxId: string | null; prevMinId: string | null } {
  return {
    nextMaxId: rowIds.length > 0 ? rowIds[rowIds.length - 1].toString() : null,
    prevMinId: rowIds.length > 0 ? rowIds[0].toString() : null,
  };
}
