import type { JobQueue } from '@social/jobs';
import { storedFiles, type AttachmentData } from '../attachment/attachment.data.js';
import { MEDIA_PROCESS_QUEUE } from '../jobs/queues.js';
import { STAGING_PREFIX } from '../storage/keys.js';
import type { MediaStorage } from '../storage/media-storage.js';

const BATCH = 500;

/**
 * Media housekeeping shared by the hourly vacuum job and the admin CLI
 * (`media clean`, `media reprocess`), so both follow the same rules.
 */
export class MediaMaintenance {
  constructor(
    private readonly data: AttachmentData,
    private readonly storage: MediaStorage,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Removes attachments created before `before` that no status (nor
   * scheduled status) holds (of one account when given), with their files,
   * in batches; `onBatch` hears the running total. Returns how many were removed.
   */
  async removeUnattached(before: Date, onBatch?: (removed: number) => void, accountId: bigint | null = null): Promise<number> {
    let removed = 0;
    for (;;) {
      const batch = await this.data.deleteAbandoned(before, BATCH, accountId);
      await this.storage.delete(batch.flatMap(storedFiles));
      removed += batch.length;
      if (batch.length > 0) onBatch?.(removed);
      if (batch.length < BATCH) return removed;
    }
  }

  /** Staged uploads nobody claimed since `before`, and writes a killed process left behind. */
  async removeAbandonedUploads(before: Date): Promise<number> {
    let removed = 0;
    for (const key of await this.storage.listOlderThan(STAGING_PREFIX, before)) {
      if (!(await this.data.isStagedKeyInUse(key))) {
        await this.storage.delete([key]);
        removed += 1;
      }
    }
    await this.storage.removeAbandoned(before);
    return removed;
  }

  /**
   * Enqueues processing again for attachments whose original was never made
   * (the job is idempotent, so one still pending does no harm). Returns the
   * ids enqueued; `onEach` hears the running count.
   */
  async reprocess(options: { ids?: bigint[]; includeFailed: boolean }, onEach?: (done: number, total: number) => void): Promise<bigint[]> {
    const candidates = await this.data.findUnprocessed(options);
    const enqueued: bigint[] = [];
    for (const [index, candidate] of candidates.entries()) {
      const requeued = await this.data.requeue(candidate.id, (tx) => this.jobs.enqueue(MEDIA_PROCESS_QUEUE, { attachmentId: candidate.id.toString() }, { tx }));
      if (requeued) enqueued.push(candidate.id);
      onEach?.(index + 1, candidates.length);
    }
    if (enqueued.length > 0) this.jobs.notify(MEDIA_PROCESS_QUEUE);
    return enqueued;
  }
}
