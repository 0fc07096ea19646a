import { PUSH_DELIVERY_QUEUE, type JobQueue } from '@social/jobs';
import { PushDispatch, type RecordedNotification } from './push-dispatch';
import type { PushTarget, PushTargetsData } from './push-targets.data';

const ALICE = 1n;
const BOB = 2n;

function dispatchOver(targets: PushTarget[], follows: string[] = []) {
  const enqueued: unknown[] = [];
  const jobs = { enqueue: jest.fn(async (queue: string, payload: unknown) => void enqueued.push({ queue, payload })) } as unknown as JobQueue;
  const subscriptionsOf = jest.fn(async (ids: readonly bigint[]) => targets.filter((target) => ids.includes(target.accountId)));
  const data = { subscriptionsOf } as unknown as PushTargetsData;
  const followLookups: string[][] = [];
  const dispatch = new PushDispatch(data, async (pairs) => {
    followLookups.push([...pairs]);
    return pairs.map((pair) => follows.includes(pair));
  }, jobs);
  return { dispatch, enqueued, followLookups, subscriptionsOf };
}

const favourite = (id: bigint): RecordedNotification => ({ id, accountId: ALICE, fromAccountId: BOB, type: 'favourite' });
const target = (id: bigint, policy: PushTarget['policy'], alerts = ['favourite']): PushTarget => ({ id, accountId: ALICE, alerts, policy });

describe('PushDispatch', () => {
  it('enqueues one delivery per subscription whose alert is on, with the policy all', async () => {
    const { dispatch, enqueued, followLookups } = dispatchOver([target(10n, 'all'), target(11n, 'all', ['mention']), target(12n, 'all', ['mention', 'favourite'])]);
    await dispatch.notified([favourite(5n)]);
    expect(enqueued).toEqual([
      { queue: PUSH_DELIVERY_QUEUE, payload: { subscriptionId: '10', notificationId: '5' } },
      { queue: PUSH_DELIVERY_QUEUE, payload: { subscriptionId: '12', notificationId: '5' } },
    ]);
    expect(followLookups).toEqual([]);
  });

  it('asks nothing more when the recipient has no subscription', async () => {
    const { dispatch, enqueued, subscriptionsOf } = dispatchOver([]);
    await dispatch.notified([favourite(5n)]);
    expect(enqueued).toEqual([]);
    expect(subscriptionsOf).toHaveBeenCalledWith([ALICE]);
  });

  it('sends nothing with the policy none', async () => {
    const { dispatch, enqueued } = dispatchOver([target(10n, 'none')]);
    await dispatch.notified([favourite(5n)]);
    expect(enqueued).toEqual([]);
  });

  it('with followed, pushes only when the recipient follows the sender; with follower, when the sender follows the recipient', async () => {
    const followsBob = dispatchOver([target(10n, 'followed'), target(11n, 'follower')], [`${ALICE}:${BOB}`]);
    await followsBob.dispatch.notified([favourite(5n)]);
    expect(followsBob.enqueued).toEqual([{ queue: PUSH_DELIVERY_QUEUE, payload: { subscriptionId: '10', notificationId: '5' } }]);
    // Both pairs in one lookup.
    expect(followsBob.followLookups).toEqual([[`${ALICE}:${BOB}`, `${BOB}:${ALICE}`]]);

    const followedByBob = dispatchOver([target(10n, 'followed'), target(11n, 'follower')], [`${BOB}:${ALICE}`]);
    await followedByBob.dispatch.notified([favourite(5n)]);
    expect(followedByBob.enqueued).toEqual([{ queue: PUSH_DELIVERY_QUEUE, payload: { subscriptionId: '11', notificationId: '5' } }]);
  });
});
