import { NO_INVALIDATION } from '@social/cache';
import 'reflect-metadata';
import { AppError } from '@social/errors';
import type { StatusesContext } from '../context.js';
import type { StatusEvents } from '../events.js';
import type { NotificationRecorder } from '../notification/notification.recorder.js';
import type { StatusRecord } from '../status/status.data.js';
import type { StatusService } from '../status/status.service.js';
import { StatusVisibility } from '../status/status.type.js';
import type { NewReblog, ReblogData } from './reblog.data.js';
import { ReblogService } from './reblog.service.js';

const VIEWER = '10';

function setup(original: Partial<StatusRecord>, existing = false) {
  const reblogs: NewReblog[] = [];
  const emitted: unknown[] = [];
  const full = { id: 1n, accountId: 20n, reblogOfId: null, visibility: 'public', mentions: [], tags: [], ...original } as unknown as StatusRecord;
  const data = {
    reblog: async (input: NewReblog) => {
      reblogs.push(input);
      return { found: true, boostId: 5n, created: !existing };
    },
  } as unknown as ReblogData;
  const statuses = {
    view: async () => full,
    original: async (record: StatusRecord) => record,
    reload: async (id: bigint) => ({ ...full, id, accountId: BigInt(VIEWER), reblogOfId: id === 5n ? 1n : null }),
  } as unknown as StatusService;
  const events = { emit: (event: unknown) => emitted.push(event) } as unknown as StatusEvents;
  const ctx = { principal: { kind: 'user', accountId: VIEWER } } as unknown as StatusesContext;
  const notified: Array<[bigint, bigint]> = [];
  const recorder = { reblogged: async (boost: StatusRecord, target: StatusRecord) => notified.push([boost.id, target.id]) } as unknown as NotificationRecorder;
  return { service: new ReblogService(data, statuses, events, recorder, NO_INVALIDATION), ctx, reblogs, emitted, notified };
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

describe('ReblogService.reblog', () => {
  it('boosts a public status publicly by default and announces the new boost', async () => {
    const { service, ctx, reblogs, emitted, notified } = setup({});
    const boost = await service.reblog('1', null, ctx);
    expect(boost.id).toBe(5n);
    expect(reblogs).toEqual([{ accountId: 10n, originalId: 1n, visibility: 'public' }]);
    expect(emitted).toEqual([expect.objectContaining({ type: 'status.created', statusId: '5', reblogOfId: '1' })]);
    expect(notified).toEqual([[5n, 1n]]);
  });

  it('announces nothing and notifies nobody when the boost already existed', async () => {
    const { service, ctx, emitted, notified } = setup({}, true);
    await service.reblog('1', null, ctx);
    expect(emitted).toEqual([]);
    expect(notified).toEqual([]);
  });

  it('takes the visibility asked for', async () => {
    const { service, ctx, reblogs } = setup({});
    await service.reblog('1', StatusVisibility.UNLISTED, ctx);
    expect(reblogs[0]?.visibility).toBe('unlisted');
  });

  it("keeps a private original's visibility for its author", async () => {
    const { service, ctx, reblogs } = setup({ accountId: 10n, visibility: 'private' });
    await service.reblog('1', StatusVisibility.PUBLIC, ctx);
    expect(reblogs[0]?.visibility).toBe('private');
  });

  it.each([
    [{ visibility: 'private' }, null, 'FORBIDDEN This action is not allowed'],
    [{ visibility: 'direct', accountId: 10n }, null, 'FORBIDDEN This action is not allowed'],
    [{}, StatusVisibility.DIRECT, 'BAD_USER_INPUT Validation failed: Visibility is reserved'],
  ] as Array<[Partial<StatusRecord>, StatusVisibility | null, string]>)('refuses %o with visibility %s: %s', async (original, visibility, message) => {
    const { service, ctx, reblogs } = setup(original);
    expect(await refusal(service.reblog('1', visibility, ctx))).toBe(message);
    expect(reblogs).toEqual([]);
  });
});
