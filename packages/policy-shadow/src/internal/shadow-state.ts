import {
  ActiveJobsWhere,
  GroupJobsWhere,
  type LocalityWaits,
  type RackReduceGate,
  createLocalityWaits,
  createRackReduceGate,
  hasReadyReduce,
} from '@rackwise/policy-kit';
import type { ClusterView, JobId, JobView, PolicyContext, RandomSource } from '@rackwise/types';
import type { ShadowConfig } from '../shadow-config.js';
import type { ShadowSelection } from '../shadow-evidence.js';
import { type ResolvedShadowConfig, resolveShadowConfig } from './resolve-config.js';
import { ShadowJob } from './shadow-job.js';

/** Shadow's running counts, behind `ShadowStatistics` (Figs. 16–19). */
export interface ShadowCounts {
  launched: number;
  /** Copies chosen because they finished first (§4.3 early choice). */
  early: number;
  /** Copies eq. 11 expected to finish by `T`. */
  beforeTPredicted: number;
  /** Copies eq. 13 kept. */
  model: number;
  /** Copies eq. 13 killed. */
  killed: number;
  /** Chosen copies that finished by `T`, counted when their job completes. */
  beforeT: number;
  /** Sum and count of eq. 11's relative errors against the chosen copies' real finish. */
  errorSum: number;
  errors: number;
}

/** The state one Shadow instance keeps between offers; the step functions change it. */
export interface ShadowState {
  readonly config: ResolvedShadowConfig;
  /** The seeded source of the random duplicate picks (§4.2). */
  readonly random: RandomSource;
  /** Whether launches carry `ShadowEvidence`. */
  readonly evidence: boolean;
  readonly waits: LocalityWaits;
  readonly gate: RackReduceGate;
  /** Each user-order group's jobs with a reduce ready to launch. */
  readonly readyReduces: GroupJobsWhere;
  /** What Shadow keeps of each active job it has placed a map of. */
  readonly jobs: Map<JobId, ShadowJob>;
  /** Every task-selection outcome so far, in order. */
  readonly records: ShadowSelection[];
  readonly counts: ShadowCounts;
  /**
   * The jobs a duplicate may be planned or placed for, in submission order: every map
   * launched, or copies still planned (a map that failed after the plan). A plan is made
   * only for a job already listed, so none is missed; a job whose plan ran out stays
   * listed until its user's state moves, and the walk passes over it.
   */
  readonly mayDuplicate: ActiveJobsWhere;
}

/** A fresh Shadow state over a validated configuration. */
export function createShadowState(
  config: Partial<ShadowConfig> | undefined,
  context: PolicyContext,
): ShadowState {
  const resolved = resolveShadowConfig(config);
  const jobs = new Map<JobId, ShadowJob>();
  return {
    config: resolved,
    random: context.random,
    evidence: context.recordEvidence === true,
    waits: createLocalityWaits(resolved),
    gate: createRackReduceGate(resolved.reduceRackWait),
    readyReduces: new GroupJobsWhere(hasReadyReduce),
    jobs,
    records: [],
    counts: {
      launched: 0,
      early: 0,
      beforeTPredicted: 0,
      model: 0,
      killed: 0,
      beforeT: 0,
      errorSum: 0,
      errors: 0,
    },
    mayDuplicate: new ActiveJobsWhere(
      (job) => job.count('map', 'pending') === 0 || (jobs.get(job.id)?.moves?.length ?? 0) > 0,
    ),
  };
}

/** The job's Shadow record, made on its first placed map. */
export function shadowJobOf(state: ShadowState, job: JobView, view: ClusterView): ShadowJob {
  let kept = state.jobs.get(job.id);
  if (kept === undefined) {
    kept = new ShadowJob(view.topology.rackCount, job.reduceCount);
    state.jobs.set(job.id, kept);
  }
  return kept;
}

/** Forgets a completed job, first counting its chosen copies that finished by `T`. */
export function forgetShadowJob(state: ShadowState, job: JobView): void {
  const kept = state.jobs.get(job.id);
  if (kept !== undefined) {
    const done = kept.originalsDoneAt ?? Number.POSITIVE_INFINITY;
    state.counts.beforeT += kept.chosenFinish.filter((t) => t <= done).length;
  }
  state.jobs.delete(job.id);
  state.waits.forget(job.id);
  state.gate.forget(job.id);
}
