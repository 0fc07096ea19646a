import { cursors, idWindow, newestFirst, pageRequest, STATUS_PAGE } from './page.js';

describe('pageRequest', () => {
  it('takes the default limit when none is given and caps it at the maximum', () => {
    expect(pageRequest({}, STATUS_PAGE).limit).toBe(20);
    expect(pageRequest({ limit: 500 }, STATUS_PAGE).limit).toBe(40);
    expect(pageRequest({ limit: -3 }, STATUS_PAGE).limit).toBe(3);
  });

  it('ignores cursors that are not ids', () => {
    expect(pageRequest({ maxId: 'abc', sinceId: '-1', minId: '7' }, STATUS_PAGE)).toMatchObject({ maxId: null, sinceId: null, minId: 7n });
  });
});

describe('idWindow', () => {
  it('reads newest first below max_id and above since_id', () => {
    expect(idWindow({ maxId: 9n, sinceId: 3n, minId: null, limit: 20 })).toEqual({ where: { lt: 9n, gt: 3n }, order: 'desc' });
  });

  it('reads ascending just above min_id, which wins over since_id', () => {
    expect(idWindow({ maxId: 9n, sinceId: 1n, minId: 3n, limit: 20 })).toEqual({ where: { lt: 9n, gt: 3n }, order: 'asc' });
  });
});

describe('newestFirst', () => {
  it('reverses rows read ascending for min_id', () => {
    expect(newestFirst([1, 2, 3], { maxId: null, sinceId: null, minId: 0n, limit: 3 })).toEqual([3, 2, 1]);
    expect(newestFirst([3, 2, 1], { maxId: null, sinceId: null, minId: null, limit: 3 })).toEqual([3, 2, 1]);
  });
});

describe('cursors', () => {
  it('gives the last row as nextMaxId and the first as prevMinId', () => {
    expect(cursors([30n, 20n, 10n])).toEqual({ nextMaxId: '10', prevMinId: '30' });
    expect(cursors([])).toEqual({ nextMaxId: null, prevMinId: null });
  });
});
