import type {
  ClusterView,
  JobId,
  JobView,
  RackId,
  ReduceTaskView,
  Seconds,
  SlotOffer,
} from '@rackwise/types';
import { earlyReduceAllowed } from './pick-task-by-locality.js';

/**
 * Shadow §4.2's reduce placement as per-rack quotas: "we first sort the racks in
 * descending order by the number of its Map tasks … then we launch Reduce tasks one by
 * one starting from the first rack to the last", only to racks holding the job's maps.
 * Returns how many of `reduces` reduces each rack gets when they are dealt round-robin
 * in that order (ties by rack index): `⌊t / k⌋`, plus one for the first `t mod k` racks.
 * A rack without maps gets 0; with no maps anywhere, every rack is taken as holding one.
 */
export function roundRobinReduceQuota(mapsPerRack: ArrayLike<number>, reduces: number): number[] {
  const racks = Array.from({ length: mapsPerRack.length }, (_, r) => r);
  let holding = racks.filter((r) => (mapsPerRack[r] ?? 0) > 0);
  if (holding.length === 0) holding = racks;
  holding.sort((a, b) => (mapsPerRack[b] ?? 0) - (mapsPerRack[a] ?? 0) || a - b);
  const quota = new Array<number>(mapsPerRack.length).fill(0);
  const k = holding.length;
  if (k === 0) return quota;
  holding.forEach((rack, position) => {
    quota[rack] = Math.floor(reduces / k) + (position < reduces % k ? 1 : 0);
  });
  return quota;
}

/**
 * One rack's entry of {@link roundRobinReduceQuota}, found without building the others:
 * its place among the racks holding maps (most maps first, ties by rack index) decides it.
 */
export function roundRobinReduceQuotaOn(
  mapsPerRack: ArrayLike<number>,
  reduces: number,
  rack: number,
): number {
  const count = mapsPerRack.length;
  if (!(Number.isInteger(rack) && rack >= 0 && rack < count)) return 0;
  let holding = 0;
  for (let r = 0; r < count; r++) if ((mapsPerRack[r] ?? 0) > 0) holding++;
  const everyRack = holding === 0;
  const maps = mapsPerRack[rack] ?? 0;
  if (!everyRack && !(maps > 0)) return 0;
  const k = everyRack ? count : holding;
  let position = 0;
  for (let r = 0; r < count; r++) {
    if (r === rack) continue;
    const other = mapsPerRack[r] ?? 0;
    if (!everyRack && !(other > 0)) continue;
    if (other > maps || (other === maps && r < rack)) position++;
  }
  return Math.floor(reduces / k) + (position < reduces % k ? 1 : 0);
}

/** Why {@link RackReduceGate.admit} let a reduce into a rack. */
export type RackReduceAdmission = 'round-robin' | 'waited';

/**
 * Keeps a job's reduces to the round-robin quotas of {@link roundRobinReduceQuota}. A
 * rack over its quota (or without maps) is refused until the job has been refused for
 * `maxWait` seconds, then any rack is admitted — so a job whose racks have no free reduce
 * slot cannot starve (not in the paper, which ran one job at a time; documented by each
 * policy).
 */
export interface RackReduceGate {
  /** Whether a reduce of `job` may launch in `rack`, given the job's maps per rack. */
  admit(
    job: JobView,
    rack: RackId,
    mapsPerRack: ArrayLike<number>,
    view: ClusterView,
  ): RackReduceAdmission | undefined;
  /**
   * The job's next waiting reduce for this slot and why it is admitted; `'held'` when
   * its rack is over quota; `undefined` when the job has no reduce to run yet (before
   * slowstart, none waiting, or — in a container — maps still to launch and early reduces
   * at `rampupLimit`).
   */
  reduceFor(
    job: JobView,
    offer: SlotOffer,
    view: ClusterView,
    mapsPerRack: ArrayLike<number>,
    rampupLimit: number,
  ): { readonly task: ReduceTaskView; readonly admission: RackReduceAdmission } | 'held' | undefined;
  forget(job: JobId): void;
}

/** Creates a {@link RackReduceGate} with the given wait before any rack is admitted. */
export function createRackReduceGate(maxWait: Seconds): RackReduceGate {
  const refusedSince = new Map<JobId, Seconds>();
  const gate: RackReduceGate = {
    reduceFor(job, offer, view, mapsPerRack, rampupLimit) {
      if (!job.reducesReady) return undefined;
      const task = job.waitingReduces()[0];
      if (task === undefined) return undefined;
      if (job.count('map', 'pending') > 0 && !earlyReduceAllowed(offer, view, rampupLimit)) return undefined;
      const admission = gate.admit(job, view.topology.rackOf(offer.node), mapsPerRack, view);
      return admission === undefined ? 'held' : { task, admission };
    },
    admit(job, rack, mapsPerRack, view) {
      if (job.reducesOnRack(rack) < roundRobinReduceQuotaOn(mapsPerRack, job.reduceCount, rack)) {
        refusedSince.delete(job.id);
        return 'round-robin';
      }
      const since = refusedSince.get(job.id);
      if (since === undefined) {
        refusedSince.set(job.id, view.now);
        return maxWait <= 0 ? 'waited' : undefined;
      }
      return view.now - since >= maxWait ? 'waited' : undefined;
    },
    forget(job) {
      refusedSince.delete(job);
    },
  };
  return gate;
}
