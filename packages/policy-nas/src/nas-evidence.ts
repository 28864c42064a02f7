import { mapLocality } from '@rackwise/estimators';
import type {
  Bytes,
  ClusterView,
  Decision,
  DecisionEvidence,
  EvidenceDetail,
  JobView,
  NodeId,
} from '@rackwise/types';
import { rackLoad, shuffleClassOf } from './internal/job-facts.js';
import type { NasState } from './internal/nas-state.js';
import { reduceNumOnRack } from './internal/reduce-num-on-rack.js';
import type { NasSkippedGroup, SkippedGroups } from './nas-skipped-group.js';

/**
 * What NAS saw when it decided (`decision.evidence`, when the host asked for it) — the
 * quantities of Algorithms 1–4: the requesting rack's utilisation against the congestion
 * threshold (which picks CA-RTS or CR-RTS), MTS's TrafficThreshold and the node's free
 * map-output space against the map's predicted output (eq. 1–3), the job's predicted
 * shuffle size and class, its `ReduceNum` on the rack (eq. 4), and the users skipped.
 * Byte bounds that are unbounded (no TrafficThreshold) are `null`.
 */
export interface NasEvidence extends DecisionEvidence {
  /** `MTS`, `CA-RTS`, `CR-RTS` or `in-order` (reduces without CA-RTS). */
  readonly algorithm: string;
  readonly node: number;
  readonly rack: number;
  /** `NetState`: the larger of the rack's uplink and downlink utilisation, latest sample. */
  readonly rackUtilisation: number;
  readonly congestionThreshold: number;
  readonly congested: boolean;
  /** TrafficThreshold (eq. 3) in force; `null` when MTS runs without it. */
  readonly trafficThresholdBytes: number | null;
  /** TrafficThreshold minus the predicted output of the maps running on the node (Alg. 2 line 1). */
  readonly mapOutputSpaceBytes: number | null;
  readonly job?: number;
  readonly task?: string;
  /** A map's input locality to the node: `node`, `rack` or `remote`. */
  readonly locality?: string;
  /** Predicted output of the launched map (eq. 1). */
  readonly predictedMapOutputBytes?: number;
  /** Predicted shuffle size of the job, and whether it rests on observation. */
  readonly predictedShuffleBytes?: number;
  readonly predicted?: boolean;
  readonly shuffleClass?: string;
  /** For a reduce: `ReduceNum` of the job on the rack (eq. 4) and its reduces already there. */
  readonly reduceNumOnRack?: number;
  readonly reducesOnRack?: number;
  /** The users skipped: all of them in `full` evidence, the first few in `bounded` evidence. */
  readonly skipped: readonly NasSkippedGroup[];
  /** How many users were skipped. */
  readonly skippedCount: number;
}

const bound = (bytes: Bytes): number | null => (Number.isFinite(bytes) ? bytes : null);

/** Builds {@link NasEvidence} for a decision, from the state and view it was made on. */
export function nasEvidence(
  decision: Decision,
  view: ClusterView,
  node: NodeId,
  state: NasState,
  space: Bytes,
  skipped: SkippedGroups,
): NasEvidence {
  const config = state.config;
  const rack = view.topology.rackOf(node);
  const load = rackLoad(view, rack);
  const prefix = decision.reason.slice(0, decision.reason.indexOf('/'));
  const algorithm =
    prefix === 'mts' ? 'MTS' : prefix === 'ca-rts' ? 'CA-RTS' : prefix === 'cr-rts' ? 'CR-RTS' : prefix;
  let task: Partial<Record<string, string | number | boolean>> = {};
  if (decision.type === 'launch') {
    const job: JobView = view.job(decision.task.job);
    task = {
      job: job.id,
      task: `${decision.task.kind}:${decision.task.index}`,
      predictedShuffleBytes: view.predictor.shuffleBytes(job),
      predicted: view.predictor.isPredicted(job),
      shuffleClass: shuffleClassOf(job, view, config.shuffleClassThresholds),
    };
    if (decision.task.kind === 'map') {
      const map = job.map(decision.task.index);
      task.locality = mapLocality(map, node, view.topology);
      task.predictedMapOutputBytes = view.predictor.mapOutput(job, map);
    } else {
      task.reduceNumOnRack = reduceNumOnRack(job, rack, view.topology);
      task.reducesOnRack = job.reducesOnRack(rack);
    }
  }
  return {
    algorithm,
    node,
    rack,
    rackUtilisation: load,
    congestionThreshold: config.congestionThreshold,
    congested: load >= config.congestionThreshold,
    trafficThresholdBytes: config.useTrafficThreshold ? bound(state.trafficThreshold) : null,
    mapOutputSpaceBytes: bound(space),
    ...(task as Record<string, string | number | boolean>),
    skipped: skipped.entries,
    skippedCount: skipped.count,
  };
}
