import {
  GroupJobsWhere,
  type JobStep,
  createRackReduceGate,
  hasReadyReduce,
  mergeConfig,
  requireFraction,
  requireName,
  serveInOrder,
  stepJobs,
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
  ServiceGroup,
  SlotOffer,
  UserOrder,
} from '@rackwise/types';
import { EVEN_DEFAULTS, type EvenConfig } from './even-config.js';
import type { EvenEvidence } from './even-evidence.js';

/** What Even keeps of a job: its maps launched per rack and when a rack first refused it one. */
interface LaunchedMaps {
  /** Maps launched per rack. */
  readonly counts: number[];
  /** How many racks hold more than `⌊maps / racks⌋` of them, kept as `counts` grows. */
  above: number;
  /** When a rack first refused the job a map since its last map launch (for `overflowWait`); NaN when none has. */
  refusedSince: number;
}

/** A group's jobs a walk on one rack met over their share, kept for the group's version. */
interface PassedOnRack {
  /** Where in the group's jobs the next walk looks on. */
  next: number;
  /** The jobs before `next` with pending maps, each over its share on the rack, in order. */
  readonly jobs: JobView[];
  /** What Even keeps of each of them. */
  readonly entries: LaunchedMaps[];
}

/** The answer for a job over its share on the offered rack: one object, as walks pass many such jobs. */
const RACK_FULL = Object.freeze({ held: 'even/rack-full' });

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
  const launched = new Map<JobId, LaunchedMaps>();
  /** Per group the order keeps, per rack, the jobs a walk met over their share. */
  const overShareKept = new WeakMap<ServiceGroup, { version: number; racks: PassedOnRack[] }>();

  const launchedOf = (job: JobView, view: ClusterView): LaunchedMaps => {
    let entry = launched.get(job.id);
    if (entry === undefined) {
      entry = {
        counts: new Array<number>(view.topology.rackCount).fill(0),
        above: 0,
        refusedSince: Number.NaN,
      };
      launched.set(job.id, entry);
    }
    return entry;
  };
  const countsOf = (job: JobView, view: ClusterView): number[] => launchedOf(job, view).counts;

  /** Whether the job holds its share of maps on the rack already (it may then only overflow). */
  const overShare = (job: JobView, entry: LaunchedMaps, rack: number): boolean => {
    const racks = entry.counts.length;
    const floor = Math.floor(job.mapCount / racks);
    const mine = entry.counts[rack]!;
    return !(mine < floor || (mine === floor && entry.above < job.mapCount % racks));
  };

  /** A job over its share on the rack met by a walk: held back, or its map when it waited long enough. */
  const refuse = (job: JobView, entry: LaunchedMaps, offer: SlotOffer, view: ClusterView): JobStep => {
    const since = entry.refusedSince;
    if (Number.isNaN(since)) entry.refusedSince = view.now;
    if (Number.isNaN(since) || view.now - since < resolved.overflowWait) return RACK_FULL;
    return launchMap(job, entry, offer, view, true);
  };

  const launchMap = (
    job: JobView,
    entry: LaunchedMaps,
    offer: SlotOffer,
    view: ClusterView,
    overflow: boolean,
  ): Decision => {
    const counts = entry.counts;
    const rack = view.topology.rackOf(offer.node);
    const racks = counts.length;
    entry.refusedSince = Number.NaN;
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
    const mine = counts[rack]!;
    counts[rack] = mine + 1;
    if (mine === Math.floor(job.mapCount / racks)) entry.above++;
    const proof: EvenEvidence | undefined = evidence
      ? { kind: 'map', rack, mapsPerRack: counts.slice(), rackShare: Math.ceil(job.mapCount / racks) }
      : undefined;
    return proof === undefined
      ? { type: 'launch', task, reason }
      : { type: 'launch', task, reason, evidence: proof };
  };

  const mapFor = (job: JobView, offer: SlotOffer, view: ClusterView): JobStep => {
    if (job.count('map', 'pending') === 0) return undefined;
    const entry = launchedOf(job, view);
    if (overShare(job, entry, view.topology.rackOf(offer.node))) return refuse(job, entry, offer, view);
    return launchMap(job, entry, offer, view, false);
  };

  /**
   * A group's map walk, as `mapFor` over its jobs would answer, but passing at once the
   * jobs already met over their share on the rack: while the order hands out the group
   * with the same version, a job's pending maps stay as they are and its counts only
   * grow, so a job once over its share on a rack stays so, and only its refusal time,
   * one number, is looked at again.
   */
  const mapGroup = (group: ServiceGroup, offer: SlotOffer, view: ClusterView): JobStep => {
    const version = group.version;
    if (version === undefined || view.stateVersion === undefined)
      return stepJobs(group.jobs, mapFor, offer, view);
    let kept = overShareKept.get(group);
    if (kept === undefined || kept.version !== version) {
      kept = { version, racks: [] };
      overShareKept.set(group, kept);
    }
    const rack = view.topology.rackOf(offer.node);
    let passed = kept.racks[rack];
    if (passed === undefined) {
      passed = { next: 0, jobs: [], entries: [] };
      kept.racks[rack] = passed;
    }
    const { jobs: heldJobs, entries } = passed;
    for (let i = 0; i < entries.length; i++) {
      const answer = refuse(heldJobs[i]!, entries[i]!, offer, view);
      if (answer !== RACK_FULL) return answer;
    }
    let held = entries.length > 0;
    const jobs = group.jobs;
    for (; passed.next < jobs.length; passed.next++) {
      const job = jobs[passed.next]!;
      if (job.count('map', 'pending') === 0) continue;
      const entry = launchedOf(job, view);
      if (!overShare(job, entry, rack)) return launchMap(job, entry, offer, view, false);
      heldJobs.push(job);
      entries.push(entry);
      held = true;
      const answer = refuse(job, entry, offer, view);
      if (answer !== RACK_FULL) {
        passed.next++;
        return answer;
      }
    }
    return held ? RACK_FULL : undefined;
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
        mapGroup,
        idle: 'even/no-pending',
      });
    },
    onJobCompleted(job: JobView): void {
      launched.delete(job.id);
      gate.forget(job.id);
    },
    mapsPerRack: (job: JobId) => launched.get(job)?.counts ?? [],
  } satisfies EvenPolicy;
}

/** Registry entry of {@link createEvenPolicy}; a registry passes the `userOrder`. */
export const evenPolicy: PolicyDefinition<EvenConfig> = Object.freeze({
  name: 'even',
  summary: 'Even scheduling: the same number of each job’s maps on every rack, locality ignored',
  defaults: EVEN_DEFAULTS,
  create: createEvenPolicy,
});
