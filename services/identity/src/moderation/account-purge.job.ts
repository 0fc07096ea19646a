import { ACCOUNT_PURGE_QUEUE, UnrecoverableJobError, type AccountPurgePayload, type QueueDefinition } from '@social/jobs';
import type { AccountModeration } from './moderation.service.js';

/**
 * Identity's step of deleting a suspended account (ACCOUNT_PURGE_QUEUE), enqueued with the suspension for
 * 30 days later, or for now by DELETE /api/v1/admin/accounts/:id. A suspension lifted or renewed since
 * makes it do nothing; it enqueues the statuses subgraph's step in its own transaction.
 */
export function accountPurgeQueue(moderation: AccountModeration): Record<string, QueueDefinition<AccountPurgePayload>> {
  return {
    [ACCOUNT_PURGE_QUEUE]: {
      async handle(job) {
        const { accountId, suspendedAt } = job.payload;
        const at = typeof suspendedAt === 'string' ? new Date(suspendedAt) : null;
        if (typeof accountId !== 'string' || !/^\d{1,19}$/.test(accountId) || !at || Number.isNaN(at.getTime())) {
          throw new UnrecoverableJobError(`no account id and suspension time in ${JSON.stringify(job.payload)}`);
        }
        await moderation.purge(BigInt(accountId), at);
      },
    },
  };
}
