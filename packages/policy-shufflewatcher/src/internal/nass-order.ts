import type {
  ClusterView,
  JobView,
  MapTaskView,
  NodeId,
  RackId,
  ReduceTaskView,
  TaskRef,
} from '@rackwise/types';
import type { JobPlans } from './job-plans.js';
import type { LocalityLevel } from './locality-wait.js';

/** The categories of Fig. 3, named after what they launch. */
export type NassRule =
  | 'map-preferred-rack'
  | 'map-node-local'
  | 'map-rack-local'
  | 'map-any'
  | 'reduce-light'
  | 'reduce-heavy-sarp'
  | 'reduce-heavy'
  | 'reduce-any';

/** A task NASS picked, the Fig. 3 category it came from and, for a map, its locality level. */
export interface NassChoice {
  readonly task: TaskRef;
  readonly rule: NassRule;
  readonly level: LocalityLevel;
}

/** One offer, for one selected user. */
export interface NassRequest {
  readonly view: ClusterView;
  readonly node: NodeId;
  readonly rack: RackId;
  /** `NetworkSaturated` (Fig. 3, line 2). */
  readonly saturated: boolean;
  /** The user's candidate jobs, in arrival order. */
  readonly jobs: readonly JobView[];
  /**
   * Of `jobs`, those past slowstart with a waiting reduce, in the same order — the only
   * ones `reduceAvailable` can accept: the reduce scans look at these alone. Undefined:
   * look at every job.
   */
  readonly reduceJobs: readonly JobView[] | undefined;
  /** Whether the slot runs maps / reduces. */
  readonly maps: boolean;
  readonly reduces: boolean;
  /** Farthest map locality the user may launch now (2 under strict fairness). */
  readonly allowed: LocalityLevel;
  readonly plans: JobPlans;
  readonly isHeavy: (job: JobView) => boolean;
  /** Whether the job has a reduce the slot may take now (slowstart, ramp-up limit). */
  readonly reduceAvailable: (job: JobView) => boolean;
  /** Split reduce slot under saturation: hold reduces while the user has maps waiting. */
  readonly delayReduces: boolean;
}

/** The user has maps to run but none local enough yet (relaxed locality): pass it over. */
export const WAIT_FOR_LOCALITY = 'wait' as const;

/** A reduce slot the saturated network keeps for later: the user's maps come first. */
export const DELAY_SHUFFLE = 'delay' as const;

/**
 * NASS, ShuffleWatcher Fig. 3, lines 2–19, over one user's jobs:
 * - saturated: maps (SAMP-preferred rack, local, any), then reduces of shuffle-light jobs,
 *   of shuffle-heavy jobs whose SARP quota on the rack is unmet, any reduce;
 * - not saturated: reduces of shuffle-heavy jobs with an unmet SARP quota, of any
 *   shuffle-heavy job, any reduce, then maps in the same order as above.
 * Within a category jobs go by arrival (§3.1). Returns a choice whenever the user has a
 * task the slot runs — except under relaxed locality, where a user whose turn goes to
 * maps but has none local enough gets {@link WAIT_FOR_LOCALITY}, and, with `delayReduces`,
 * for a split reduce slot under saturation while the user has maps waiting
 * ({@link DELAY_SHUFFLE}).
 */
export function nassChoose(
  request: NassRequest,
): NassChoice | typeof WAIT_FOR_LOCALITY | typeof DELAY_SHUFFLE | undefined {
  const { saturated, maps, reduces } = request;
  if (saturated) {
    const mapsWaiting = request.jobs.some((j) => j.pendingMaps().length > 0);
    if (maps) {
      const map = mapOf(request);
      if (map !== undefined) return map;
      if (mapsWaiting) return WAIT_FOR_LOCALITY;
    } else if (request.delayReduces && mapsWaiting) {
      return DELAY_SHUFFLE;
    }
    if (!reduces) return undefined;
    return (
      reduceOf(request, 'reduce-light', (j) => !request.isHeavy(j)) ??
      reduceOf(request, 'reduce-heavy-sarp', (j) => request.isHeavy(j) && quotaUnmet(request, j)) ??
      reduceOf(request, 'reduce-any', () => true)
    );
  }
  if (reduces) {
    const reduce = unsaturatedReduce(request);
    if (reduce !== undefined) return reduce;
  }
  if (!maps) return undefined;
  const map = mapOf(request);
  if (map !== undefined) return map;
  return request.jobs.some((j) => j.pendingMaps().length > 0) ? WAIT_FOR_LOCALITY : undefined;
}

function quotaUnmet(request: NassRequest, job: JobView): boolean {
  return request.plans.reduceQuotaUnmet(job, request.view, request.rack);
}

function reduceOf(
  request: NassRequest,
  rule: NassRule,
  accept: (job: JobView) => boolean,
): NassChoice | undefined {
  for (const job of request.reduceJobs ?? request.jobs) {
    if (!request.reduceAvailable(job)) continue;
    const reduce = job.waitingReduces()[0];
    if (reduce !== undefined && accept(job)) return { task: refOf(reduce), rule, level: 2 };
  }
  return undefined;
}

/**
 * Lines 8–9, a reduce of a shuffle-heavy job with an unmet SARP quota, of any
 * shuffle-heavy job, of any job, in one scan: the quota is asked of the same jobs, in
 * the same order, as three scans one category after another would ask it (it may compute
 * and keep SARP's counts), and the later categories take the first job each met.
 */
function unsaturatedReduce(request: NassRequest): NassChoice | undefined {
  let heavy: ReduceTaskView | undefined;
  let any: ReduceTaskView | undefined;
  for (const job of request.reduceJobs ?? request.jobs) {
    if (!request.reduceAvailable(job)) continue;
    const reduce = job.waitingReduces()[0];
    if (reduce === undefined) continue;
    any ??= reduce;
    if (!request.isHeavy(job)) continue;
    heavy ??= reduce;
    if (quotaUnmet(request, job)) return { task: refOf(reduce), rule: 'reduce-heavy-sarp', level: 2 };
  }
  if (heavy !== undefined) return { task: refOf(heavy), rule: 'reduce-heavy', level: 2 };
  if (any !== undefined) return { task: refOf(any), rule: 'reduce-any', level: 2 };
  return undefined;
}

/**
 * Lines 4–6 (and 16–18): a map of a job whose PreferredMapRacks hold the rack (its most
 * local one; SAMP accepts remote reads for it, §3.2), then node-local and rack-local maps
 * of any job (§3.1: "node-local and rack-local tasks are explored in that order"), then
 * any map. Under relaxed locality, only maps within the allowed level.
 */
function mapOf(request: NassRequest): NassChoice | undefined {
  const { jobs, node, rack, allowed, view, plans } = request;
  for (const job of jobs) {
    if (!plans.prefersRack(job, view, rack)) continue;
    const local = job.pendingMapsOnNode(node)[0];
    if (local !== undefined) return mapChoice(local, 'map-preferred-rack', 0);
    if (allowed < 1) continue;
    const near = job.pendingMapsOnRack(rack)[0] ?? job.pendingMaps()[0];
    if (near !== undefined) return mapChoice(near, 'map-preferred-rack', 1);
  }
  for (const job of jobs) {
    const local = job.pendingMapsOnNode(node)[0];
    if (local !== undefined) return mapChoice(local, 'map-node-local', 0);
  }
  if (allowed < 1) return undefined;
  for (const job of jobs) {
    const near = job.pendingMapsOnRack(rack)[0];
    if (near !== undefined) return mapChoice(near, 'map-rack-local', 1);
  }
  if (allowed < 2) return undefined;
  for (const job of jobs) {
    const any = job.pendingMaps()[0];
    if (any !== undefined) return mapChoice(any, 'map-any', 2);
  }
  return undefined;
}

function mapChoice(map: MapTaskView, rule: NassRule, level: LocalityLevel): NassChoice {
  return { task: refOf(map), rule, level };
}

/** A plain copy of a task reference: views are live and must not be kept. */
function refOf(task: TaskRef): TaskRef {
  return { job: task.job, kind: task.kind, index: task.index };
}
