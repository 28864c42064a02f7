import { mapCost, mapLocality } from '@rackwise/estimators';
import { classifyInput } from '@rackwise/predictor';
import type {
  Bytes,
  ClusterView,
  Decision,
  JobView,
  Locality,
  MapTaskView,
  NodeId,
  RackId,
  SlotKind,
} from '@rackwise/types';
import type { SkippedGroups } from '../nas-skipped-group.js';
import { launch, pass } from './job-facts.js';
import type { LocalMaps, MapGroup, MapGroups } from './map-groups.js';
import type { MapInputRanges } from './map-input-range.js';
import { type NasState, type TaskRequest, resetUnlessPseudocode } from './nas-state.js';

/** A map request for MTS: the node's free map-output space and the users it walks. */
export interface MapRequest extends TaskRequest {
  /**
   * Available map output space on the node (Algorithm 2, line 1); `Infinity` without TT.
   * Read only when a map is priced against it: a request may find it when first read.
   */
  readonly space: Bytes;
  /** The user order's groups with a map to launch here, CR-RTS's pause applied (§III-E). */
  readonly candidates: MapGroups;
}

/**
 * A map request whose free map-output space is found when first read (Algorithm 2 line 1
 * looks at every map running on the node): most requests pass without pricing a map.
 */
export class LazySpaceRequest implements MapRequest {
  readonly view: ClusterView;
  readonly node: NodeId;
  readonly kind: SlotKind;
  readonly skipped?: SkippedGroups;
  #space: Bytes | undefined;

  constructor(
    request: TaskRequest,
    readonly candidates: MapGroups,
    private readonly spaceOf: (view: ClusterView, node: NodeId) => Bytes,
  ) {
    this.view = request.view;
    this.node = request.node;
    this.kind = request.kind;
    if (request.skipped !== undefined) this.skipped = request.skipped;
  }

  get space(): Bytes {
    this.#space ??= this.spaceOf(this.view, this.node);
    return this.#space;
  }
}

interface Candidate {
  readonly job: JobView;
  readonly map: MapTaskView;
}

/** In wait mode (`maxWait` set), the wait that lifts the locality requirement and how long the user has waited. */
function waitOf(
  state: NasState,
  key: string,
  now: number,
): { waitedSeconds?: number; maxWaitSeconds?: number } {
  const waited = state.mapSkips.waited(key, now);
  const maxWait = state.config.maxWait;
  return waited === undefined || maxWait === undefined
    ? {}
    : { waitedSeconds: waited, maxWaitSeconds: maxWait };
}

/**
 * MTS — NAS Algorithm 2 (§III-C). Walks the user list; a user's data-local and
 * shuffle-qualified map launches at once (unpredicted jobs first, then the output
 * closest to the space); otherwise the user is skipped (`D_i^m++`) until its counter
 * reaches `D^m`, when a shuffle-qualified map of any locality launches (categories
 * small/large input × unpredicted/predicted, then MapCost, then closest output), or
 * with none (lines 13–16) its data-local map of least output, else its map of least
 * output. A local qualified launch resets the user's counter; the others only under the
 * `prose` reading of `skipCounterResets`. A map's predicted output is the predictor's
 * `ratio(job) × map.inputBytes` (the `ShufflePredictor` contract): the scans below read
 * each job's ratio once and multiply, for its bounds and for each of its maps.
 */
export function scheduleMap(state: NasState, request: MapRequest): Decision {
  const { view } = request;
  let skipped = false;
  const { candidates } = request;
  for (let i = 0, group = candidates.at(0); group !== undefined; group = candidates.at(++i)) {
    const { key, jobs } = group;
    const local = localQualifiedOf(group, request, state.mapInputs);
    if (local !== undefined) {
      state.mapSkips.reset(key);
      return launch(local.map, 'mts/local-qualified');
    }
    if (!state.mapSkips.reachedMax(key, view.now)) {
      state.mapSkips.skip(key, view.now);
      skipped = true;
      request.skipped?.skip(key, jobs, () => ({
        skips: state.mapSkips.count(key),
        maxSkips: state.config.maxMapSkips,
        ...waitOf(state, key, view.now),
      }));
      continue;
    }
    resetUnlessPseudocode(state, state.mapSkips, key);
    const qualified = qualifiedByCategory(jobs, request, state.config.smallInputBytes, state.mapInputs);
    if (qualified !== undefined) return launch(qualified.map, 'mts/max-skips-qualified');
    const leastLocal = leastOutput(jobs, request, 'local', state.mapInputs);
    if (leastLocal !== undefined) return launch(leastLocal.map, 'mts/max-skips-local');
    const least = leastOutput(jobs, request, 'any', state.mapInputs);
    if (least !== undefined) return launch(least.map, 'mts/max-skips-smallest');
  }
  if (skipped) return pass('mts/skipped');
  return pass(candidates.paused ? 'mts/paused-by-cr-rts' : 'mts/no-pending-map');
}

/**
 * `localQualified` over a group's jobs: over those the group kept for the node when it
 * has them (none when even the least of their smallest maps' outputs exceeds the space —
 * `localQualified` would pass over each of them), else over every job, keeping those
 * with a pending map on the node for the next request there.
 */
function localQualifiedOf(
  group: MapGroup,
  request: MapRequest,
  ranges: MapInputRanges,
): Candidate | undefined {
  const local = group.onNode?.(request.node);
  if (local !== undefined) return localQualified(onNode(local, request, ranges), request, ranges);
  if (group.keepOnNode === undefined) return localQualified(group.jobs, request, ranges);
  const found: JobView[] = [];
  const best = localQualified(group.jobs, request, ranges, found);
  group.keepOnNode(request.node, found);
  return best;
}

/** The kept jobs with a pending map on the node, or none when no smallest map of theirs fits. */
function onNode(local: LocalMaps, request: MapRequest, ranges: MapInputRanges): readonly JobView[] {
  if (local.jobs.length === 0) return NO_JOBS;
  if (local.least === undefined) {
    let least = Number.POSITIVE_INFINITY;
    for (const job of local.jobs) {
      least = Math.min(least, request.view.predictor.ratio(job) * ranges.of(job).leastInput);
    }
    local.least = least;
  }
  return local.least > request.space ? NO_JOBS : local.jobs;
}

const NO_JOBS: readonly JobView[] = Object.freeze([]);

/**
 * Lines 3–4: a data-local map whose predicted output fits; unpredicted jobs first, then
 * closest fit, then the first found. A job whose smallest map does not fit is passed
 * over, and a job's scan stops at a map as large as its largest (`ranges`): no later map
 * of it leaves a smaller gap.
 */
export function localQualified(
  jobs: readonly JobView[],
  request: MapRequest,
  ranges: MapInputRanges,
  /** Receives the jobs with a pending map on the node, in order. */
  local?: JobView[],
): Candidate | undefined {
  const { view, node } = request;
  let best: Candidate | undefined;
  let bestUnpredicted = false;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const job of jobs) {
    const here = job.pendingMapsOnNode(node);
    if (here.length === 0) continue;
    local?.push(job);
    const space = request.space;
    const unpredicted = !view.predictor.isPredicted(job);
    if (best !== undefined && bestUnpredicted && !unpredicted) continue;
    const range = ranges.of(job);
    const ratio = view.predictor.ratio(job);
    if (ratio * range.leastInput > space) continue;
    const ceiling = ratio * range.mostInput;
    for (const map of here) {
      const output = ratio * map.inputBytes;
      if (output > space) continue;
      const gap = space - output;
      if (
        best === undefined ||
        (unpredicted && !bestUnpredicted) ||
        (unpredicted === bestUnpredicted && gap < bestGap)
      ) {
        best = { job, map };
        bestUnpredicted = unpredicted;
        bestGap = gap;
      }
      if (output === ceiling) break;
    }
  }
  return best;
}

/**
 * Lines 7–12: a shuffle-qualified map of any locality, by category — (1) small-input
 * unpredicted, (2) small-input predicted, (3) large-input unpredicted, (4) large-input
 * predicted — then least MapCost, then output closest to the space.
 *
 * Called only when `localQualified` found nothing in the same jobs for the same space:
 * no data-local map fits, so every map that fits costs at least
 * `mapCost('rack', input)`. A map whose bound already loses to the best so far
 * is passed over without finding its locality, and a job none of whose maps can beat it
 * on that bound and the gap of its largest map (`ranges`) is passed over whole. When
 * every pending map of a job reads the same input (`ranges.pendingInput`), they share
 * their output and gap, so the job's scan stops at its first map that does not fit or
 * loses on the bound, and after its first map at the best locality it offers.
 */
export function qualifiedByCategory(
  jobs: readonly JobView[],
  request: MapRequest,
  smallInput: Bytes,
  ranges: MapInputRanges,
): Candidate | undefined {
  const { view, node, space } = request;
  const rack = view.topology.rackOf(node);
  let best: Candidate | undefined;
  let bestCategory = Number.POSITIVE_INFINITY;
  let bestCost = Number.POSITIVE_INFINITY;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const job of jobs) {
    const category =
      (classifyInput(job.inputBytes, smallInput) === 'small' ? 0 : 2) +
      (view.predictor.isPredicted(job) ? 1 : 0);
    if (category > bestCategory) continue;
    const maps = job.pendingMaps();
    if (maps.length === 0) continue;
    const range = ranges.of(job);
    const ratio = view.predictor.ratio(job);
    const smallest = range.leastInput;
    if (ratio * smallest > space) continue;
    if (category === bestCategory) {
      const least = mapCost('rack', smallest);
      const leastGap = space - ratio * range.mostInput;
      if (least > bestCost || (least === bestCost && leastGap >= bestGap)) continue;
    }
    const near = job.pendingMapsOnRack(rack).length > 0;
    const uniform = ranges.pendingInput(job, range) !== undefined;
    for (const map of maps) {
      const input = map.inputBytes;
      const output = ratio * input;
      if (output > space) {
        if (uniform) break;
        continue;
      }
      const gap = space - output;
      if (category === bestCategory) {
        // Replacing the best needs a lower cost, or an equal one and a smaller gap.
        const least = mapCost('rack', input);
        if (least > bestCost || (least === bestCost && gap >= bestGap)) {
          if (uniform) break;
          continue;
        }
      }
      const locality = localityNear(map, request, rack, near);
      const cost = mapCost(locality, input);
      // `category > bestCategory` was skipped above, so equal categories compare on.
      if (category < bestCategory || cost < bestCost || (cost === bestCost && gap < bestGap)) {
        best = { job, map };
        bestCategory = category;
        bestCost = cost;
        bestGap = gap;
      }
      if (uniform && atBest(locality, near)) break;
    }
  }
  return best;
}

/**
 * Lines 14–16: the map with the least predicted output, data-local ones only or any (then
 * least MapCost). `any` is asked only when the node holds no pending map of the jobs, so
 * every map then costs at least `mapCost('rack', input)`, and a map that cannot
 * beat the best so far on that bound is passed over without finding its locality. A job
 * whose smallest map (`ranges`) cannot beat the best is passed over whole; a data-local
 * scan of a job stops at a map as small as its smallest. When every pending map of a job
 * reads the same input, its scan stops at its first map that cannot beat the best, and
 * after its first map at the best locality it offers.
 */
export function leastOutput(
  jobs: readonly JobView[],
  request: MapRequest,
  scope: 'local' | 'any',
  ranges: MapInputRanges,
): Candidate | undefined {
  const { view, node } = request;
  const rack = view.topology.rackOf(node);
  let best: Candidate | undefined;
  let bestOutput = Number.POSITIVE_INFINITY;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const job of jobs) {
    const maps = scope === 'local' ? job.pendingMapsOnNode(node) : job.pendingMaps();
    if (maps.length === 0) continue;
    const ratio = view.predictor.ratio(job);
    const range = ranges.of(job);
    const smallest = range.leastInput;
    const floor = ratio * smallest;
    if (best !== undefined) {
      if (floor > bestOutput) continue;
      if (scope === 'any' && floor === bestOutput && mapCost('rack', smallest) >= bestCost) continue;
    }
    const near = scope === 'any' && job.pendingMapsOnRack(rack).length > 0;
    const uniform = ranges.pendingInput(job, range) !== undefined;
    for (const map of maps) {
      const input = map.inputBytes;
      const output = ratio * input;
      if (best !== undefined) {
        if (
          output > bestOutput ||
          (scope === 'any' && output === bestOutput && mapCost('rack', input) >= bestCost)
        ) {
          if (uniform) break;
          continue;
        }
      }
      const locality = scope === 'local' ? 'node' : localityNear(map, request, rack, near);
      const cost = scope === 'local' ? 0 : mapCost(locality, input);
      if (best === undefined || output < bestOutput || (output === bestOutput && cost < bestCost)) {
        best = { job, map };
        bestOutput = output;
        bestCost = cost;
      }
      if (scope === 'local' && output === floor) break;
      if (uniform && atBest(locality, near)) break;
    }
  }
  return best;
}

/**
 * Whether no later map of a job whose pending maps all read the same input can beat one
 * at this locality: they share its output and gap, so only a cheaper locality could, and
 * none is cheaper than `node`, nor than `rack` here (no pending map of the jobs that fits
 * is data-local when MTS prices by locality), nor than `remote` when the job has no pending
 * map in the rack (`near` false: every map is remote).
 */
function atBest(locality: Locality, near: boolean): boolean {
  return locality !== 'remote' || !near;
}

/**
 * A map's locality for the requesting node in `rack`: found from its replicas when its
 * job has a pending map in the rack (`near`), else rack-remote without looking.
 */
function localityNear(map: MapTaskView, request: MapRequest, rack: RackId, near: boolean): Locality {
  return near ? mapLocality(map, request.node, request.view.topology, rack) : 'remote';
}
