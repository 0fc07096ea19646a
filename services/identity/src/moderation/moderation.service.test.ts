import { AppError } from '@social/errors';
import { PERMISSIONS } from '@social/federation';
import type { IdentityEvents } from '../oauth/token.events.js';
import type { ModerationData, ModerationTarget, ModerationWrite } from './moderation.data.js';
import { AccountModeration, OPERATOR, type Moderator } from './moderation.service.js';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const MODERATOR: Moderator = { accountId: 1n, permissions: 1308 };
const ADMIN: Moderator = { accountId: 2n, permissions: 2097148 };

function target(fields: Partial<ModerationTarget> = {}, user: Partial<NonNullable<ModerationTarget['user']>> | null = {}): ModerationTarget {
  return {
    id: 10n, username: 'alice', suspendedAt: null, silencedAt: null, sensitizedAt: null,
    user: user === null ? null : { id: 100n, approved: true, disabled: false, rolePosition: null, ...user },
    ...fields,
  };
}

/** The service over a fake data layer: one account, the moderators' role positions, what each commit wrote. */
function setup(account: ModerationTarget, positions: Record<string, number | null> = { 1: 10, 2: 100 }) {
  const writes: ModerationWrite[] = [];
  const emitted: string[] = [];
  const data = {
    findTarget: async (id: bigint) => (id === account.id ? account : null),
    rolePosition: async (id: bigint) => positions[id.toString()] ?? null,
    findReport: async (id: bigint) => (id === 7n ? { id, targetAccountId: account.id, statusIds: [70n] } : null),
    liveTokenIds: async () => [5n, 6n],
    commit: async (write: ModerationWrite) => {
      writes.push(write);
      return [];
    },
  } as unknown as ModerationData;
  const events = { emit: (event: { type: string; tokenId?: string }) => emitted.push(`${event.type} ${event.tokenId}`) } as unknown as IdentityEvents;
  return { service: new AccountModeration(data, events, undefined, () => NOW), writes, emitted };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => (error instanceof AppError ? `${error.code} ${error.message}` : error));

describe('AccountModeration.act', () => {
  it('suspends: the time, a deletion 30 days later, an audit row, every open report resolved; the tokens\' streams close', async () => {
    const { service, writes, emitted } = setup(target());
    await service.act('10', { type: 'suspend', text: 'spam' }, MODERATOR);

    expect(writes).toEqual([expect.objectContaining({
      actorId: 1n,
      account: { suspendedAt: NOW },
      purge: { suspendedAt: NOW, runAt: new Date('2026-05-31T12:00:00.000Z') },
      log: [{ action: 'suspend', targetType: 'Account', targetId: 10n, details: 'alice' }],
      warning: { action: 'suspend', text: 'spam', reportId: null, statusIds: [], logWarning: false },
      resolve: { reportId: null, allOpen: true, at: NOW },
    })]);
    expect(emitted).toEqual(['token.revoked 5', 'token.revoked 6']);
  });

  it('keeps the first suspension (and its deletion date) when suspended again', async () => {
    const { service, writes } = setup(target({ suspendedAt: new Date('2026-04-01T00:00:00Z') }));
    await service.act('10', { type: 'suspend' }, MODERATOR);
    expect(writes[0]).not.toHaveProperty('account');
    expect(writes[0]).not.toHaveProperty('purge');
  });

  it('resolves only the report named with a warning, logs the warning with a text, and keeps the report\'s statuses', async () => {
    const { service, writes, emitted } = setup(target());
    await service.act('10', { type: 'none', reportId: '7', text: 'Be nice' }, MODERATOR);
    expect(writes[0]).toMatchObject({
      log: [],
      warning: { action: 'none', text: 'Be nice', reportId: 7n, statusIds: [70n], logWarning: true },
      resolve: { reportId: 7n, allOpen: false },
    });
    expect(emitted).toEqual([]);
  });

  it('refuses a missing type (422), an unknown account or report (404), and a text past 5,000 characters, writing nothing', async () => {
    const { service, writes } = setup(target());
    expect(await refusal(service.act('10', { type: null }, MODERATOR))).toBe("BAD_USER_INPUT Validation failed: Type can't be blank, Type is not included in the list");
    expect(await refusal(service.act('11', { type: 'silence' }, MODERATOR))).toBe('NOT_FOUND Record not found');
    expect(await refusal(service.act('10', { type: 'silence', reportId: '8' }, MODERATOR))).toBe('NOT_FOUND Record not found');
    expect(await refusal(service.act('10', { type: 'none', text: 'x'.repeat(5001) }, MODERATOR))).toBe('BAD_USER_INPUT Validation failed: Text is too long (maximum is 5000 characters)');
    expect(writes).toEqual([]);
  });

  it('needs a role above the user\'s (none acts on itself or a peer); the operator acts on anyone', async () => {
    const peer = setup(target({}, { rolePosition: 10 }));
    expect(await refusal(peer.service.act('10', { type: 'silence' }, MODERATOR))).toBe('FORBIDDEN This action is not allowed');
    await peer.service.act('10', { type: 'silence' }, ADMIN);
    await peer.service.act('10', { type: 'silence' }, OPERATOR);
    expect(peer.writes).toHaveLength(2);
    const self = setup(target({ id: 1n }, { rolePosition: 10 }));
    expect(await refusal(self.service.act('1', { type: 'none' }, MODERATOR))).toBe('FORBIDDEN This action is not allowed');
  });

  it('cannot disable a deleted account (no login left)', async () => {
    const { service } = setup(target({ suspendedAt: NOW }, null));
    expect(await refusal(service.act('10', { type: 'disable' }, MODERATOR))).toBe('FORBIDDEN This action is not allowed');
  });
});

describe('AccountModeration undos and sign-ups', () => {
  it('undo only what is there, logging each', async () => {
    const { service, writes } = setup(target({ silencedAt: NOW }, { disabled: true }));
    await service.unsilence('10', MODERATOR);
    await service.unsensitive('10', MODERATOR);
    await service.enable('10', MODERATOR);
    await service.unsuspend('10', MODERATOR);
    expect(writes.map((write) => write.log.map((row) => row.action))).toEqual([['unsilence'], ['enable']]);
  });

  it('refuse to unsuspend a deleted account, and to approve or reject a user who is not pending', async () => {
    expect(await refusal(setup(target({ suspendedAt: NOW }, null)).service.unsuspend('10', MODERATOR))).toBe('FORBIDDEN This action is not allowed');
    expect(await refusal(setup(target()).service.approve('10', MODERATOR))).toBe('FORBIDDEN This action is not allowed');
    expect(await refusal(setup(target()).service.reject('10', MODERATOR))).toBe('FORBIDDEN This action is not allowed');
    const pending = setup(target({}, { approved: false }));
    await pending.service.approve('10', MODERATOR);
    expect(pending.writes[0]).toMatchObject({ user: { approved: true }, log: [{ action: 'approve', targetType: 'User', targetId: 100n }] });
  });

  it('delete a suspended account\'s data now only with delete_user_data, and only while it is suspended and not deleted', async () => {
    const suspendedAt = new Date('2026-04-01T00:00:00Z');
    expect(await refusal(setup(target({ suspendedAt })).service.requestDeletion('10', MODERATOR))).toBe('FORBIDDEN This action is not allowed');
    expect(await refusal(setup(target()).service.requestDeletion('10', ADMIN))).toBe('FORBIDDEN This action is not allowed');
    expect(await refusal(setup(target({ suspendedAt }, null)).service.requestDeletion('10', ADMIN))).toBe('FORBIDDEN This action is not allowed');
    const { service, writes } = setup(target({ suspendedAt }));
    await service.requestDeletion('10', { accountId: 3n, permissions: PERMISSIONS.delete_user_data });
    expect(writes[0]).toMatchObject({ purge: { suspendedAt, runAt: NOW }, log: [{ action: 'destroy', targetType: 'Account' }] });
  });
});
