import type { JobQueue, QueueDefinition } from '@social/jobs';
import { UnrecoverableJobError } from '@social/jobs';
import type { SafetyData } from './safety.data.js';

/** Removes a mute at its expires_at (Mastodon's DeleteMuteWorker). */
const MUTE_EXPIRY_QUEUE = 'mutes.expire';

type MuteExpiryPayload = { muteId: string };

export function enqueueMuteExpiry(jobs: JobQueue, muteId: bigint, expiresAt: Date): Promise<string> {
  return jobs.enqueue<MuteExpiryPayload>(MUTE_EXPIRY_QUEUE, { muteId: muteId.toString() }, { runAt: expiresAt });
}

/**
 * The mute-expiry queue. The rules already ignore a lapsed mute (they compare
 * expires_at with the database clock), so the job only removes the row; a
 * mute renewed since (later or no expiry) is left alone, its own job follows.
 */
export function muteExpiryQueue(data: SafetyData): Record<string, QueueDefinition<MuteExpiryPayload>> {
  return {
    [MUTE_EXPIRY_QUEUE]: {
      async handle(job) {
        const id = job.payload.muteId;
        if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) throw new UnrecoverableJobError(`no mute id in ${JSON.stringify(job.payload)}`);
        await data.expireMute(BigInt(id));
      },
      backoffMs: () => 1_000,
    },
  };
}
