import type { Logger } from '@social/config';
import { ACCOUNT_PURGE_MEDIA_QUEUE, UnrecoverableJobError, type AccountPurgeStepPayload, type QueueDefinition } from '@social/jobs';
import type { AttachmentData } from '../attachment/attachment.data.js';
import { RETENTION } from '../config.js';
import { InvalidImageError, UnsupportedDimensionsError } from '../processing/image-processor.js';
import type { MediaPipeline } from '../processing/media-pipeline.js';
import type { MediaMaintenance } from '../maintenance/media-maintenance.js';
import { isStagingKey } from '../storage/keys.js';
import type { MediaStorage } from '../storage/media-storage.js';
import { MEDIA_PROCESS_QUEUE, MEDIA_VACUUM_QUEUE } from './queues.js';

type ProcessPayload = { attachmentId: string };

/** The attachment a job is about; a payload without a valid one can never succeed. */
function attachmentIdOf(payload: ProcessPayload): bigint | null {
  return typeof payload.attachmentId === 'string' && /^\d{1,19}$/.test(payload.attachmentId) ? BigInt(payload.attachmentId) : null;
}

interface Dependencies {
  data: AttachmentData;
  storage: MediaStorage;
  pipeline: MediaPipeline;
  maintenance: MediaMaintenance;
  logger?: Logger;
}

/**
 * The original of a v2 upload. Safe to run again after a crash at any point:
 * keys are deterministic, and the row only switches to the processed file
 * while it still points at the staged one.
 */
function processMedia({ data, storage, pipeline }: Dependencies): QueueDefinition<ProcessPayload> {
  return {
    async handle(job) {
      const id = attachmentIdOf(job.payload);
      if (id === null) throw new UnrecoverableJobError(`no attachment id in ${JSON.stringify(job.payload)}`);
      const record = await data.find(id);
      if (!record || record.processing === 'done' || !isStagingKey(record.fileKey)) return;
      const stagedKey = record.fileKey as string;
      await data.markProcessing(id);
      let original;
      try {
        original = await pipeline.processOriginal(id, stagedKey);
      } catch (error) {
        if (error instanceof InvalidImageError || error instanceof UnsupportedDimensionsError) {
          throw new UnrecoverableJobError(error.message, { cause: error });
        }
        throw error;
      }
      const completed = await data.completeProcessing(id, stagedKey, {
        fileKey: original.key,
        fileSize: original.size,
        fileContentType: original.contentType,
        original: { ...original.dimensions },
      });
      // Deleted while we worked: nothing refers to the new file.
      if (!completed && !(await data.find(id))) await storage.delete([original.key]);
      await storage.delete([stagedKey]);
    },
    async onFailed(job) {
      const id = attachmentIdOf(job.payload);
      if (id !== null) await data.markFailed(id);
    },
  };
}

/** Mastodon's media vacuum (unattached for 24 h), plus uploads staged but never claimed and interrupted writes. */
function vacuum({ maintenance, logger }: Dependencies): QueueDefinition {
  return {
    everyMs: RETENTION.vacuumEveryMs,
    async handle() {
      const now = Date.now();
      const removed = await maintenance.removeUnattached(new Date(now - RETENTION.unattachedMediaMs));
      await maintenance.removeAbandonedUploads(new Date(now - RETENTION.stagedUploadMs));
      if (removed > 0) logger?.info({ removed }, 'unattached media removed');
    },
  };
}

/**
 * Media's step of deleting an account (ACCOUNT_PURGE_MEDIA_QUEUE, after the statuses subgraph deleted its
 * statuses): every attachment of the account no status holds any more, and its files. Idempotent.
 */
function purgeAccountMedia({ maintenance, logger }: Dependencies): QueueDefinition<AccountPurgeStepPayload> {
  return {
    async handle(job) {
      const id = job.payload.accountId;
      if (typeof id !== 'string' || !/^\d{1,19}$/.test(id)) throw new UnrecoverableJobError(`no account id in ${JSON.stringify(job.payload)}`);
      const removed = await maintenance.removeUnattached(new Date(), undefined, BigInt(id));
      logger?.info({ accountId: id, removed }, "a deleted account's media removed");
    },
  };
}

/** The media subgraph's queues, for the worker of every process that hosts it. */
export function mediaQueues(dependencies: Dependencies) {
  return {
    [MEDIA_PROCESS_QUEUE]: processMedia(dependencies),
    [MEDIA_VACUUM_QUEUE]: vacuum(dependencies),
    [ACCOUNT_PURGE_MEDIA_QUEUE]: purgeAccountMedia(dependencies),
  };
}
