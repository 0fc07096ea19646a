import 'reflect-metadata';
import { createStatusesContext, type StatusesData } from '../context.js';
import type { ViewerFlagsData } from '../viewer/viewer-flags.data.js';
import { StatusResolver } from './status.resolver.js';
import type { StatusService } from './status.service.js';
import { StatusVisibility, type Status } from './status.type.js';

const VIEWER = '10';

function status(id: string, extra: Partial<Status> = {}): Status {
  return { id, accountId: '20', reblogOfId: null, conversationId: `c${id}`, visibility: StatusVisibility.PUBLIC, ...extra } as Status;
}

/** Flag queries recorded: each call is one statement for the ids it got (all five flags, mutes too). */
function setup(kind: 'user' | 'anonymous' = 'user') {
  const calls: Record<string, string[][]> = {};
  const on = { favourited: new Set(['1', '9']), reblogged: new Set(['9']), bookmarked: new Set<string>(), pinned: new Set(['3']), muted: new Set(['2']) };
  const viewerFlags = {
    statusFlags: async (_viewer: bigint, ids: readonly string[]) => {
      (calls.flags ??= []).push([...ids]);
      return ids.map((id) => ({
        favourited: on.favourited.has(id),
        reblogged: on.reblogged.has(id),
        bookmarked: on.bookmarked.has(id),
        pinned: on.pinned.has(id),
        muted: on.muted.has(id),
      }));
    },
  } as unknown as ViewerFlagsData;
  const principal =
    kind === 'user'
      ? { kind, tokenId: '1', applicationId: '1', accountId: VIEWER, scopes: ['read'] }
      : { kind, tokenId: null, applicationId: null, accountId: null, scopes: [] };
  const ctx = createStatusesContext({ viewerFlags } as unknown as StatusesData, principal, 'request');
  return { resolver: new StatusResolver({} as StatusService), ctx, calls };
}

describe('StatusResolver viewer flags', () => {
  it('answers a whole page of statuses, mutes included, with one query', async () => {
    const { resolver, ctx, calls } = setup();
    const page = [status('1'), status('2'), status('3', { accountId: VIEWER })];

    const flags = await Promise.all(
      page.map(async (s) => [await resolver.favourited(s, ctx), await resolver.muted(s, ctx), await resolver.pinned(s, ctx)]),
    );

    expect(flags).toEqual([
      [true, false, null],
      [false, true, null],
      [false, false, true],
    ]);
    expect(calls).toEqual({ flags: [['1', '2', '3']] });
  });

  it("answers a boost's flags with its original's, which the nested reblog then needs no query for", async () => {
    const { resolver, ctx, calls } = setup();
    const boost = status('5', { reblogOfId: '9', conversationId: null });

    expect(await Promise.all([resolver.favourited(boost, ctx), resolver.reblogged(boost, ctx), resolver.bookmarked(boost, ctx)])).toEqual([true, true, false]);
    expect(await Promise.all([resolver.favourited(status('9'), ctx), resolver.reblogged(status('9'), ctx)])).toEqual([true, true]);
    expect(calls).toEqual({ flags: [['9']] });
  });

  it('answers null without a signed-in user, and asks nothing', async () => {
    const { resolver, ctx, calls } = setup('anonymous');
    const s = status('1');

    expect(await Promise.all([resolver.favourited(s, ctx), resolver.bookmarked(s, ctx), resolver.muted(s, ctx), resolver.pinned(s, ctx)])).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(calls).toEqual({});
  });

  it('answers pinned null on boosts and direct statuses, even the viewer\'s own', async () => {
    const { resolver, ctx } = setup();
    expect(await resolver.pinned(status('6', { accountId: VIEWER, reblogOfId: '9' }), ctx)).toBeNull();
    expect(await resolver.pinned(status('7', { accountId: VIEWER, visibility: StatusVisibility.DIRECT }), ctx)).toBeNull();
  });
});
