/**
 * Mastodon's pagination, written once: the `limit` parameter
 * (Api::BaseController#limit_param), the cursor parameters and the Link
 * header (concerns/api/pagination.rb), docs/api/conventions.md#pagination.
 *
 * The GraphQL side takes `maxId`, `sinceId`, `minId` and `limit` arguments
 * and answers a page `{ items, nextMaxId, prevMinId }` whose cursors are the
 * ids of the rows listed (statuses, or bookmark, favourite and boost rows):
 * which links to write from them is REST's business, decided here.
 */
import type { Response } from 'express';
import type { Params } from './params.js';

export const STATUS_PAGE_SIZE = { default: 20, max: 40 } as const;
export const ACCOUNT_PAGE_SIZE = { default: 40, max: 80 } as const;

/** Ruby's String#to_i: leading integer digits, else 0. */
function rubyToI(value: string): number {
  const match = /^\s*[+-]?\d+/.exec(value);
  return match ? Number.parseInt(match[0], 10) : 0;
}

/** limit_param: the default when absent; otherwise |to_i| capped at the maximum (so `0` or `abc` gives an empty page). */
export function limitParam(params: Params, size: { default: number; max: number }): number {
  const value = params.string('limit');
  if (value === undefined) return size.default;
  return Math.min(Math.abs(rubyToI(value)), size.max);
}

/** An `offset` as Ruby's to_i reads it, from 0 up to the largest GraphQL Int. */
export function offsetParam(params: Params): number {
  const value = params.string('offset');
  return value === undefined ? 0 : Math.min(Math.max(rubyToI(value), 0), 2 ** 31 - 1);
}

export interface PageQuery {
  maxId: string | null;
  sinceId: string | null;
  minId: string | null;
  limit: number;
}

/**
 * The cursors and limit of a request, as GraphQL variables. `minId: false`
 * for the endpoints that ignore min_id (reblogged_by, favourited_by).
 */
export function pageQuery(params: Params, size: { default: number; max: number }, options: { minId?: boolean } = {}): PageQuery {
  const cursor = (name: string) => params.string(name) || null;
  return {
    maxId: cursor('max_id'),
    sinceId: cursor('since_id'),
    minId: options.minId === false ? null : cursor('min_id'),
    limit: limitParam(params, size),
  };
}

/** A page as GraphQL returns it. */
export interface GqlPage<T> {
  items: T[];
  nextMaxId: string | null;
  prevMinId: string | null;
}

/**
 * Which links a resource writes (each as its Mastodon controller does):
 * - `timeline`: next (max_id) and prev (min_id) whenever the page is not empty;
 * - `list`: next only after a full page, prev (min_id) whenever not empty;
 * - `accounts`: next only after a full page, prev as since_id whenever not empty.
 */
export type LinkStyle = 'timeline' | 'list' | 'accounts';

export interface LinkOptions {
  /** Base URL clients reach the server at. */
  publicUrl: string;
  /** The request's path (no query). */
  path: string;
  /** Parameters the links keep, as the client sent them (absent ones are left out; arrays as `name[]`). */
  keep: Record<string, string | readonly string[] | undefined>;
  style: LinkStyle;
  /** The limit the page was fetched with. */
  limit: number;
}

/** Rails' to_query: one part per key (an array as repeated `key[]=`), parts sorted, escaped as CGI.escape does (space as +). */
function toQuery(values: Record<string, string | readonly string[]>): string {
  const escape = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
  return Object.entries(values)
    .map(([key, value]) =>
      typeof value === 'string' ? `${escape(key)}=${escape(value)}` : value.map((item) => `${escape(`${key}[]`)}=${escape(item)}`).join('&'),
    )
    .sort()
    .join('&');
}

/** The Link header value for a page, or null when it has no links. */
export function linkHeader(page: GqlPage<unknown>, options: LinkOptions): string | null {
  const kept = Object.fromEntries(
    // An empty array is left out like an absent parameter.
    Object.entries(options.keep).filter((entry): entry is [string, string | readonly string[]] => typeof entry[1] === 'string' || (entry[1] !== undefined && entry[1].length > 0)),
  );
  const url = (cursor: Record<string, string>) => `${options.publicUrl}${options.path}?${toQuery({ ...kept, ...cursor })}`;
  const links: string[] = [];
  const full = page.items.length === options.limit;
  if (page.items.length > 0 && page.nextMaxId && (options.style === 'timeline' || full)) {
    links.push(`<${url({ max_id: page.nextMaxId })}>; rel="next"`);
  }
  if (page.items.length > 0 && page.prevMinId) {
    const cursor: Record<string, string> = options.style === 'accounts' ? { since_id: page.prevMinId } : { min_id: page.prevMinId };
    links.push(`<${url(cursor)}>; rel="prev"`);
  }
  return links.length > 0 ? links.join(', ') : null;
}

/** Writes the Link header of a page; none when there are no links. */
export function setLinkHeader(res: Response, page: GqlPage<unknown>, options: LinkOptions): void {
  const value = linkHeader(page, options);
  if (value) res.setHeader('Link', value);
}

/**
 * The Link header of a ranked list paged by offset (trends): next after a
 * full page, prev only once the offset is past one page, as Mastodon's
 * trends controllers write them (docs/api/trends.md#paging).
 */
export function setOffsetLinkHeader(res: Response, count: number, options: { publicUrl: string; path: string; offset: number; limit: number }): void {
  const url = (offset: number) => `${options.publicUrl}${options.path}?${toQuery({ limit: String(options.limit), offset: String(offset) })}`;
  const links: string[] = [];
  if (options.limit > 0 && count === options.limit) links.push(`<${url(options.offset + options.limit)}>; rel="next"`);
  if (options.offset > options.limit) links.push(`<${url(options.offset - options.limit)}>; rel="prev"`);
  if (links.length > 0) res.setHeader('Link', links.join(', '));
}
