import { connectionOf, connectionWindow, encodeCursor, pageOf } from './connection.js';

const SIZE = { default: 20, max: 40 };

describe('connections', () => {
  it('asks one row more than the page, older than after when walking forward', () => {
    expect(connectionWindow({ first: 2, after: encodeCursor(10n) }, SIZE)).toEqual({ page: { maxId: 10n, sinceId: null, minId: null, limit: 3 }, size: 2, backward: false });
  });

  it('asks the rows right above before when walking backward, from the oldest without before', () => {
    expect(connectionWindow({ last: 2, before: encodeCursor(10n) }, SIZE).page).toMatchObject({ minId: 10n, maxId: null, limit: 3 });
    expect(connectionWindow({ last: 2 }, SIZE).page.minId).toBe(0n);
  });

  it.each([{ first: 41 }, { first: -1 }, { last: 1.5 }, { first: 1, last: 1 }, { after: 'x' }, { before: '110' }, { first: 1, before: encodeCursor(1n) }])(
    'refuses %p',
    (args) => {
      expect(() => connectionWindow(args, SIZE)).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT' }));
    },
  );

  it('drops the extra row at the far end and says more follow', () => {
    expect(pageOf([5n, 4n, 3n], { page: {} as never, size: 2, backward: false })).toEqual({ rows: [5n, 4n], hasNextPage: true, hasPreviousPage: false });
    expect(pageOf([5n, 4n, 3n], { page: {} as never, size: 2, backward: true })).toEqual({ rows: [4n, 3n], hasNextPage: false, hasPreviousPage: true });
    expect(pageOf([4n], { page: {} as never, size: 2, backward: true })).toEqual({ rows: [4n], hasNextPage: false, hasPreviousPage: false });
  });

  it('leaves out rows whose node is gone; the cursors are those of the edges kept', () => {
    const connection = connectionOf({ rows: [3n, 2n, 1n], hasNextPage: false, hasPreviousPage: false }, (row) => row, ['c', null, 'a']);
    expect(connection.edges.map((edge) => edge.node)).toEqual(['c', 'a']);
    expect(connection.pageInfo).toMatchObject({ startCursor: encodeCursor(3n), endCursor: encodeCursor(1n) });
  });
});
