import type { StatusEvents } from '../events.js';
import type { StatusRecord } from '../status/status.data.js';
import type { NewNotification, NotificationData } from './notification.data.js';
import { NotificationRecorder } from './notification.recorder.js';
import type { RecordedNotification } from '../push/push-dispatch.js';
import { DEFAULT_POLICY, type NotificationPolicyData } from './notification-policy.data.js';

/** An in-memory table behind the data interface the recorder uses; `gone` plays a foreign key refusing the row. */
function setup(options: { muted?: bigint[]; silencing?: bigint[]; gone?: boolean; filteredFor?: bigint[]; pushFails?: boolean } = {}) {
  const rows: NewNotification[] = [];
  const announced: Array<[string, string]> = [];
  const errors: unknown[] = [];
  const data = {
    silenced: async (conversationId: bigint | null, _fromAccountId: bigint, ids: readonly bigint[]) =>
      new Set(ids.filter((id) => (conversationId !== null && options.muted?.includes(id)) || options.silencing?.includes(id))),
    create: async (notification: NewNotification) => {
      if (options.gone) return null;
      rows.push(notification);
      return { id: BigInt(rows.length), ...notification, statusId: notification.statusId ?? null, type: notification.type, createdAt: new Date() };
    },
  } as unknown as NotificationData;
  // Every sender accepted: the policy's own rules are notification-policy.test.ts's and the e2e tests'.
  const policy = {
    facts: async (_from: bigint, ids: readonly bigint[]) => ({
      sender: { createdAt: new Date(0), staff: false, limited: false },
      recipients: new Map(
        ids.map((id) => [
          id,
          options.filteredFor?.includes(id)
            ? { policy: { ...DEFAULT_POLICY, forNotFollowing: 'filter' }, permitted: false, following: false, followedBy: true }
            : { policy: DEFAULT_POLICY, permitted: true, following: true, followedBy: true },
        ]),
      ),
    }),
    privateThreads: async () => new Set<bigint>(),
    upsertRequest: async () => undefined,
  } as unknown as NotificationPolicyData;
  const pushed: RecordedNotification[][] = [];
  const push = async (notifications: readonly RecordedNotification[]) => {
    if (options.pushFails) throw new Error('no queue');
    pushed.push([...notifications]);
  };
  const events = { notificationCreated: (id: bigint, accountId: bigint) => announced.push([id.toString(), accountId.toString()]) } as unknown as StatusEvents;
  return { recorder: new NotificationRecorder(data, policy, events, (error) => errors.push(error), push), rows, announced, errors, pushed };
}

const status = (fields: Partial<StatusRecord>) =>
  ({ id: 100n, accountId: 1n, conversationId: 7n, mentions: [], tags: [], reblogOfId: null, ...fields }) as unknown as StatusRecord;

describe('NotificationRecorder', () => {
  it('notifies each mentioned account but the author, and announces each row', async () => {
    const { recorder, rows, announced } = setup();
    await recorder.mentioned(status({ mentions: [{ accountId: 2n }, { accountId: 1n }, { accountId: 3n }] }));

    expect(rows.map((row) => [row.type, row.accountId, row.fromAccountId, row.statusId])).toEqual([
      ['mention', 2n, 1n, 100n],
      ['mention', 3n, 1n, 100n],
    ]);
    expect(announced).toEqual([['1', '2'], ['2', '3']]);
  });

  it('hands what it announced to Web Push at once, leaving out what the policy filtered (docs/api/push.md#delivery)', async () => {
    const { recorder, announced, pushed } = setup({ filteredFor: [3n] });
    await recorder.mentioned(status({ mentions: [{ accountId: 2n }, { accountId: 3n }, { accountId: 4n }] }));

    expect(announced).toEqual([['1', '2'], ['3', '4']]);
    expect(pushed).toEqual([[
      expect.objectContaining({ id: 1n, accountId: 2n, fromAccountId: 1n, type: 'mention' }),
      expect.objectContaining({ id: 3n, accountId: 4n, fromAccountId: 1n, type: 'mention' }),
    ]]);
  });

  it('logs a failure to enqueue pushes; the notifications stand', async () => {
    const { recorder, rows, announced, errors } = setup({ pushFails: true });
    await recorder.followed(6n, 2n, 1n);

    expect(rows).toHaveLength(1);
    expect(announced).toEqual([['1', '1']]);
    expect(errors).toEqual([new Error('no queue')]);
  });

  it('skips recipients that block the sender or mute it with notifications', async () => {
    const { recorder, rows, announced } = setup({ silencing: [2n] });
    await recorder.mentioned(status({ mentions: [{ accountId: 2n }, { accountId: 3n }] }));

    expect(rows.map((row) => row.accountId)).toEqual([3n]);
    expect(announced).toEqual([['1', '3']]);
  });

  it('skips accounts that muted the conversation', async () => {
    const { recorder, rows } = setup({ muted: [2n] });
    await recorder.mentioned(status({ mentions: [{ accountId: 2n }, { accountId: 3n }] }));
    await recorder.favourited(5n, status({ accountId: 2n }), 9n);

    expect(rows.map((row) => row.accountId)).toEqual([3n]);
  });

  it('points a reblog at the boost and a favourite at its favourite row', async () => {
    const { recorder, rows } = setup();
    await recorder.reblogged(status({ id: 200n, accountId: 9n, reblogOfId: 100n }), status({}));
    await recorder.favourited(5n, status({}), 9n);

    expect(rows).toEqual([
      { accountId: 1n, fromAccountId: 9n, type: 'reblog', statusId: 200n },
      { accountId: 1n, fromAccountId: 9n, type: 'favourite', favouriteId: 5n },
    ]);
  });

  it('never notifies the actor itself', async () => {
    const { recorder, rows } = setup();
    await recorder.favourited(5n, status({}), 1n);
    await recorder.followed(6n, 1n, 1n);

    expect(rows).toEqual([]);
  });

  it('announces nothing when the action was undone before the row was written', async () => {
    const { recorder, announced, errors } = setup({ gone: true });
    await recorder.followed(6n, 1n, 2n);

    expect(announced).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('tells every moderator of a new report, pointing at it, but never the reporter', async () => {
    const { recorder, rows, announced } = setup({ silencing: [4n] });
    await recorder.reported(12n, 2n, [3n, 2n, 4n, 5n]);

    expect(rows).toEqual([
      { accountId: 3n, fromAccountId: 2n, type: 'admin_report', reportId: 12n },
      { accountId: 5n, fromAccountId: 2n, type: 'admin_report', reportId: 12n },
    ]);
    expect(announced.map(([, accountId]) => accountId)).toEqual(['3', '5']);
  });
});
