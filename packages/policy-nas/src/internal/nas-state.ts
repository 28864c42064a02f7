import type { GroupJobsWhere } from '@rackwise/policy-kit';
import type { Bytes, ClusterView, JobId, NodeId, RackId, SlotKind } from '@rackwise/types';
import type { NasConfig } from '../nas-config.js';
import type { SkippedGroups } from '../nas-skipped-group.js';
import type { MapInputRanges } from './map-input-range.js';
import type { ReduceNums } from './reduce-num-on-rack.js';
import type { SkipCounters } from './skip-counters.js';

/** The state one NAS instance keeps between offers. */
export interface NasState {
  readonly config: NasConfig;
  /** `D_i^m` of every user (Algorithm 2). */
  readonly mapSkips: SkipCounters;
  /** `D_i^r` of every user (Algorithm 4). */
  readonly reduceSkips: SkipCounters;
  /** Jobs whose waiting reduces CR-RTS tagged *delayed* (§III-E). */
  readonly delayed: Set<JobId>;
  /** Racks on which CR-RTS ran and that have not been seen uncongested since (§III-E). */
  readonly crRtsRacks: Set<RackId>;
  /** Each job's maps of least and greatest input, for MTS's bounds. */
  readonly mapInputs: MapInputRanges;
  /**
   * Each user-order group's jobs past their map completion threshold with a reduce
   * waiting (CA-RTS, CR-RTS and in-order reduces look only at those), kept per group.
   */
  readonly readyReduces: GroupJobsWhere;
  /** Each job's `ReduceNum` per rack (eq. 4), kept while its completed maps stay (CA-RTS). */
  readonly reduceNums: ReduceNums;
  /** The current `TrafficThreshold` (eq. 3, or the operator's value). */
  trafficThreshold: Bytes;
}

/**
 * Resets a user's counter after a launch that Algorithms 2 and 4 do not reset on (a
 * maximum-skip launch, CA-RTS, Fair-like reduces): only under the `prose` reading.
 */
export function resetUnlessPseudocode(state: NasState, counters: SkipCounters, key: string): void {
  if (state.config.skipCounterResets === 'prose') counters.reset(key);
}

/** One request for a task, as Algorithm 1 receives it. */
export interface TaskRequest {
  readonly view: ClusterView;
  readonly node: NodeId;
  /** The offered slot kind, handed to the user order. */
  readonly kind: SlotKind;
  /** Users MTS skipped, collected only when the host asked for evidence. */
  readonly skipped?: SkippedGroups;
}
