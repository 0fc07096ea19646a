import { ACCEPT_FOLLOW_REQUESTS_QUEUE, UnrecoverableJobError, type AcceptFollowRequestsPayload, type QueueDefinition } from '@social/jobs';
import type { RelationshipService } from './relationship.service.js';

/**
 * Accepts the pending follow requests of an account just unlocked (the
 * identity service enqueues it; Mastodon's AuthorizeFollowWorker after
 * UpdateAccountService). Accepting twice is harmless: a request accepted is gone.
 */
export function acceptRequestsQueue(relationships: RelationshipService): Record<string, QueueDefinition<AcceptFollowRequestsPayload>> {
  return {
    [ACCEPT_FOLLOW_REQUESTS_QUEUE]: {
      async handle(job) {
        const id = job.payload.accountId;
        if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) throw new UnrecoverableJobError(`no account id in ${JSON.stringify(job.payload)}`);
        await relationships.acceptAllRequests(BigInt(id));
      },
    },
  };
}
