import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { StatusRecord } from '../status/status.data.js';
import type { StatusService } from '../status/status.service.js';
import type { PinData, PinResult } from './pin.data.js';
import { MAX_PINNED_STATUSES, PinService } from './pin.service.js';

const VIEWER = '10';

function setup(record: Partial<StatusRecord>, result: PinResult = 'pinned') {
  const pinned: Array<[bigint, bigint, number]> = [];
  const data = {
    pin: async (accountId: bigint, statusId: bigint, limit: number) => {
      pinned.push([accountId, statusId, limit]);
      return result;
    },
  } as unknown as PinData;
  const full = { id: 1n, accountId: BigInt(VIEWER), reblogOfId: null, visibility: 'public', ...record } as StatusRecord;
  const statuses = { view: async () => full } as unknown as StatusService;
  const ctx = { principal: { kind: 'user', accountId: VIEWER } } as unknown as StatusesContext;
  return { service: new PinService(data, statuses), ctx, pinned };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return `${error.code} ${error.message}`;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('PinService.pin', () => {
  it("pins the caller's own public status, at most five", async () => {
    const { service, ctx, pinned } = setup({});
    await service.pin('1', ctx);
    expect(pinned).toEqual([[10n, 1n, MAX_PINNED_STATUSES]]);
    expect(MAX_PINNED_STATUSES).toBe(5);
  });

  it.each([
    [{ accountId: 20n }, "Validation failed: Someone else's toot cannot be pinned"],
    [{ visibility: 'private' }, 'Validation failed: Non-public toot cannot be pinned'],
    [{ visibility: 'direct' }, 'Validation failed: Non-public toot cannot be pinned'],
    [{ reblogOfId: 9n }, 'Validation failed: A boost cannot be pinned'],
    [{ reblogOfId: 9n, accountId: 20n, visibility: 'private' }, "Validation failed: A boost cannot be pinned, Someone else's toot cannot be pinned, Non-public toot cannot be pinned"],
  ] as Array<[Partial<StatusRecord>, string]>)('refuses %o with 422 %s', async (record, message) => {
    const { service, ctx, pinned } = setup(record);
    expect(await refusal(service.pin('1', ctx))).toBe(`BAD_USER_INPUT ${message}`);
    expect(pinned).toEqual([]);
  });

  it.each([
    ['limit', 'BAD_USER_INPUT Validation failed: You have already pinned the maximum number of posts'],
    ['duplicate', 'BAD_USER_INPUT Duplicate record'],
    ['gone', 'NOT_FOUND Record not found'],
  ] as Array<[PinResult, string]>)('turns the data answer %s into %s', async (result, message) => {
    const { service, ctx } = setup({}, result);
    expect(await refusal(service.pin('1', ctx))).toBe(message);
  });
});
