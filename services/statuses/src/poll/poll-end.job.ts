import type { CacheInvalidation } from '@social/cache';
import type { JobQueue, QueueDefinition } from '@social/jobs';
import { UnrecoverableJobError } from '@social/jobs';
import type { NotificationData } from '../notification/notification.data.js';
import type { NotificationRecorder } from '../notification/notification.recorder.js';
import type { NewStatus, PublishWrite, StatusWrite } from '../status/status.data.js';

/** Ends a poll at its expires_at: the poll notifications (Mastodon's PollExpirationNotifyWorker). */
const POLL_END_QUEUE = 'polls.end';

/** Keyed by the status: a status has at most one poll, and its id is known before the poll row is. */
type PollEndPayload = { statusId: string };

/** For a status with a poll, the write that enqueues its end in the publish transaction: the job exists exactly when the poll does. */
export function enqueuePollEnd(jobs: JobQueue, status: NewStatus): PublishWrite | null {
  const expiresAt = status.poll?.expiresAt;
  return expiresAt ? pollEndWrite(jobs, expiresAt) : null;
}

/** The write that enqueues a poll's end at `expiresAt` (publishing, or an edit that gave the poll a new deadline). */
export function pollEndWrite(jobs: JobQueue, expiresAt: Date): StatusWrite {
  return async (tx, record) => {
    await jobs.enqueue<PollEndPayload>(POLL_END_QUEUE, { statusId: record.id.toString() }, { tx, runAt: expiresAt });
  };
}

/** The poll-end queue. Idempotent: the poll is marked ended with its notifications in one transaction. */
export function pollEndQueue(data: NotificationData, recorder: NotificationRecorder, invalidation: CacheInvalidation): Record<string, QueueDefinition<PollEndPayload>> {
  return {
    [POLL_END_QUEUE]: {
      async handle(job) {
        const id = job.payload.statusId;
        if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) throw new UnrecoverableJobError(`no status id in ${JSON.stringify(job.payload)}`);
        const created = await data.endPoll(BigInt(id));
        if (created === 'moved') return; // An edit gave the poll a later deadline and enqueued its own job (docs/api/edits.md).
        // The database clock decides; a job run a moment early (clocks apart) is retried.
        if (created === null) throw new Error(`the poll of status ${id} is not due yet`);
        // Cached answers already end at expires_at; this covers a clock that ran ahead.
        await invalidation.changed({ statuses: [id] });
        await recorder.announce(created);
      },
      backoffMs: () => 1_000,
    },
  };
}
