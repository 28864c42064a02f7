import {
  GroupJobsWhere,
  type RackReduceGate,
  createRackReduceGate,
  hasReadyReduce,
} from '@rackwise/policy-kit';
import type { ClusterView, JobId, JobView, PolicyContext, ServiceGroup } from '@rackwise/types';
import type { EvenConfig } from '../even-config.js';
import { type ResolvedEvenConfig, resolveEvenConfig } from './resolve-config.js';

/** What Even keeps of a job: its maps launched per rack and when a rack first refused it one. */
export interface LaunchedMaps {
  /** Maps launched per rack. */
  readonly counts: number[];
  /** How many racks hold more than `⌊maps / racks⌋` of them, kept as `counts` grows. */
  above: number;
  /** When a rack first refused the job a map since its last map launch (for `overflowWait`); NaN when none has. */
  refusedSince: number;
}

/** A group's jobs a walk on one rack met over their share, kept for the group's version. */
export interface PassedOnRack {
  /** Where in the group's jobs the next walk looks on. */
  next: number;
  /** The jobs before `next` with pending maps, each over its share on the rack, in order. */
  readonly jobs: JobView[];
  /** What Even keeps of each of them. */
  readonly entries: LaunchedMaps[];
}

/** The state one Even instance keeps between offers; the step functions change it. */
export interface EvenState {
  readonly config: ResolvedEvenConfig;
  /** Whether launches carry `EvenEvidence`. */
  readonly evidence: boolean;
  readonly gate: RackReduceGate;
  /** Each user-order group's jobs with a reduce ready to launch. */
  readonly readyReduces: GroupJobsWhere;
  /** What Even keeps of each active job it has met. */
  readonly launched: Map<JobId, LaunchedMaps>;
  /** Per group the order keeps, per rack, the jobs a walk met over their share. */
  readonly overShareKept: WeakMap<ServiceGroup, { version: number; racks: PassedOnRack[] }>;
}

/** A fresh Even state over a validated configuration. */
export function createEvenState(config: Partial<EvenConfig> | undefined, context: PolicyContext): EvenState {
  const resolved = resolveEvenConfig(config);
  return {
    config: resolved,
    evidence: context.recordEvidence === true,
    gate: createRackReduceGate(resolved.reduceRackWait),
    readyReduces: new GroupJobsWhere(hasReadyReduce),
    launched: new Map(),
    overShareKept: new WeakMap(),
  };
}

/** The job's record, made the first time Even meets it. */
export function launchedOf(state: EvenState, job: JobView, view: ClusterView): LaunchedMaps {
  let entry = state.launched.get(job.id);
  if (entry === undefined) {
    entry = {
      counts: new Array<number>(view.topology.rackCount).fill(0),
      above: 0,
      refusedSince: Number.NaN,
    };
    state.launched.set(job.id, entry);
  }
  return entry;
}

/** Forgets a completed job. */
export function forgetEvenJob(state: EvenState, job: JobView): void {
  state.launched.delete(job.id);
  state.gate.forget(job.id);
}
