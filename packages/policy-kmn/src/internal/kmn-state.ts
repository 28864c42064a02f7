import {
  ActiveJobsWhere,
  GroupJobsWhere,
  type LocalityWaits,
  type RackReduceGate,
  createLocalityWaits,
  createRackReduceGate,
  hasReadyReduce,
  mapsAllLaunched,
} from '@rackwise/policy-kit';
import type {
  ClusterView,
  JobId,
  JobView,
  NodeId,
  PolicyContext,
  RackId,
  RandomSource,
} from '@rackwise/types';
import type { KmnConfig } from '../kmn-config.js';
import type { KmnChoice } from '../kmn-evidence.js';
import { type ResolvedKmnConfig, resolveKmnConfig } from './resolve-config.js';

/** What KMN keeps of one job. */
export interface KmnJob {
  /** Maps per rack of the copies whose output the shuffle is meant to use. */
  readonly mapsPerRack: number[];
  readonly originalRack: Map<number, RackId>;
  readonly originalNode: Map<number, NodeId>;
  /** Target racks of the extra copies still to launch, drawn at random; set in the last wave. */
  targets: RackId[] | undefined;
  /** Maps that have had their extra copy. */
  readonly copied: Set<number>;
}

/** KMN's running counts, behind `KmnStatistics`. */
export interface KmnCounts {
  launched: number;
  chosen: number;
  whileRunning: number;
}

/** The state one KMN instance keeps between offers; the step functions change it. */
export interface KmnState {
  readonly config: ResolvedKmnConfig;
  /** The seeded source of the copies' racks and maps. */
  readonly random: RandomSource;
  /** Whether launches carry `KmnEvidence`. */
  readonly evidence: boolean;
  readonly waits: LocalityWaits;
  readonly gate: RackReduceGate;
  /** Each user-order group's jobs with a reduce ready to launch. */
  readonly readyReduces: GroupJobsWhere;
  /** The jobs whose copies may be placed: every map launched, in submission order. */
  readonly launched: ActiveJobsWhere;
  /** What KMN keeps of each active job it has placed a map of. */
  readonly jobs: Map<JobId, KmnJob>;
  /** Every choice between two copies so far, in order. */
  readonly records: KmnChoice[];
  readonly counts: KmnCounts;
}

/** A fresh KMN state over a validated configuration. */
export function createKmnState(config: Partial<KmnConfig> | undefined, context: PolicyContext): KmnState {
  const resolved = resolveKmnConfig(config);
  return {
    config: resolved,
    random: context.random,
    evidence: context.recordEvidence === true,
    waits: createLocalityWaits(resolved),
    gate: createRackReduceGate(resolved.reduceRackWait),
    readyReduces: new GroupJobsWhere(hasReadyReduce),
    launched: new ActiveJobsWhere(mapsAllLaunched),
    jobs: new Map(),
    records: [],
    counts: { launched: 0, chosen: 0, whileRunning: 0 },
  };
}

/** The job's KMN record, made on its first placed map. */
export function kmnJobOf(state: KmnState, job: JobView, view: ClusterView): KmnJob {
  let kept = state.jobs.get(job.id);
  if (kept === undefined) {
    kept = {
      mapsPerRack: new Array<number>(view.topology.rackCount).fill(0),
      originalRack: new Map(),
      originalNode: new Map(),
      targets: undefined,
      copied: new Set(),
    };
    state.jobs.set(job.id, kept);
  }
  return kept;
}

/** Forgets a completed job. */
export function forgetKmnJob(state: KmnState, job: JobView): void {
  state.jobs.delete(job.id);
  state.waits.forget(job.id);
  state.gate.forget(job.id);
}
