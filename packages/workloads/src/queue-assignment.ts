import type { UserId } from '@rackwise/types';

/** What a queue function is told about a job. */
export interface QueueContext {
  /** Job name (trace job id or generated name). */
  readonly name: string;
  readonly user: UserId;
  /** Position of the job in the source (line order for traces, generation order otherwise). */
  readonly index: number;
}

/**
 * Which queue (pool) each job is submitted to:
 * - a string: every job goes to that queue (default `default`);
 * - a list of queue names: user `u` submits to `queues[u mod queues.length]`;
 * - a function of the job.
 */
export type QueueAssignment = string | readonly string[] | ((job: QueueContext) => string);

/** The queue every job goes to unless told otherwise. */
export const DEFAULT_QUEUE = 'default';

/**
 * Turns an assignment into a function, checking it first.
 * @throws Error naming `where` and `queue` when the assignment is empty or malformed.
 */
export function queueResolver(assignment: QueueAssignment, where: string): (job: QueueContext) => string {
  if (typeof assignment === 'string') {
    if (assignment.length === 0) throw new Error(`${where}: queue must be a non-empty string`);
    return () => assignment;
  }
  if (typeof assignment === 'function') {
    return (job) => {
      const queue = assignment(job);
      if (typeof queue !== 'string' || queue.length === 0) {
        throw new Error(
          `${where}: queue function returned ${JSON.stringify(queue)} for job "${job.name}"; expected a non-empty string`,
        );
      }
      return queue;
    };
  }
  if (Array.isArray(assignment)) {
    const queues: readonly string[] = assignment;
    if (queues.length === 0) throw new Error(`${where}: queue list must not be empty`);
    queues.forEach((queue, i) => {
      if (typeof queue !== 'string' || queue.length === 0) {
        throw new Error(`${where}: queue[${i}] must be a non-empty string, got ${JSON.stringify(queue)}`);
      }
    });
    return (job) => queues[job.user % queues.length] as string;
  }
  throw new Error(
    `${where}: queue must be a string, a list of strings or a function, got ${typeof assignment}`,
  );
}
