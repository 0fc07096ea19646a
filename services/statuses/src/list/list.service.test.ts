import 'reflect-metadata';
import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { StatusService } from '../status/status.service.js';
import type { ListData, ListRecord } from './list.data.js';
import { LISTS_PER_ACCOUNT, ListService } from './list.service.js';
import { ListRepliesPolicy } from './list.type.js';

const OWNER = 10n;
const LIST: ListRecord = { id: 5n, accountId: OWNER, title: 'Friends', repliesPolicy: 'list', exclusive: false };

function setup(overrides: Partial<Record<keyof ListData, unknown>> = {}) {
  const added: bigint[][] = [];
  const data = {
    findById: async (id: bigint) => (id === LIST.id ? LIST : null),
    count: async () => 0,
    create: async (list: Omit<ListRecord, 'id'>) => ({ id: 6n, ...list }),
    existingAccounts: async (ids: bigint[]) => new Set(ids.filter((id) => id !== 404n)),
    followedBy: async () => new Set([20n, 21n]),
    addMembers: async (_list: bigint, ids: bigint[]) => (added.push([...ids]), true),
    timeline: async () => [],
    ...overrides,
  } as unknown as ListData;
  const ctx = (accountId: bigint) => ({ principal: { kind: 'user', accountId: accountId.toString() } }) as unknown as StatusesContext;
  return { service: new ListService(data, {} as StatusService), ctx, added };
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

describe('ListService.create', () => {
  it('creates a list with the defaults: replies policy list, not exclusive', async () => {
    const { service, ctx } = setup();
    expect(await service.create({ title: '  Tea  ' }, ctx(OWNER))).toEqual({ id: '6', title: 'Tea', repliesPolicy: ListRepliesPolicy.LIST, exclusive: false, accountId: '10' });
  });

  it('refuses a blank title, and a list past the limit', async () => {
    const { service, ctx } = setup({ count: async () => LISTS_PER_ACCOUNT });
    expect(await refusal(service.create({ title: ' ' }, ctx(OWNER)))).toBe("BAD_USER_INPUT Validation failed: Title can't be blank");
    expect(await refusal(service.create({ title: 'One more' }, ctx(OWNER)))).toBe('BAD_USER_INPUT Validation failed: You have reached the maximum number of lists');
  });
});

describe('ListService.addAccounts', () => {
  it('adds followed accounts and the owner, once each', async () => {
    const { service, ctx, added } = setup();
    await service.addAccounts('5', ['20', '21', '20', '10'], ctx(OWNER));
    expect(added).toEqual([[20n, 21n, 10n]]);
  });

  it.each([
    [['404'], 'NOT_FOUND Record not found'],
    [[], 'NOT_FOUND Record not found'],
    [['x'], 'NOT_FOUND Record not found'],
    [['20', '30'], 'BAD_USER_INPUT Validation failed: Account must be a followed account'],
  ])('refuses %o with %s, adding none', async (ids, message) => {
    const { service, ctx, added } = setup();
    expect(await refusal(service.addAccounts('5', ids, ctx(OWNER)))).toBe(message);
    expect(added).toEqual([]);
  });

  it('refuses a member already on the list', async () => {
    const { service, ctx } = setup({ addMembers: async () => false });
    expect(await refusal(service.addAccounts('5', ['20'], ctx(OWNER)))).toBe('BAD_USER_INPUT Validation failed: Account has already been taken');
  });
});

describe("ListService on someone else's list", () => {
  it('answers Record not found, as for a missing list', async () => {
    const { service, ctx } = setup();
    expect(await refusal(service.get('5', ctx(99n)))).toBe('NOT_FOUND Record not found');
    expect(await refusal(service.get('7', ctx(OWNER)))).toBe('NOT_FOUND Record not found');
    expect(await refusal(service.addAccounts('5', ['20'], ctx(99n)))).toBe('NOT_FOUND Record not found');
  });
});

describe('ListService.includes', () => {
  it("asks the list timeline's query for a window holding only that status", async () => {
    const timeline = jest.fn(async () => [41n]);
    const { service, ctx } = setup({ timeline });
    expect(await service.includes('5', 41n, ctx(OWNER))).toBe(true);
    expect(timeline).toHaveBeenCalledWith(LIST, { maxId: 42n, sinceId: 40n, minId: null, limit: 1 });
  });
});
