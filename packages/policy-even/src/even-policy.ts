import {
  GroupJobsWhere,
  type JobStep,
  createRackReduceGate,
  hasReadyReduce,
  mergeConfig,
  requireFraction,
  requireName,
  serveInOrder,
} from '@rackwise/policy-kit';
import type {
  ClusterView,
  Decision,
  JobId,
  JobView,
  MapTaskView,
  PolicyContext,
  PolicyDefinition,
  SchedulerPolicy,
  SlotOffer,
  UserOrder,
} from '@rackwise/types';
import { EVEN_DEFAULTS, type EvenConfig } from './even-config.js';
import type { EvenEvidence } from './even-evidence.js';

/** The Even policy: a scheduler policy that also tells a job's maps per rack. */
export interface EvenPolicy extends SchedulerPolicy {
  /** Maps of a job launched per rack so far (empty for unknown jobs). */
  mapsPerRack(job: JobId): readonly number[];
}

function resolve(config: Partial<EvenConfig> | undefined): EvenConfig & { userOrder: UserOrder } {
  const merged = mergeConfig('even', EVEN_DEFAULTS, config, ['userOrder']);
  const order = merged.userOrder;
  if (typeof order !== 'object' || order === null || typeof order.order !== 'function') {
    throw new Error(
      `even: userOrder is required — a UserOrder such as createFairUserOrder(); got ${String(order)}`,
    );
  }
  if (typeof merged.preferLocal !== 'boolean') {
    throw new Error(`even: preferLocal must be a boolean, got ${String(merged.preferLocal)}`);
  }
  const overflowWait = merged.overflowWait;
  if (typeof overflowWait !== 'number' || Number.isNaN(overflowWait) || overflowWait < 0) {
    throw new Error(`even: overflowWait must be a number of seconds ≥ 0, got ${String(overflowWait)}`);
  }
  const wait = merged.reduceRackWait;
  if (typeof wait !== 'number' || !Number.isFinite(wait) || wait < 0) {
    throw new Error(`even: reduceRackWait must be a finite number of seconds ≥ 0, got ${String(wait)}`);
  }
  return {
    name: requireName('even', merged.name),
    userOrder: order,
    preferLocal: merged.preferLocal,
    reduceRackWait: wait,
    overflowWait,
    reduceRampupLimit: requireFraction('even', 'reduceRampupLimit', merged.reduceRampupLimit),
  };
}

/**
 * Even scheduling (Shadow §6.1, Figs. 12–13): every rack runs the same number of a
 * job's maps, whatever the locality. A rack may take a map while it holds fewer than
 * `⌊s / n⌋` of the job's `s` maps over `n` racks, or `⌊s / n⌋` while fewer than
 * `s mod n` racks took one more — so the counts end within one of each other. Inside the
 * rack's share the job's first pending map is taken (by index: its blocks' placement is
 * random), or with `preferLocal` (default) its node-local, then rack-local one. Reduces go
 * round-robin over the racks (all hold maps), as Shadow's. Jobs in the user order.
 *
 * Reason codes: `even/map`, `even/map-node-local`, `even/map-rack-local`,
 * `even/reduce-round-robin`, `even/reduce-waited`, `even/map-overflow` (the liveness guard
 * `overflowWait`, not in the paper); passes `even/rack-full`,
 * `even/reduce-quota`, `even/no-pending`.
 */
export function createEvenPolicy(
  config: Partial<EvenConfig> | undefined,
  context: PolicyContext,
): EvenPolicy {
  const resolved = resolve(config);
  const evidence = context.recordEvidence === true;
  const gate = createRackReduceGate(resolved.reduceRackWait);
  const readyReduces = new GroupJobsWhere(hasReadyReduce);
  const launched = new Map<JobId, number[]>();
  /** When a rack first refused each job a map since its last map launch (for `overflowWait`). */
  const lastProgress = new Map<JobId, number>();

  const countsOf = (job: JobView, view: ClusterView): number[] => {
    let counts = launched.get(job.id);
    if (counts === undefined) {
      counts = new Array<number>(view.topology.rackCount).fill(0);
      launched.set(job.id, counts);
    }
    return counts;
  };

  const mapFor = (job: JobView, offer: SlotOffer, view: ClusterView): JobStep => {
    if (job.count('map', 'pending') === 0) return undefined;
    const counts = countsOf(job, view);
    const rack = view.topology.rackOf(offer.node);
    const racks = counts.length;
    const floor = Math.floor(job.mapCount / racks);
    const above = counts.filter((c) => c > floor).length;
    const mine = counts[rack]!;
    let overflow = false;
    if (!(mine < floor || (mine === floor && above < job.mapCount % racks))) {
      const since = lastProgress.get(job.id);
      if (since === undefined) lastProgress.set(job.id, view.now);
      if (since === undefined || view.now - since < resolved.overflowWait) return { held: 'even/rack-full' };
      overflow = true;
    }
    lastProgress.delete(job.id);
    let task: MapTaskView | undefined;
    let reason = 'even/map';
    if (resolved.preferLocal) {
      task = job.pendingMapsOnNode(offer.node)[0];
      reason = 'even/map-node-local';
      if (task === undefined) {
        task = job.pendingMapsOnRack(rack)[0];
        reason = 'even/map-rack-local';
      }
    }
    if (task === undefined) {
      task = job.pendingMaps()[0]!;
      reason = 'even/map';
    }
    if (overflow) reason = 'even/map-overflow';
    counts[rack] = mine + 1;
    const proof: EvenEvidence | undefined = evidence
      ? { kind: 'map', rack, mapsPerRack: counts.slice(), rackShare: Math.ceil(job.mapCount / racks) }
      : undefined;
    return proof === undefined
      ? { type: 'launch', task, reason }
      : { type: 'launch', task, reason, evidence: proof };
  };

  const reduceFor = (job: JobView, offer: SlotOffer, view: ClusterView): JobStep => {
    // Nothing to launch: the gate would answer nothing (and the job's counts are not needed).
    if (!hasReadyReduce(job)) return undefined;
    const counts = countsOf(job, view);
    const pick = gate.reduceFor(job, offer, view, counts, resolved.reduceRampupLimit);
    if (pick === undefined) return undefined;
    if (pick === 'held') return { held: 'even/reduce-quota' };
    const reason = `even/reduce-${pick.admission}`;
    if (!evidence) return { type: 'launch', task: pick.task, reason };
    const rack = view.topology.rackOf(offer.node);
    const rackShare = Math.ceil(job.mapCount / counts.length);
    return {
      type: 'launch',
      task: pick.task,
      reason,
      evidence: { kind: 'reduce', rack, mapsPerRack: counts.slice(), rackShare },
    };
  };

  return {
    specificationVersion: 'v1',
    name: resolved.name,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      return serveInOrder(resolved.userOrder, offer, view, {
        reduce: reduceFor,
        readyReduces,
        map: mapFor,
        idle: 'even/no-pending',
      });
    },
    onJobCompleted(job: JobView): void {
      launched.delete(job.id);
      lastProgress.delete(job.id);
      gate.forget(job.id);
    },
    mapsPerRack: (job: JobId) => launched.get(job) ?? [],
  } satisfies EvenPolicy;
}

/** Registry entry of {@link createEvenPolicy}; a registry passes the `userOrder`. */
export const evenPolicy: PolicyDefinition<EvenConfig> = Object.freeze({
  name: 'even',
  summary: 'Even scheduling: the same number of each job’s maps on every rack, locality ignored',
  defaults: EVEN_DEFAULTS,
  create: createEvenPolicy,
});
