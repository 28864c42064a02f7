import { reduceNumPerRack } from '@rackwise/estimators';
import type { JobView, RackId, TopologyView } from '@rackwise/types';

/**
 * `ReduceNum` of a job on a rack — NAS eq. 4 over the job's actual map output per rack
 * (`job.mapOutputOnRack`), apportioned to whole reduces by the largest remainder rule
 * of `reduceNumPerRack`.
 */
export function reduceNumOnRack(job: JobView, rack: RackId, topology: TopologyView): number {
  const output: number[] = [];
  for (let r = 0; r < topology.rackCount; r += 1) output.push(job.mapOutputOnRack(r as RackId));
  return reduceNumPerRack(job.reduceCount, output)[rack] ?? 0;
}
