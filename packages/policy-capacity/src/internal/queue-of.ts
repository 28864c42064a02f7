import type { JobView } from '@rackwise/types';
import type { ResolvedCapacityConfig, ResolvedQueue } from './resolve-capacity-config.js';

/** The configured queue that serves a job, per `unknownQueue`; throws under `error`. */
export function queueOf(job: JobView, config: ResolvedCapacityConfig): string {
  if (config.queues.some((q) => q.name === job.queue)) return job.queue;
  if (config.unknownQueue === 'default') return config.defaultQueue;
  throw new Error(
    `capacity: job ${job.id} was submitted to queue ${JSON.stringify(job.queue)}, which is not configured (queues: ${config.queues.map((q) => q.name).join(', ')})`,
  );
}

/** Most slots of a kind a queue may hold: `maximumCapacity × total`, but always at least one. */
export function maximumSlots(queue: ResolvedQueue, total: number): number {
  return Math.max(1, Math.floor(queue.maximumCapacity * total + 1e-9));
}
