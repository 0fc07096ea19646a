import { NO_INVALIDATION } from '@social/cache';
import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import type { PollData, PollRecord } from './poll.data.js';
import { newPoll, PollService } from './poll.service.js';

const NOW = new Date('2026-11-21T12:00:00.000Z');

function message(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('newPoll', () => {
  it('strips options, drops blank ones and sets expires_at from expires_in', () => {
    expect(newPoll({ options: [' a ', '', 'b'], expiresIn: 300, multiple: true }, false, NOW)).toEqual({
      options: ['a', 'b'],
      expiresAt: new Date('2026-11-21T12:05:00.000Z'),
      multiple: true,
      hideTotals: false,
    });
  });

  it('is null without options and expires_in', () => {
    expect(newPoll({ options: [] }, false, NOW)).toBeNull();
    expect(newPoll(null, true, NOW)).toBeNull();
  });

  it.each([
    [{ options: ['a'], expiresIn: 300 }, 'Validation failed: Choices must have more than one item'],
    [{ options: ['a', 'b', 'c', 'd', 'e'], expiresIn: 300 }, "Validation failed: Choices can't contain more than 4 items"],
    [{ options: ['x'.repeat(51), 'b'], expiresIn: 300 }, 'Validation failed: Choices cannot be longer than 50 characters each'],
    [{ options: ['a', 'a '], expiresIn: 300 }, 'Validation failed: Choices contain duplicate items'],
    [{ options: ['a', 'b'], expiresIn: 299 }, 'Validation failed: Deadline is too soon'],
    [{ options: ['a', 'b'], expiresIn: 2629747 }, 'Validation failed: Deadline is too far into the future'],
    [{ options: ['a', 'b'] }, "Validation failed: Deadline can't be blank"],
    [{ expiresIn: 300 }, "Validation failed: Choices can't be blank, Choices must have more than one item"],
  ])('refuses %j with %s', (input, expected) => {
    expect(message(() => newPoll(input, false, NOW))).toBe(expected);
  });

  it('counts option length in grapheme clusters', () => {
    expect(newPoll({ options: ['🇫🇷'.repeat(50), 'b'], expiresIn: 300 }, false, NOW)?.options).toHaveLength(2);
  });

  it('refuses a poll with media', () => {
    expect(message(() => newPoll({ options: ['a', 'b'], expiresIn: 300 }, true, NOW))).toBe('Cannot attach files to a post with a poll');
  });
});

describe('PollService.view', () => {
  const poll = (fields: Partial<PollRecord>): PollRecord => ({
    id: 5n, statusId: 9n, accountId: 1n, options: ['a', 'b'], expiresAt: new Date(Date.now() + 60_000),
    multiple: false, hideTotals: false, votesCount: 3, votersCount: 3, ...fields,
  });

  function setup(record: PollRecord, viewer: string | null) {
    const data = {
      byId: async () => record,
      tallies: async (ids: readonly string[]) => ids.map(() => new Map([[0, 2], [1, 1]])),
      ownVotes: async (_account: bigint, ids: readonly string[]) => ids.map(() => [0]),
    } as unknown as PollData;
    const statuses = { view: async () => ({}), beforeDelete: () => undefined } as unknown as StatusService;
    const ctx = { principal: viewer ? { kind: 'user', accountId: viewer } : { kind: 'anonymous' } } as unknown as StatusesContext;
    return { service: new PollService(data, statuses, NO_INVALIDATION), ctx };
  }

  it('shows counts, and the viewer fields only with a user', async () => {
    const anonymous = setup(poll({}), null);
    expect(await anonymous.service.view('5', anonymous.ctx)).toMatchObject({ expired: false, voted: null, ownVotes: null, options: [{ votesCount: 2 }, { votesCount: 1 }] });
    const user = setup(poll({}), '2');
    expect(await user.service.view('5', user.ctx)).toMatchObject({ voted: true, ownVotes: [0] });
  });

  it('hides option counts under hide_totals until the poll has ended', async () => {
    const open = setup(poll({ hideTotals: true }), null);
    expect((await open.service.view('5', open.ctx)).options).toEqual([{ title: 'a', votesCount: null }, { title: 'b', votesCount: null }]);
    const ended = setup(poll({ hideTotals: true, expiresAt: new Date(Date.now() - 1000) }), null);
    expect(await ended.service.view('5', ended.ctx)).toMatchObject({ expired: true, options: [{ votesCount: 2 }, { votesCount: 1 }] });
  });
});

describe('PollService.vote', () => {
  function setup(fields: Partial<PollRecord>) {
    const record: PollRecord = {
      id: 5n, statusId: 9n, accountId: 1n, options: ['a', 'b'], expiresAt: new Date(Date.now() - 1000),
      multiple: false, hideTotals: false, votesCount: 0, votersCount: 0, ...fields,
    };
    const data = {
      byId: async () => record,
      vote: async (_poll: bigint, _account: bigint, _choices: number[], check: (poll: PollRecord, voted: boolean) => void) => {
        check(record, false);
        return true;
      },
    } as unknown as PollData;
    const statuses = { view: async () => ({}), beforeDelete: () => undefined } as unknown as StatusService;
    const ctx = { principal: { kind: 'user', accountId: '2' } } as unknown as StatusesContext;
    return { service: new PollService(data, statuses, NO_INVALIDATION), ctx };
  }

  it('refuses a vote after expires_at: The poll has already ended', async () => {
    const { service, ctx } = setup({});
    await expect(service.vote('5', [0], ctx)).rejects.toThrow('Validation failed: The poll has already ended');
  });
});
