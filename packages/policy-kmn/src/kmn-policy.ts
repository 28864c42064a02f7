import { taskCountSkew } from '@rackwise/estimators';
import {
  ActiveJobsWhere,
  GroupJobsWhere,
  createLocalityWaits,
  createRackReduceGate,
  delayPlacementSteps,
  hasReadyReduce,
  mapsAllLaunched,
  roundRobinReduceQuota,
  serveInOrder,
} from '@rackwise/policy-kit';
import type {
  ClusterView,
  Decision,
  DuplicationExtensionV1,
  JobId,
  JobView,
  MapTaskView,
  NodeId,
  PolicyContext,
  PolicyDefinition,
  RackId,
  SchedulerPolicy,
  SlotOffer,
  TaskRef,
} from '@rackwise/types';
import { resolveKmnConfig } from './internal/resolve-config.js';
import { KMN_DEFAULTS, type KmnConfig } from './kmn-config.js';
import type { KmnChoice, KmnEvidence, KmnStatistics } from './kmn-evidence.js';

/** The KMN policy: a scheduler policy with the duplication extension and its records. */
export interface KmnPolicy extends SchedulerPolicy {
  readonly duplication: DuplicationExtensionV1;
  statistics(): KmnStatistics;
  /** Every choice between two copies so far, in order. */
  choices(): readonly KmnChoice[];
  /** The statistics as flat numbers, for reports. */
  reportMetrics(): Record<string, number>;
}

interface KmnJob {
  readonly mapsPerRack: number[];
  readonly originalRack: Map<number, RackId>;
  readonly originalNode: Map<number, NodeId>;
  /** Target racks of the extra copies still to launch, drawn at random; set in the last wave. */
  targets: RackId[] | undefined;
  readonly copied: Set<number>;
}

/**
 * KMN (Venkataraman et al., OSDI 2014) as Shadow §6.3 compares against it, for general
 * (non-sampling) jobs: originals placed with Delay's locality; once a job's last original
 * has launched, `round(extraRatio × maps)` extra copies of randomly chosen running maps
 * go to racks drawn at random (uniformly, seeded) — "KMN launches additional tasks on
 * random locations"; when a map's first copy finishes, the copy kept is the one that
 * leaves the job's maps per rack best balanced (lowest eq. 10 Skew by counts, reduces
 * round-robin), the finished one on a tie. Reduces as Shadow's (round-robin over the
 * racks holding maps), so the two differ only in where copies go and how one is chosen.
 *
 * Reason codes: `kmn/node-local`, `kmn/rack-local`, `kmn/remote`, `kmn/copy`,
 * `kmn/reduce-round-robin`, `kmn/reduce-waited`; passes `kmn/skip`, `kmn/reduce-quota`,
 * `kmn/no-pending`.
 */
export function createKmnPolicy(config: Partial<KmnConfig> | undefined, context: PolicyContext): KmnPolicy {
  const resolved = resolveKmnConfig(config);
  const { userOrder, random } = { userOrder: resolved.userOrder, random: context.random };
  const evidence = context.recordEvidence === true;
  const waits = createLocalityWaits(resolved);
  const gate = createRackReduceGate(resolved.reduceRackWait);
  const readyReduces = new GroupJobsWhere(hasReadyReduce);
  const jobs = new Map<JobId, KmnJob>();
  const records: KmnChoice[] = [];
  const counts = { launched: 0, chosen: 0, whileRunning: 0 };

  const stateOf = (job: JobView, view: ClusterView): KmnJob => {
    let state = jobs.get(job.id);
    if (state === undefined) {
      state = {
        mapsPerRack: new Array<number>(view.topology.rackCount).fill(0),
        originalRack: new Map(),
        originalNode: new Map(),
        targets: undefined,
        copied: new Set(),
      };
      jobs.set(job.id, state);
    }
    return state;
  };
  const launch = (task: TaskRef, reason: string, proof: KmnEvidence | undefined): Decision =>
    proof === undefined
      ? { type: 'launch', task, reason }
      : { type: 'launch', task, reason, evidence: proof };
  const skewOf = (job: JobView, mapsPerRack: readonly number[]): number | null =>
    taskCountSkew(mapsPerRack, roundRobinReduceQuota(mapsPerRack, job.reduceCount)) ?? null;

  /** The jobs whose copies `copyFor` may place: every map launched, in submission order. */
  const launched = new ActiveJobsWhere(mapsAllLaunched);

  const copyFor = (offer: SlotOffer, view: ClusterView): Decision | undefined => {
    const rack = view.topology.rackOf(offer.node);
    for (const job of launched.of(view)) {
      const state = jobs.get(job.id);
      if (state === undefined || job.count('map', 'pending') > 0) continue;
      if (state.targets === undefined) {
        const extra = Math.round(resolved.extraRatio * job.mapCount);
        state.targets = Array.from({ length: extra }, () => random.int(view.topology.rackCount) as RackId);
      }
      const k = state.targets.indexOf(rack);
      if (k < 0) continue;
      const candidates = job
        .runningMaps()
        .filter(
          (m) => m.runningOn.length === 1 && !state.copied.has(m.index) && m.runningOn[0] !== offer.node,
        );
      if (candidates.length === 0) {
        state.targets.splice(k, 1);
        continue;
      }
      const map = candidates[random.int(candidates.length)]!;
      state.targets.splice(k, 1);
      state.copied.add(map.index);
      counts.launched += 1;
      const from = state.originalRack.get(map.index) ?? rack;
      const proof: KmnEvidence | undefined = evidence
        ? { kind: 'copy', fromRack: from, toRack: rack, copiesLeft: state.targets.length }
        : undefined;
      return { ...launch(map, 'kmn/copy', proof), duplicate: true } as Decision;
    }
    return undefined;
  };

  const placement = delayPlacementSteps({
    prefix: 'kmn',
    waits,
    gate,
    rampupLimit: resolved.reduceRampupLimit,
    evidence,
    mapsPerRack: (job, view) => stateOf(job, view).mapsPerRack,
    onOriginal: (job, task, node, view) => {
      const state = stateOf(job, view);
      state.originalRack.set(task.index, view.topology.rackOf(node));
      state.originalNode.set(task.index, node);
    },
  });

  const choose = (map: MapTaskView, completedOn: NodeId, view: ClusterView): NodeId | undefined => {
    const job = view.job(map.job);
    const state = jobs.get(map.job);
    const running = map.runningOn.find((node) => node !== completedOn);
    if (state === undefined || running === undefined) return undefined;
    const topology = view.topology;
    const finishedRack = topology.rackOf(completedOn);
    const runningRack = topology.rackOf(running);
    const original = state.originalRack.get(map.index) ?? finishedRack;
    // The counts hold the map at its original's rack; try it at each copy's rack.
    const at = (rack: RackId): number[] => {
      const counts = state.mapsPerRack.slice();
      counts[original] = counts[original]! - 1;
      counts[rack] = counts[rack]! + 1;
      return counts;
    };
    const keepFinished = at(finishedRack);
    const keepRunning = at(runningRack);
    const skewFinished = skewOf(job, keepFinished);
    const skewRunning = skewOf(job, keepRunning);
    const switchToRunning = (skewRunning ?? 1) < (skewFinished ?? 1);
    const kept = switchToRunning ? keepRunning : keepFinished;
    state.mapsPerRack.splice(0, kept.length, ...kept);
    const keptRack = switchToRunning ? runningRack : finishedRack;
    if ((switchToRunning ? running : completedOn) !== state.originalNode.get(map.index)) counts.chosen += 1;
    if (switchToRunning) counts.whileRunning += 1;
    records.push({
      job: map.job,
      map: map.index,
      time: view.now,
      finishedRack,
      runningRack,
      keptRack,
      skewKeepingFinished: skewFinished,
      skewKeepingRunning: skewRunning,
      mapsPerRack: kept.slice(),
    });
    return switchToRunning ? running : undefined;
  };

  const statistics = (): KmnStatistics => ({
    copiesLaunched: counts.launched,
    copiesChosen: counts.chosen,
    chosenWhileRunning: counts.whileRunning,
  });

  return {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      return serveInOrder(userOrder, offer, view, {
        reduce: placement.reduce,
        readyReduces,
        beforeMaps: copyFor,
        map: placement.map,
        idle: 'kmn/no-pending',
      });
    },
    onJobCompleted(job: JobView): void {
      jobs.delete(job.id);
      waits.forget(job.id);
      gate.forget(job.id);
    },
    duplication: { chooseCopy: choose },
    statistics,
    choices: () => records,
    reportMetrics: () => ({ ...statistics() }) as unknown as Record<string, number>,
  } satisfies KmnPolicy;
}

/** Registry entry of {@link createKmnPolicy}; a registry passes the `userOrder`. */
export const kmnPolicy: PolicyDefinition<KmnConfig> = Object.freeze({
  name: 'kmn',
  summary: 'KMN for general jobs: 15 % extra map copies at random racks, the best-balanced copy kept',
  defaults: KMN_DEFAULTS,
  create: createKmnPolicy,
});
