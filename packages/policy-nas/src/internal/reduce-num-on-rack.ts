import { reduceNumPerRack } from '@rackwise/estimators';
import type { JobView, RackId, TopologyView } from '@rackwise/types';

/**
 * `ReduceNum` of a job on a rack — NAS eq. 4 over the job's actual map output per rack
 * (`job.mapOutputOnRack`), apportioned to whole reduces by the largest remainder rule
 * of `reduceNumPerRack`.
 */
export function reduceNumOnRack(job: JobView, rack: RackId, topology: TopologyView): number {
  return reduceNumsOf(job, topology)[rack] ?? 0;
}

/** `ReduceNum` of a job on every rack, by rack id. */
function reduceNumsOf(job: JobView, topology: TopologyView): readonly number[] {
  const output: number[] = [];
  for (let r = 0; r < topology.rackCount; r += 1) output.push(job.mapOutputOnRack(r as RackId));
  return reduceNumPerRack(job.reduceCount, output);
}

/** A job's `ReduceNum` on every rack, as of its completed maps. */
interface KeptReduceNums {
  readonly topology: TopologyView;
  readonly completedMaps: number;
  readonly completedOutput: number;
  readonly perRack: readonly number[];
}

/**
 * Each job's `ReduceNum` per rack, kept while its completed maps stay: a job's map output
 * per rack grows only when one of its maps completes (and a completed map stays
 * completed), so it is apportioned once per completed map instead of once per request.
 */
export class ReduceNums {
  readonly #kept = new WeakMap<JobView, KeptReduceNums>();

  /** `reduceNumOnRack`, from memory while the job's completed maps and their output stay. */
  onRack(job: JobView, rack: RackId, topology: TopologyView): number {
    const completedMaps = job.count('map', 'completed');
    const completedOutput = job.completedMapOutputBytes;
    let entry = this.#kept.get(job);
    if (
      entry === undefined ||
      entry.completedMaps !== completedMaps ||
      entry.completedOutput !== completedOutput ||
      entry.topology !== topology
    ) {
      entry = { topology, completedMaps, completedOutput, perRack: reduceNumsOf(job, topology) };
      this.#kept.set(job, entry);
    }
    return entry.perRack[rack] ?? 0;
  }
}
