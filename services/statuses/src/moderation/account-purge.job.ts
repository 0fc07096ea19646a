import type { Logger } from '@social/config';
import { ACCOUNT_PURGE_MEDIA_QUEUE, ACCOUNT_PURGE_STATUSES_QUEUE, UnrecoverableJobError, type AccountPurgeStepPayload, type JobQueue, type QueueDefinition } from '@social/jobs';
import type { AccountPurge } from './account-purge.js';

/**
 * The statuses subgraph's step of deleting an account (ACCOUNT_PURGE_STATUSES_QUEUE, enqueued by identity's
 * step once the login is gone), then media's (ACCOUNT_PURGE_MEDIA_QUEUE): its attachments, held by no
 * status any more. A retry after a crash picks up what is left.
 */
export function accountPurgeQueue(purge: AccountPurge, jobs: JobQueue, logger: Logger): Record<string, QueueDefinition<AccountPurgeStepPayload>> {
  return {
    [ACCOUNT_PURGE_STATUSES_QUEUE]: {
      async handle(job) {
        const id = job.payload.accountId;
        if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) throw new UnrecoverableJobError(`no account id in ${JSON.stringify(job.payload)}`);
        const removed = await purge.run(BigInt(id));
        logger.info({ accountId: id, ...removed }, "a deleted account's statuses and activity removed");
        await jobs.enqueue<AccountPurgeStepPayload>(ACCOUNT_PURGE_MEDIA_QUEUE, { accountId: id });
      },
    },
  };
}
