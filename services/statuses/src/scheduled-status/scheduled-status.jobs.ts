import type { Logger } from '@social/config';
import { parseId } from '@social/db';
import type { QueueDefinition } from '@social/jobs';
import { PUBLISH_SCHEDULED_QUEUE } from './scheduled-status.data.js';
import type { ScheduledStatusService } from './scheduled-status.service.js';

/** A periodic sweep, as Mastodon's scheduler: publishes any due status whose own job was lost (failed for good). */
const SCHEDULED_SWEEP_QUEUE = 'statuses.publish-scheduled-sweep';
const SWEEP_EVERY_MS = 5 * 60_000;

/** The background work of scheduled statuses, run by every process hosting the statuses subgraph. */
export function scheduledStatusQueues(service: ScheduledStatusService, logger?: Logger): Record<string, QueueDefinition<never>> {
  const publish: QueueDefinition<{ scheduledStatusId?: string }> = {
    async handle(job) {
      const id = parseId(job.payload.scheduledStatusId ?? '');
      if (id !== null) await service.publishDue(id);
    },
    async onFailed(job, error) {
      // The row stays pending: the sweep, a reschedule or an operator's catch-up publishes it later.
      logger?.error({ err: error, scheduledStatusId: job.payload.scheduledStatusId }, 'publishing a scheduled status failed for good');
    },
  };
  const sweep: QueueDefinition = {
    everyMs: SWEEP_EVERY_MS,
    async handle() {
      const published = await service.publishDueNow();
      if (published > 0) logger?.warn({ published }, 'the sweep published scheduled statuses their jobs had missed');
    },
  };
  return { [PUBLISH_SCHEDULED_QUEUE]: publish, [SCHEDULED_SWEEP_QUEUE]: sweep };
}
