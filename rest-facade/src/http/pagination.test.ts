import type { Response } from 'express';
import { ACCOUNT_PAGE_SIZE, STATUS_PAGE_SIZE, linkHeader, limitParam, pageQuery, setOffsetLinkHeader, type LinkOptions } from './pagination.js';
import { Params } from './params.js';

const BASE: Omit<LinkOptions, 'style' | 'limit'> = { publicUrl: 'https://social.test', path: '/api/v1/timelines/home', keep: {} };
const page = (count: number) => ({ items: Array.from({ length: count }, (_, n) => n), nextMaxId: '100', prevMinId: '200' });

describe('limitParam', () => {
  it.each([
    [undefined, 20],
    ['5', 5],
    ['-5', 5],
    ['0', 0],
    ['abc', 0],
    ['', 0],
    ['12abc', 12],
    ['1000', 40],
  ])('reads limit=%s as %d (Mastodon limit_param, default 20, max 40)', (value, expected) => {
    expect(limitParam(new Params(value === undefined ? {} : { limit: value }), STATUS_PAGE_SIZE)).toBe(expected);
  });

  it('caps accounts at 80', () => {
    expect(limitParam(new Params({ limit: '100' }), ACCOUNT_PAGE_SIZE)).toBe(80);
  });
});

describe('pageQuery', () => {
  it('reads the three cursors and drops empty ones', () => {
    expect(pageQuery(new Params({ max_id: '9', since_id: '', min_id: '3' }), STATUS_PAGE_SIZE)).toEqual({ maxId: '9', sinceId: null, minId: '3', limit: 20 });
  });

  it('ignores min_id where Mastodon does', () => {
    expect(pageQuery(new Params({ min_id: '3' }), ACCOUNT_PAGE_SIZE, { minId: false })).toEqual({ maxId: null, sinceId: null, minId: null, limit: 40 });
  });
});

describe('linkHeader', () => {
  it('gives a timeline next (max_id) and prev (min_id) whenever it has items, keys sorted', () => {
    expect(linkHeader(page(2), { ...BASE, keep: { local: 'true', limit: '5' }, style: 'timeline', limit: 5 })).toBe(
      '<https://social.test/api/v1/timelines/home?limit=5&local=true&max_id=100>; rel="next", ' +
        '<https://social.test/api/v1/timelines/home?limit=5&local=true&min_id=200>; rel="prev"',
    );
  });

  it('gives a list a next link only after a full page', () => {
    expect(linkHeader(page(2), { ...BASE, style: 'list', limit: 5 })).toBe('<https://social.test/api/v1/timelines/home?min_id=200>; rel="prev"');
    expect(linkHeader(page(5), { ...BASE, style: 'list', limit: 5 })).toContain('max_id=100>; rel="next"');
  });

  it('gives an account list its prev link as since_id', () => {
    expect(linkHeader(page(1), { ...BASE, style: 'accounts', limit: 40 })).toBe('<https://social.test/api/v1/timelines/home?since_id=200>; rel="prev"');
  });

  it('gives no header for an empty page', () => {
    expect(linkHeader({ items: [], nextMaxId: null, prevMinId: null }, { ...BASE, style: 'timeline', limit: 20 })).toBeNull();
  });

  it('keeps array parameters as repeated name[]= in the order given, parts sorted as Rails to_query does', () => {
    const header = linkHeader(page(1), { ...BASE, keep: { types: ['mention', 'follow'], limit: '5', exclude_types: [] }, style: 'timeline', limit: 5 });
    expect(header).toContain('?limit=5&max_id=100&types%5B%5D=mention&types%5B%5D=follow>; rel="next"');
  });

  it('leaves out parameters the client did not send and escapes the others as Rails does', () => {
    expect(linkHeader(page(1), { ...BASE, keep: { tagged: 'a b&c', limit: undefined }, style: 'timeline', limit: 20 })).toContain('?max_id=100&tagged=a+b%26c>');
  });
});

describe('setOffsetLinkHeader', () => {
  function header(count: number, offset: number, limit: number): string | undefined {
    const headers: Record<string, string> = {};
    const res = { setHeader: (name: string, value: string) => { headers[name] = value; } } as unknown as Response;
    setOffsetLinkHeader(res, count, { publicUrl: 'https://social.test', path: '/api/v1/trends/tags', offset, limit });
    return headers.Link;
  }

  it('links the next page after a full one, and none after a short one', () => {
    expect(header(10, 0, 10)).toBe('<https://social.test/api/v1/trends/tags?limit=10&offset=10>; rel="next"');
    expect(header(3, 0, 10)).toBeUndefined();
  });

  it('links the previous page once the offset is past one page', () => {
    expect(header(2, 25, 10)).toBe('<https://social.test/api/v1/trends/tags?limit=10&offset=15>; rel="prev"');
    expect(header(10, 5, 10)).toBe('<https://social.test/api/v1/trends/tags?limit=10&offset=15>; rel="next"');
  });

  it('writes nothing for a limit of 0', () => {
    expect(header(0, 0, 0)).toBeUndefined();
  });
});
