import type { AttemptTable } from './attempt-table.js';
import type { EventQueue } from './event-queue.js';

/** What entering a compute phase reads and writes. */
export interface ComputeHost {
  readonly now: number;
  readonly attempts: AttemptTable;
  readonly queue: Pick<EventQueue, 'push'>;
}

/** Attempt a enters a compute phase of `length` seconds; its end is queued as `event`. */
export function startComputePhase(
  host: ComputeHost,
  a: number,
  phase: number,
  length: number,
  event: number,
): void {
  const attempts = host.attempts;
  const now = host.now;
  attempts.startPhase(a, phase, now, length);
  host.queue.push(now + length, event, a, attempts.generation[a]!);
}
