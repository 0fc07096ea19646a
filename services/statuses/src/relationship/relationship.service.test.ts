import { NO_INVALIDATION } from '@social/cache';
import type { StatusesContext } from '../context.js';
import type { SafetyData } from '../block/safety.data.js';
import { refusal } from '../refusal.test-helper.js';
import type { NotificationRecorder } from '../notification/notification.recorder.js';
import type { FollowListRow, FollowOptions, FollowOutcome, RelationshipData, RelationshipRow } from './relationship.data.js';
import { RelationshipService } from './relationship.service.js';

const VIEWER = 10n;

interface FakeFollow {
  showReblogs: boolean;
  notify: boolean;
  languages: string[] | null;
}

/** An in-memory follow graph behind the data interface the service uses. */
function setup(existing: bigint[] = [10n, 20n, 30n, 40n]) {
  const follows = new Map<string, FakeFollow>();
  const requests = new Map<string, FakeFollow>();
  const locked = new Set<bigint>();
  const notes = new Map<string, string>();
  const listed: Array<{ side: string; page: unknown }> = [];
  const merged = (current: FakeFollow | undefined, options: FollowOptions): FakeFollow => ({
    showReblogs: options.reblogs ?? current?.showReblogs ?? true,
    notify: options.notify ?? current?.notify ?? false,
    languages: options.languages === null ? (current?.languages ?? null) : options.languages.length > 0 ? options.languages : null,
  });
  const data = {
    existingAccounts: async (ids: readonly bigint[]) => new Set(ids.filter((id) => existing.includes(id))),
    follow: async (accountId: bigint, targetAccountId: bigint, options: FollowOptions): Promise<FollowOutcome> => {
      const key = `${accountId}:${targetAccountId}`;
      if (follows.has(key)) {
        follows.set(key, merged(follows.get(key), options));
        return { kind: 'unchanged' };
      }
      if (locked.has(targetAccountId)) {
        const current = requests.get(key);
        requests.set(key, merged(current, options));
        return current ? { kind: 'unchanged' } : { kind: 'requested', requestId: accountId * 1000n + targetAccountId };
      }
      follows.set(key, merged(undefined, options));
      return { kind: 'followed', followId: accountId * 1000n + targetAccountId };
    },
    unfollow: async (accountId: bigint, targetAccountId: bigint) => {
      const withdrawn = requests.delete(`${accountId}:${targetAccountId}`);
      return follows.delete(`${accountId}:${targetAccountId}`) || withdrawn;
    },
    authorize: async (accountId: bigint, targetAccountId: bigint) => {
      const key = `${accountId}:${targetAccountId}`;
      const request = requests.get(key);
      if (!request) return { found: false, followId: null };
      requests.delete(key);
      follows.set(key, request);
      return { found: true, followId: accountId * 1000n + targetAccountId };
    },
    reject: async (accountId: bigint, targetAccountId: bigint) => requests.delete(`${accountId}:${targetAccountId}`),
    isLocked: async (id: bigint) => locked.has(id),
    requesters: async (target: bigint) => [...requests.keys()].filter((key) => key.endsWith(`:${target}`)).map((key) => BigInt(key.split(':')[0])),
    relationships: async (viewerId: bigint, ids: readonly bigint[]): Promise<RelationshipRow[]> =>
      ids.filter((id) => existing.includes(id)).map((id) => {
        const follow = follows.get(`${viewerId}:${id}`);
        const request = requests.get(`${viewerId}:${id}`);
        const options = follow ?? request;
        return {
          id: id.toString(), following: !!follow, requested: !!request, showingReblogs: options?.showReblogs ?? false, notifying: options?.notify ?? false,
          languages: options?.languages ?? null, followedBy: follows.has(`${id}:${viewerId}`), requestedBy: requests.has(`${id}:${viewerId}`),
          blocking: false, blockedBy: false, muting: false, mutingNotifications: false, mutingExpiresAt: null, endorsed: false, note: notes.get(`${viewerId}:${id}`) ?? '',
        };
      }),
    setNote: async (accountId: bigint, targetAccountId: bigint, comment: string) => notes.set(`${accountId}:${targetAccountId}`, comment),
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
  const notified: Array<[string, bigint, bigint, bigint]> = [];
  const recorder = {
    followed: async (followId: bigint, accountId: bigint, target: bigint) => notified.push(['follow', followId, accountId, target]),
    followRequested: async (requestId: bigint, accountId: bigint, target: bigint) => notified.push(['follow_request', requestId, accountId, target]),
  } as unknown as NotificationRecorder;
  const blocks = new Set<string>();
  const safety = {
    blockedEitherWay: async (a: bigint, b: bigint) => blocks.has(`${a}:${b}`) || blocks.has(`${b}:${a}`),
  } as unknown as SafetyData;
  return { service: new RelationshipService(data, recorder, NO_INVALIDATION, safety), ctx, follows, requests, locked, notes, listed, notified, blocks };
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

      expect(notified).toEqual([['follow', 10020n, 10n, 20n]]);
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
      follows.set('30:10', { showReblogs: true, notify: false, languages: null });

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

describe('follow requests', () => {
  it('asks a locked account, notifying it of the request, and follows only once authorized', async () => {
    const { service, ctx, follows, locked, notified } = setup();
    locked.add(20n);

    expect(await service.follow('20', { reblogs: false, languages: ['en'] }, ctx)).toMatchObject({ following: false, requested: true, showingReblogs: false, languages: ['en'] });
    expect(follows.size).toBe(0);
    const owner = { ...ctx, principal: { ...ctx.principal, accountId: '20' } } as StatusesContext;
    expect(await service.relationships(['10'], owner)).toMatchObject([{ requestedBy: true, followedBy: false }]);
    expect(await service.authorizeRequest('10', owner)).toMatchObject({ followedBy: true, requestedBy: false });
    expect(await service.relationships(['20'], ctx)).toMatchObject([{ following: true, requested: false, showingReblogs: false, languages: ['en'] }]);
    expect(notified).toEqual([['follow_request', 10020n, 10n, 20n], ['follow', 10020n, 10n, 20n]]);
  });

  it('answers Record not found to authorizing or rejecting without a request', async () => {
    const { service, ctx } = setup();

    expect(await refusal(service.authorizeRequest('20', ctx))).toBe('Record not found');
    expect(await refusal(service.rejectRequest('20', ctx))).toBe('Record not found');
  });

  it('withdraws the request on unfollow', async () => {
    const { service, ctx, locked, requests } = setup();
    locked.add(20n);
    await service.follow('20', null, ctx);

    expect(await service.unfollow('20', ctx)).toMatchObject({ requested: false, following: false });
    expect(requests.size).toBe(0);
  });

  it('accepts every pending request once the account is unlocked, not while it is locked', async () => {
    const { service, ctx, follows, locked } = setup();
    locked.add(10n);
    for (const id of ['20', '30']) await service.follow('10', null, { ...ctx, principal: { ...ctx.principal, accountId: id } });

    await service.acceptAllRequests(10n);
    expect(follows.size).toBe(0);
    locked.delete(10n);
    await service.acceptAllRequests(10n);
    expect([...follows.keys()].sort()).toEqual(['20:10', '30:10']);
  });
});

describe('relationshipWith', () => {
  it('looks up a page of accounts asked in one tick together, in one statement, once per request, unknown ones null', async () => {
    const { service, ctx, follows } = setup([10n, 20n, 30n, 40n]);
    await service.follow('20', null, ctx);
    const calls = { relationships: 0 };
    const data = (service as unknown as { data: Record<string, (...args: never[]) => unknown> }).data;
    const original = data.relationships.bind(data);
    data.relationships = (...args: never[]) => {
      calls.relationships += 1;
      return original(...args);
    };
    const ids = ['20', '30', '40', '99'];
    const answers = await Promise.all(ids.map((id) => service.relationshipWith(id, ctx)));
    expect(answers.map((answer) => answer && { id: answer.id, following: answer.following })).toEqual([
      { id: '20', following: true },
      { id: '30', following: false },
      { id: '40', following: false },
      null,
    ]);
    expect(calls).toEqual({ relationships: 1 });
    expect(follows.size).toBe(1);
    // Another request (another context) asks again; the same one does not.
    await service.relationshipWith('20', ctx);
    await service.relationshipWith('20', { ...ctx });
    expect(calls.relationships).toBe(2);
  });
});
