import type { Bytes, RackId } from '@rackwise/types';
import { requireInteger, requireNonNegative, requirePerRack } from '../internal/arguments.js';
import { apportionReduces } from './reduce-apportionment.js';
import { shuffleAcrossRacks } from './sarp-reduces-per-rack.js';

/** One input block of a job: its size and the racks holding a replica of it. */
export interface SampBlock {
  readonly bytes: Bytes;
  /** Racks with at least one replica (repeats are harmless). */
  readonly racks: readonly RackId[];
}

/**
 * What SAMP knows of a job when it is submitted (ShuffleWatcher §3.2, Fig. 4).
 */
export interface SampJob {
  /** Total map input of the job. */
  readonly inputBytes: Bytes;
  /** `ShuffleInputRatio`: predicted map output / map input (1 until maps finish, §3.1). */
  readonly shuffleInputRatio: number;
  /** `NumReduces`; 0 for a map-only job (no shuffle). */
  readonly reduceCount: number;
  /**
   * Input bytes with a replica on each rack (`JobView.inputOnRack`), one entry per rack of
   * the cluster. A block replicated on two racks counts on both.
   */
  readonly inputOnRack: readonly Bytes[];
  /**
   * The job's blocks and the racks of their replicas, which make the remote map traffic
   * exact: the input of blocks with no replica on the chosen racks. Without them that
   * traffic is `inputBytes − Σ inputOnRack` over the chosen racks (at least 0), exact
   * only when no block has replicas on two of those racks.
   */
  readonly blocks?: readonly SampBlock[];
  /**
   * Tie-break for racks holding the same input: fewer first (e.g. the number of active
   * jobs already preferring each rack), then the lower rack id. One entry per rack.
   */
  readonly rackLoad?: readonly number[];
}

/** SAMP's estimate of a job's cross-rack traffic for one set of map racks (Fig. 4, line 6). */
export interface SampTrafficEstimate {
  /** Input bytes of maps that must read across racks: blocks with no replica on the map racks. */
  readonly remoteMapBytes: Bytes;
  /** Shuffle bytes crossing racks when SARP places the reduces. */
  readonly crossRackShuffleBytes: Bytes;
  /** `CrossRackTraffic` = remote map traffic + cross-rack shuffle. */
  readonly totalBytes: Bytes;
}

/** The outcome of SAMP (Fig. 4) for one job. */
export interface SampPlacement {
  /** `PreferredMapRacks` (line 8): never empty; in decreasing order of the job's input. */
  readonly preferredMapRacks: RackId[];
  /** `TentativeReducesPerRack` (line 9), one count per rack, summing to `reduceCount`. */
  readonly tentativeReducesPerRack: number[];
  /** The estimate for `preferredMapRacks` — the smallest the loop met. */
  readonly estimate: SampTrafficEstimate;
}

interface CheckedJob {
  readonly inputBytes: Bytes;
  readonly shuffleBytes: Bytes;
  readonly reduceCount: number;
  readonly inputOnRack: readonly Bytes[];
  readonly blocks: readonly SampBlock[] | undefined;
  readonly rackLoad: readonly number[] | undefined;
}

function checkJob(job: SampJob, fn: string): CheckedJob {
  const inputBytes = requireNonNegative(job.inputBytes, `${fn}: job.inputBytes`);
  const ratio = requireNonNegative(job.shuffleInputRatio, `${fn}: job.shuffleInputRatio`);
  const reduceCount = requireInteger(job.reduceCount, `${fn}: job.reduceCount`);
  const inputOnRack = requirePerRack(job.inputOnRack, `${fn}: job.inputOnRack`);
  if (inputOnRack.length === 0)
    throw new Error(`${fn}: job.inputOnRack must have one entry per rack, got none`);
  const rackLoad =
    job.rackLoad === undefined
      ? undefined
      : requirePerRack(job.rackLoad, `${fn}: job.rackLoad`, { length: inputOnRack.length });
  const blocks = job.blocks;
  if (blocks !== undefined) {
    blocks.forEach((block, i) => {
      requireNonNegative(block.bytes, `${fn}: job.blocks[${i}].bytes`);
      for (const rack of block.racks) checkRack(rack, inputOnRack.length, `${fn}: job.blocks[${i}].racks`);
    });
  }
  return { inputBytes, shuffleBytes: ratio * inputBytes, reduceCount, inputOnRack, blocks, rackLoad };
}

function checkRack(rack: number, rackCount: number, what: string): void {
  if (!Number.isInteger(rack) || rack < 0 || rack >= rackCount) {
    throw new Error(`${what} must hold racks in [0, ${rackCount}), got ${String(rack)}`);
  }
}

function checkRacks(racks: readonly RackId[], rackCount: number, fn: string): void {
  if (racks.length === 0) throw new Error(`${fn}: mapRacks must name at least one rack`);
  const seen = new Set<number>();
  for (const rack of racks) {
    checkRack(rack, rackCount, `${fn}: mapRacks`);
    if (seen.has(rack)) throw new Error(`${fn}: mapRacks must not repeat a rack, got ${rack} twice`);
    seen.add(rack);
  }
}

/**
 * Racks in decreasing order of the job's input data — ShuffleWatcher Fig. 4, line 1.
 * Equal input: the lower `rackLoad` first (when given), then the lower rack id.
 * @throws Error naming the field when the job description is invalid.
 */
export function sortRacksByInput(job: SampJob): RackId[] {
  return sortChecked(checkJob(job, 'sortRacksByInput'));
}

function sortChecked(job: CheckedJob): RackId[] {
  const load = job.rackLoad;
  return Array.from(job.inputOnRack.keys(), (r) => r as RackId).sort(
    (a, b) =>
      job.inputOnRack[b]! - job.inputOnRack[a]! || (load === undefined ? 0 : load[a]! - load[b]!) || a - b,
  );
}

/**
 * Map-side shares of the job's intermediate data when its maps run on `racks`: each
 * rack's input in proportion (the maps whose data it holds run there, the others are
 * spread alike), equal shares when those racks hold none of the input.
 */
function mapShares(job: CheckedJob, racks: readonly RackId[]): number[] {
  const weights = new Array<number>(job.inputOnRack.length).fill(0);
  let total = 0;
  for (const r of racks) total += job.inputOnRack[r]!;
  for (const r of racks) weights[r] = total > 0 ? job.inputOnRack[r]! / total : 1 / racks.length;
  return weights;
}

function tentativeChecked(job: CheckedJob, racks: readonly RackId[]): number[] {
  return apportionReduces(job.reduceCount, mapShares(job, racks));
}

function shuffleChecked(job: CheckedJob, racks: readonly RackId[]): Bytes {
  const shares = mapShares(job, racks);
  const output = shares.map((s) => s * job.shuffleBytes);
  return shuffleAcrossRacks(output, apportionReduces(job.reduceCount, shares));
}

function estimateOf(remoteMapBytes: Bytes, crossRackShuffleBytes: Bytes): SampTrafficEstimate {
  return { remoteMapBytes, crossRackShuffleBytes, totalBytes: remoteMapBytes + crossRackShuffleBytes };
}

function coveredBy(job: CheckedJob, racks: readonly RackId[]): Bytes {
  if (job.blocks === undefined) {
    let sum = 0;
    for (const r of racks) sum += job.inputOnRack[r]!;
    return Math.min(sum, job.inputBytes);
  }
  const chosen = new Set<number>(racks);
  let covered = 0;
  for (const block of job.blocks) if (block.racks.some((r) => chosen.has(r))) covered += block.bytes;
  return Math.min(covered, job.inputBytes);
}

/**
 * `CrossRackTraffic` of a job whose maps run on `mapRacks` — ShuffleWatcher Fig. 4,
 * line 6 and §3.2: remote map traffic (the input of blocks with no replica on those
 * racks) plus the cross-rack shuffle "assuming SARP's Reduce placement".
 *
 * Model (the paper names the terms, not the formula): the job's shuffle,
 * `ShuffleInputRatio × inputBytes`, lands on the map racks in proportion to the input each
 * holds; SARP then places the reduces in the same proportion (made whole by
 * {@link apportionReduces}), and each reduce fetches its partition of every rack's output
 * ({@link crossRackShuffleBytes}). One rack: no cross-rack shuffle.
 *
 * @throws Error naming the field when the job is invalid or `mapRacks` is empty, repeats a
 *   rack or names one outside the cluster.
 */
export function sampCrossRackTraffic(job: SampJob, mapRacks: readonly RackId[]): SampTrafficEstimate {
  const checked = checkJob(job, 'sampCrossRackTraffic');
  checkRacks(mapRacks, checked.inputOnRack.length, 'sampCrossRackTraffic');
  return estimateOf(
    Math.max(0, checked.inputBytes - coveredBy(checked, mapRacks)),
    shuffleChecked(checked, mapRacks),
  );
}

/**
 * SAMP's `TentativeReducesPerRack` — ShuffleWatcher Fig. 4, line 9: the reduces SARP
 * would place if the maps ran on `mapRacks`, in proportion to the input each of those
 * racks holds (equal when they hold none), made whole by {@link apportionReduces}.
 * Racks outside `mapRacks` get 0. The counts sum to `job.reduceCount`.
 * @throws Error naming the field when the job or `mapRacks` is invalid.
 */
export function tentativeReducesPerRack(job: SampJob, mapRacks: readonly RackId[]): number[] {
  const checked = checkJob(job, 'tentativeReducesPerRack');
  checkRacks(mapRacks, checked.inputOnRack.length, 'tentativeReducesPerRack');
  return tentativeChecked(checked, mapRacks);
}

/**
 * SAMP — ShuffleWatcher Fig. 4 (§3.2), run once per job at submission: racks sorted by
 * the job's input (line 1) are added one by one to `TmpMapRacks` while the estimated
 * `CrossRackTraffic` ({@link sampCrossRackTraffic}) decreases (lines 4–7).
 *
 * Reading of line 7: the do-while, taken literally, keeps the rack whose addition made
 * the estimate stop decreasing; §3.2 says racks are added "until this sum is minimized",
 * so the set returned is the one with the smallest estimate — the rack that did not
 * lower it is left out. The set is never empty (the first rack always enters, line 3
 * starts from infinity) and the loop ends when the racks run out.
 *
 * Remote map traffic is computed in one pass over the blocks for all prefixes of the
 * sorted racks, so SAMP costs O(blocks × replicas + racks² ) per job.
 *
 * @throws Error naming the field when the job description is invalid.
 */
export function shuffleAwareMapPlacement(job: SampJob): SampPlacement {
  const checked = checkJob(job, 'shuffleAwareMapPlacement');
  const sorted = sortChecked(checked);
  const coveredByPrefix = prefixCoverage(checked, sorted);
  let best: SampTrafficEstimate | undefined;
  let size = 0;
  for (let k = 1; k <= sorted.length; k += 1) {
    const racks = sorted.slice(0, k);
    const estimate = estimateOf(
      Math.max(0, checked.inputBytes - coveredByPrefix[k - 1]!),
      shuffleChecked(checked, racks),
    );
    if (best !== undefined && !(estimate.totalBytes < best.totalBytes)) break;
    best = estimate;
    size = k;
  }
  const preferredMapRacks = sorted.slice(0, size);
  return {
    preferredMapRacks,
    tentativeReducesPerRack: tentativeChecked(checked, preferredMapRacks),
    estimate: best!,
  };
}

/** `coverage[k]`: input bytes with a replica on one of the first `k + 1` sorted racks. */
function prefixCoverage(job: CheckedJob, sorted: readonly RackId[]): number[] {
  const rackCount = sorted.length;
  const coverage = new Array<number>(rackCount).fill(0);
  if (job.blocks === undefined) {
    let sum = 0;
    for (let k = 0; k < rackCount; k += 1) {
      sum += job.inputOnRack[sorted[k]!]!;
      coverage[k] = Math.min(sum, job.inputBytes);
    }
    return coverage;
  }
  const rank = new Array<number>(rackCount);
  sorted.forEach((rack, k) => {
    rank[rack] = k;
  });
  // Each block counts from the first sorted rack holding one of its replicas onwards.
  const firstCovered = new Array<number>(rackCount).fill(0);
  for (const block of job.blocks) {
    let first = rackCount;
    for (const r of block.racks) first = Math.min(first, rank[r]!);
    if (first < rackCount) firstCovered[first] = firstCovered[first]! + block.bytes;
  }
  let sum = 0;
  for (let k = 0; k < rackCount; k += 1) {
    sum += firstCovered[k]!;
    coverage[k] = Math.min(sum, job.inputBytes);
  }
  return coverage;
}
