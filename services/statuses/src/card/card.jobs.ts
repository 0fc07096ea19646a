import { parseId } from '@social/db';
import { UnrecoverableJobError, type JobQueue, type QueueDefinition } from '@social/jobs';
import type { PublishWrite } from '../status/status.data.js';
import type { CardService } from './card.service.js';
import { RefusedUrlError } from '@social/outbound';

/** The queue of the job that fetches a new status's preview card. */
const FETCH_CARD_QUEUE = 'statuses.fetch-card';

/** The publish write that enqueues the card job with the status (same transaction). */
export function enqueueCardFetch(jobs: JobQueue): PublishWrite {
  return async (tx, status) => {
    await jobs.enqueue(FETCH_CARD_QUEUE, { statusId: status.id.toString() }, { tx, maxAttempts: 3 });
  };
}

export function cardQueues(service: CardService): Record<string, QueueDefinition<never>> {
  const fetchCard: QueueDefinition<{ statusId?: string }> = {
    async handle(job, signal) {
      const id = parseId(job.payload.statusId ?? '');
      if (id === null) return;
      try {
        await service.fetchFor(id, signal);
      } catch (error) {
        // A refused address stays refused: no retry.
        if (error instanceof RefusedUrlError) throw new UnrecoverableJobError(error.message, { cause: error });
        throw error;
      }
    },
    // A page that cannot be read leaves the status without a card, as in Mastodon.
    backoffMs: (attempt) => attempt * 10_000,
  };
  return { [FETCH_CARD_QUEUE]: fetchCard };
}
