export * from './job.js';
export { JobQueue, type EnqueueOptions } from './queue.js';
export { JobWorker, type WorkerOptions } from './worker.js';
export type { JobsDb } from './jobs.data.js';
export { ACCEPT_FOLLOW_REQUESTS_QUEUE, PUSH_DELIVERY_QUEUE, type AcceptFollowRequestsPayload, type PushDeliveryPayload } from './shared-queues.js';
