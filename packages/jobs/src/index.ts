export * from './job.js';
export { JobQueue, type EnqueueOptions } from './queue.js';
export { JobWorker, type WorkerOptions } from './worker.js';
export type { JobsDb } from './jobs.data.js';
export {
  ACCEPT_FOLLOW_REQUESTS_QUEUE, type AcceptFollowRequestsPayload, PUSH_DELIVERY_QUEUE, type PushDeliveryPayload,
  ACCOUNT_PURGE_QUEUE, ACCOUNT_PURGE_STATUSES_QUEUE, ACCOUNT_PURGE_MEDIA_QUEUE, ACCOUNT_DELETION_DELAY_MS, type AccountPurgePayload, type AccountPurgeStepPayload,
} from './shared-queues.js';
