import type { JobView, SlotKind } from '@rackwise/types';
import { hasReadyReduce } from './jobs-where.js';

/**
 * Whether a job has a task a slot of the kind could run now: a pending map for a map
 * slot, a waiting reduce past slowstart (`job.reducesReady`) for a reduce slot, either
 * for a container.
 */
export function waitsFor(job: JobView, kind: SlotKind): boolean {
  if (kind !== 'reduce' && job.count('map', 'pending') > 0) return true;
  return kind !== 'map' && hasReadyReduce(job);
}
