import { NO_INVALIDATION } from '@social/cache';
import type { StatusesContext } from '../context.js';
import type { SafetyData } from '../block/safety.data.js';
import { refusal } from '../refusal.test-helper.js';
import type { NotificationRecorder } from '../notification/notification.recorder.js';
import type { FollowListRow, FollowRecord, RelationshipData } from './relationship.data.js';
import { RelationshipService } from './relationship.service.js';

const VIEWER = 10n;

/** An in-memory follow graph behind the data interface the service uses. */
function setup(existing: bigint[] = [10n, 20n, 30n, 40n]) {
  const follows = new Map<string, FollowRecord>();
  const notes = new Map<string, string>();
  const listed: Array<{ side: string; page: unknown }> = [];
  const data = {
    existingAccounts: async (ids: readonly bigint[]) => new Set(ids.filter((id) => existing.includes(id))),
    follow: async (accountId: bigint, targetAccountId: bigint, options: { reblogs: boolean | null; notify: boolean | null }) => {
      const key = `${accountId}:${targetAccountId}`;
      const current = follows.get(key);
      follows.set(key, {
        accountId, targetAccountId,
        showReblogs: options.reblogs ?? current?.showReblogs ?? true,
        notify: options.notify ?? current?.notify ?? false,
      });
      return current ? null : accountId * 1000n + targetAccountId;
    },
    unfollow: async (accountId: bigint, targetAccountId: bigint) => follows.delete(`${accountId}:${targetAccountId}`),
    between: async (viewerId: bigint, ids: readonly bigint[]) => ({
      following: ids.map((id) => follows.get(`${viewerId}:${id}`)).filter((f): f is FollowRecord => !!f),
      followedBy: new Set(ids.filter((id) => follows.has(`${id}:${viewerId}`))),
    }),
    notesOn: async (viewerId: bigint, ids: readonly bigint[]) =>
      new Map(ids.flatMap((id) => (notes.has(`${viewerId}:${id}`) ? [[id, notes.get(`${viewerId}:${id}`) as string] as const] : []))),
    setNote: async (accountId: bigint, targetAccountId: bigint, comment: string) => notes.set(`${accountId}:${targetAccountId}`, comment),
    endorsedOf: async () => new Set<bigint>(),
    clearNote: async (accountId: bigint, targetAccountId: bigint) => notes.delete(`${accountId}:${targetAccountId}`),
    list: async (side: string, _accountId: bigint, page: { limit: number }): Promise<FollowListRow[]> => {
      listed.push({ side, page });
      return [30n, 20n, 10n].slice(0, page.limit).map((n) => ({ followId: n * 100n, accountId: n }));
    },
  } as unknown as RelationshipData;
  const ctx = {
    principal: { kind: 'user', tokenId: '1', applicationId: '1', accountId: VIEWER.toString(), scopes: ['follow'] },
    accountStats: { load: async () => ({ statusesCount: 0, followersCount: 0, followingCount: 0, lastStatusAt: null }) },
  } as unknown as StatusesContext;
  const notified: Array<[bigint, bigint, bigint]> = [];
  const recorder = { followed: async (followId: bigint, accountId: bigint, target: bigint) => notified.push([followId, accountId, target]) } as unknown as NotificationRecorder;
  const blocks = new Set<string>();
  const safety = {
    blockedEitherWay: async (a: bigint, b: bigint) => blocks.has(`${a}:${b}`) || blocks.has(`${b}:${a}`),
    flags: async (viewerId: bigint, ids: readonly bigint[]) =>
      new Map(ids.map((id) => [id, { blocking: blocks.has(`${viewerId}:${id}`), blockedBy: blocks.has(`${id}:${viewerId}`), muting: false, mutingNotifications: false, muteExpiresAt: null }])),
  } as unknown as SafetyData;
  return { service: new RelationshipService(data, recorder, NO_INVALIDATION, safety), ctx, follows, notes, listed, notified, blocks };
}


describe('RelationshipService', () => {
  describe('follow', () => {
    it('answers a following relationship that shows boosts and does not notify', async () => {
      const { service, ctx } = setup();

      expect(await service.follow('20', null, ctx)).toMatchObject({ id: '20', following: true, showingReblogs: true, notifying: false, languages: null });
    });

    it('records a follow notification for a new follow only', async () => {
      const { service, ctx, notified } = setup();
      await service.follow('20', null, ctx);
      await service.follow('20', { notify: true }, ctx);

      expect(notified).toEqual([[10020n, 10n, 20n]]);
    });

    it('keeps options left out when following again', async () => {
      const { service, ctx } = setup();
      await service.follow('20', { reblogs: false, notify: true }, ctx);

      expect(await service.follow('20', { notify: null }, ctx)).toMatchObject({ showingReblogs: false, notifying: true });
    });

    it.each(['10', '99', 'abc', '0'])('refuses %s (oneself, unknown, malformed) as Record not found', async (id) => {
      const { service, ctx, follows } = setup();

      expect(await refusal(service.follow(id, null, ctx))).toBe('Record not found');
      expect(follows.size).toBe(0);
    });
  });

  describe('unfollow', () => {
    it('answers the relationship also when there was no follow', async () => {
      const { service, ctx } = setup();

      expect(await service.unfollow('20', ctx)).toMatchObject({ id: '20', following: false, followedBy: false });
    });
  });

  describe('relationships', () => {
    it('answers the ids asked, in order, once each, without unknown or malformed ones', async () => {
      const { service, ctx, follows } = setup();
      follows.set('30:10', { accountId: 30n, targetAccountId: 10n, showReblogs: true, notify: false });

      const relationships = await service.relationships(['40', '99', '30', 'x', '40'], ctx);

      expect(relationships.map((r) => [r.id, r.followedBy])).toEqual([['40', false], ['30', true]]);
    });
  });

  describe('follow lists', () => {
    it('answers the page with the follow ids of its ends as cursors (which links to write is REST\'s business)', async () => {
      const { service, ctx } = setup();

      const full = await service.list('followers', '20', { limit: 2 }, ctx);
      const short = await service.list('followers', '20', { limit: 5 }, ctx);

      expect(full).toMatchObject({ nextMaxId: '2000', prevMinId: '3000', items: [{ id: '30' }, { id: '20' }] });
      expect(short).toMatchObject({ prevMinId: '3000' });
    });

    it('has no cursors for an empty page', async () => {
      const { service, ctx } = setup();

      expect(await service.list('following', '20', { limit: 0 }, ctx)).toEqual({ items: [], nextMaxId: null, prevMinId: null });
    });
  });

  describe('setNote', () => {
    it('writes the note and answers it in the relationship', async () => {
      const { service, ctx, notes } = setup();

      expect(await service.setNote('20', 'met at the meetup', ctx)).toMatchObject({ id: '20', note: 'met at the meetup' });
      expect(notes.get('10:20')).toBe('met at the meetup');
    });

    it('removes the note when the comment is blank or absent', async () => {
      const { service, ctx, notes } = setup();
      await service.setNote('20', 'first', ctx);

      expect(await service.setNote('20', '  \n ', ctx)).toMatchObject({ note: '' });
      await service.setNote('30', 'other', ctx);
      expect(await service.setNote('30', null, ctx)).toMatchObject({ note: '' });
      expect(notes.size).toBe(0);
    });

    it('takes 2000 characters, counting an emoji as one, and refuses 2001', async () => {
      const { service, ctx, notes } = setup();

      expect(await service.setNote('20', '😀'.repeat(2000), ctx)).toMatchObject({ note: '😀'.repeat(2000) });
      expect(await refusal(service.setNote('20', 'x'.repeat(2001), ctx))).toBe('Validation failed: Comment is too long (maximum is 2000 characters)');
      expect(notes.get('10:20')).toBe('😀'.repeat(2000));
    });

    it('refuses an unknown account as Record not found', async () => {
      const { service, ctx } = setup();

      expect(await refusal(service.setNote('99', 'hello', ctx))).toBe('Record not found');
    });
  });
});

describe('relationshipWith', () => {
  it('looks up a page of accounts asked in one tick together, once per request, unknown ones null', async () => {
    const { service, ctx, follows } = setup([10n, 20n, 30n, 40n]);
    await service.follow('20', null, ctx);
    const calls = { between: 0, existing: 0 };
    const data = (service as unknown as { data: Record<string, (...args: never[]) => unknown> }).data;
    for (const [name, key] of [['between', 'between'], ['existingAccounts', 'existing']] as const) {
      const original = data[name].bind(data);
      data[name] = (...args: never[]) => {
        calls[key] += 1;
        return original(...args);
      };
    }
    const ids = ['20', '30', '40', '99'];
    const answers = await Promise.all(ids.map((id) => service.relationshipWith(id, ctx)));
    expect(answers.map((answer) => answer && { id: answer.id, following: answer.following })).toEqual([
      { id: '20', following: true },
      { id: '30', following: false },
      { id: '40', following: false },
      null,
    ]);
    expect(calls).toEqual({ between: 1, existing: 1 });
    expect(follows.size).toBe(1);
    // Another request (another context) asks again; the same one does not.
    await service.relationshipWith('20', ctx);
    await service.relationshipWith('20', { ...ctx });
    expect(calls.between).toBe(2);
  });
});
