import {
  type SampBlock,
  preferredReducesPerRack,
  shuffleAwareMapPlacement,
  tentativeReducesPerRack,
} from '@rackwise/estimators';
import type { ClusterView, JobId, JobView, RackId } from '@rackwise/types';

/** Racks whose preference flags fit in a plan's `prefersMask`. */
const MASK_RACKS = 31;

/** What SAMP and SARP decided for one job. */
export interface JobPlan {
  /** SAMP's `PreferredMapRacks` (Fig. 4, line 8); undefined when SAMP is off. */
  readonly preferredMapRacks: readonly RackId[] | undefined;
  /** Flag per rack of `preferredMapRacks`, for O(1) tests on every offer. */
  readonly prefers: Uint8Array | undefined;
  /**
   * The same flags as bits of a number on the plan itself (racks 0–30), read on every
   * offer without reaching another object; undefined on a cluster of more racks.
   */
  readonly prefersMask: number | undefined;
  /** SAMP's `TentativeReducesPerRack` (Fig. 4, line 9); from the input when SAMP is off. */
  readonly tentative: readonly number[];
  /** SARP's counts from the actual intermediate data (Fig. 6, line 3), once computed. */
  fromIntermediateData: readonly number[] | undefined;
}

/** Switches of the plans: which of SAMP and SARP run, and SARP's MapCompletionThreshold. */
export interface JobPlanOptions {
  readonly samp: boolean;
  readonly sarp: boolean;
  readonly mapCompletionThreshold: number;
}

/**
 * Per-job state of SAMP (§3.2, once per job at submission) and SARP (§3.3, once per job
 * when its reduces are scheduled), plus how many active jobs prefer each rack — the
 * tie-break that sends jobs with equally placed input to different racks (Fig. 5).
 */
export class JobPlans {
  private readonly plans = new Map<JobId, JobPlan>();
  private rackPreferences = new Float64Array(0);

  constructor(private readonly options: JobPlanOptions) {}

  /** Whether plans are kept at all (SAMP or SARP on). */
  get enabled(): boolean {
    return this.options.samp || this.options.sarp;
  }

  /** The job's plan, made now (Fig. 4) if the job was not seen before. */
  plan(job: JobView, view: ClusterView): JobPlan {
    const known = this.plans.get(job.id);
    if (known !== undefined) return known;
    const plan = this.make(job, view);
    this.plans.set(job.id, plan);
    return plan;
  }

  /** The plan if one was made. */
  peek(job: JobId): JobPlan | undefined {
    return this.plans.get(job);
  }

  /** Forgets a finished job and its rack preferences. */
  forget(job: JobId): void {
    const plan = this.plans.get(job);
    if (plan === undefined) return;
    for (const r of plan.preferredMapRacks ?? []) this.rackPreferences[r] = this.rackPreferences[r]! - 1;
    this.plans.delete(job);
  }

  /** Fig. 3 lines 4 and 16: whether `rack` is in the job's `PreferredMapRacks`. */
  prefersRack(job: JobView, view: ClusterView, rack: RackId): boolean {
    if (!this.options.samp) return false;
    const plan = this.plan(job, view);
    const mask = plan.prefersMask;
    if (mask !== undefined && rack >= 0 && rack < MASK_RACKS) return ((mask >>> rack) & 1) === 1;
    return plan.prefers![rack] === 1;
  }

  /**
   * Fig. 3 lines 8 and 13: whether fewer reduces of the job ran on `rack` than SARP's
   * `PreferredReducesPerRack[rack]`.
   */
  reduceQuotaUnmet(job: JobView, view: ClusterView, rack: RackId): boolean {
    if (!this.options.sarp) return false;
    return job.reducesOnRack(rack) < this.reducesPerRack(job, view)[rack]!;
  }

  /**
   * SARP, Fig. 6: while the completed fraction of maps is at most MapCompletionThreshold
   * (or they produced nothing), SAMP's tentative counts; after, the counts from the
   * intermediate data, computed once and kept (§3.4: SARP runs once per job).
   */
  reducesPerRack(job: JobView, view: ClusterView): readonly number[] {
    const plan = this.plan(job, view);
    if (plan.fromIntermediateData !== undefined) return plan.fromIntermediateData;
    const done = job.mapCount === 0 ? 1 : job.count('map', 'completed') / job.mapCount;
    if (done > this.options.mapCompletionThreshold && job.completedMapOutputBytes > 0) {
      const output = Array.from({ length: view.topology.rackCount }, (_, r) =>
        job.mapOutputOnRack(r as RackId),
      );
      plan.fromIntermediateData = preferredReducesPerRack(job.reduceCount, output);
      return plan.fromIntermediateData;
    }
    return plan.tentative;
  }

  private make(job: JobView, view: ClusterView): JobPlan {
    const rackCount = view.topology.rackCount;
    if (this.rackPreferences.length !== rackCount) this.rackPreferences = new Float64Array(rackCount);
    const inputOnRack = Array.from({ length: rackCount }, (_, r) => job.inputOnRack(r as RackId));
    const base = {
      inputBytes: job.inputBytes,
      shuffleInputRatio: view.predictor.ratio(job),
      reduceCount: job.reduceCount,
      inputOnRack,
    };
    if (!this.options.samp) {
      const allRacks = Array.from({ length: rackCount }, (_, r) => r as RackId);
      return {
        preferredMapRacks: undefined,
        prefers: undefined,
        prefersMask: undefined,
        tentative: tentativeReducesPerRack(base, allRacks),
        fromIntermediateData: undefined,
      };
    }
    const placement = shuffleAwareMapPlacement({
      ...base,
      blocks: blocksOf(job, view),
      rackLoad: Array.from(this.rackPreferences),
    });
    const prefers = new Uint8Array(rackCount);
    let mask = 0;
    for (const r of placement.preferredMapRacks) {
      prefers[r] = 1;
      if (r < MASK_RACKS) mask |= 1 << r;
      this.rackPreferences[r] = this.rackPreferences[r]! + 1;
    }
    return {
      preferredMapRacks: Object.freeze(placement.preferredMapRacks),
      prefers,
      prefersMask: rackCount <= MASK_RACKS ? mask : undefined,
      tentative: Object.freeze(placement.tentativeReducesPerRack),
      fromIntermediateData: undefined,
    };
  }
}

/** The job's input blocks with the racks of their replicas. */
function blocksOf(job: JobView, view: ClusterView): SampBlock[] {
  const blocks: SampBlock[] = new Array(job.mapCount);
  for (let i = 0; i < job.mapCount; i += 1) {
    const map = job.map(i);
    blocks[i] = { bytes: map.inputBytes, racks: map.replicaNodes.map((n) => view.topology.rackOf(n)) };
  }
  return blocks;
}
