import type { JobShuffle } from './job-shuffle.js';
import type { JobState } from './job-state.js';
import { COMPLETED, PENDING, RUNNING, SUSPENDED } from './task-states.js';

// The changes of a job's state as its tasks launch, move and end: with `JobState`, the
// only writers of a job's fields (an ownership test checks it). The lifecycles decide
// what happens and report it here; each function changes the job as one step.

/** Where a map reads its input: on its node, in its rack or from another rack. */
export const LOCAL = 0;
export const RACK_LOCAL = 1;
export const REMOTE = 2;

// ---------------------------------------------------------------- maps

/** Map i launches (its first copy) at `now`. */
export function startMap(job: JobState, i: number, now: number): void {
  job.removePending(i);
  job.mapState[i] = RUNNING;
  job.runningMapCount++;
  job.addRunningMap(i);
  job.mapStart[i] = now;
  if (Number.isNaN(job.firstLaunchTime)) job.firstLaunchTime = now;
}

/** A duplicate copy of one of the job's maps launched. */
export function countDuplicate(job: JobState): void {
  job.duplicatesLaunched++;
}

/** A map of the job launched reading its input from `where` (`LOCAL`, `RACK_LOCAL`, `REMOTE`). */
export function countPlacement(job: JobState, where: number): void {
  if (where === LOCAL) job.localMaps++;
  else if (where === RACK_LOCAL) job.rackLocalMaps++;
  else job.remoteMaps++;
}

/** Attempt a heads map i's list of running copies (−1: none runs). */
export function setMapCopies(job: JobState, i: number, a: number): void {
  job.mapAttempt[i] = a;
}

/** Map i's kept copy finished: no copy of it runs any more. */
export function endMap(job: JobState, i: number): void {
  job.mapAttempt[i] = -1;
  job.runningMapCount--;
  job.removeRunningMap(i);
}

/** Map i stands for a parent's task (`recorded.mapsFromParents`): done at submission, `now`. */
export function standMap(job: JobState, i: number, now: number): void {
  job.removePending(i);
  job.mapStart[i] = now;
}

/**
 * Map i completed with its output on `node` of `rack` at `now`: counted, and the map
 * phase's end noted if it was the last. Returns the map's output bytes.
 */
export function completeMap(job: JobState, i: number, node: number, rack: number, now: number): number {
  job.mapState[i] = COMPLETED;
  job.mapOutputNode[i] = node;
  job.completedMapCount++;
  const output = job.trueMapOutput(i);
  job.completedMapInputBytes += job.mapInputBytes(i);
  job.completedMapOutputBytes += output;
  job.outputOnRack[rack]! += output;
  if (job.completedMapCount === job.mapCount) job.mapPhaseEnd = now;
  return output;
}

/** Enough maps completed: the job's reduces may launch. */
export function readyReduces(job: JobState): void {
  job.reducesReady = true;
}

// ---------------------------------------------------------------- reduces

/**
 * Reduce r launches on `node` (of `rack`; it ran on a node of `previousRack` before if it
 * was suspended) at `now`. Returns whether it is the job's first reduce to launch.
 */
export function startReduce(
  job: JobState,
  r: number,
  node: number,
  rack: number,
  previousRack: number,
  now: number,
): boolean {
  const wasSuspended = job.reduceState[r] === SUSPENDED;
  job.waiting.remove(job.reduces[r]!, wasSuspended);
  if (wasSuspended) job.suspendedReduceCount--;
  else job.pendingReduceCount--;
  job.reduceState[r] = RUNNING;
  job.runningReduceCount++;
  job.addRunningReduce(r);
  job.reduceNode[r] = node;
  if (wasSuspended) {
    if (previousRack !== rack) {
      job.reducesOnRackCount[previousRack]!--;
      job.reducesOnRackCount[rack]!++;
    }
  } else {
    job.reducesOnRackCount[rack]!++;
  }
  let first = false;
  if (job.reduceFirstLaunched[r] === 0) {
    job.reduceFirstLaunched[r] = 1;
    job.reduceStart[r] = now;
    if (!Number.isNaN(job.mapPhaseEnd)) job.reduceWaitSum += now - job.mapPhaseEnd;
    if (job.firstReduceTime === undefined) {
      job.firstReduceTime = now;
      job.mapProgressAtFirstReduce = job.completedMapCount / job.mapCount;
      first = true;
    }
  }
  return first;
}

/** The job's first task launched now (if none had). */
export function noteLaunch(job: JobState, now: number): void {
  if (Number.isNaN(job.firstLaunchTime)) job.firstLaunchTime = now;
}

/** Attempt a runs reduce r (−1: none). */
export function setReduceAttempt(job: JobState, r: number, a: number): void {
  job.reduceAttempt[r] = a;
}

/** Reduce r's fetched data is on `node`. */
export function placeReduceData(job: JobState, r: number, node: number): void {
  job.reduceDataNode[r] = node;
}

/** Reduce r fetched `bytes` more. */
export function creditFetch(job: JobState, r: number, bytes: number): void {
  job.reduceFetched[r]! += bytes;
}

/** Reduce r's shuffle is over at `now` (its shuffle phase counted if it is its first, unpreempted). */
export function endShuffle(job: JobState, r: number, now: number): void {
  if (job.reduceShuffleDone[r] === 0 && job.reducePreemptions[r] === 0) {
    job.shufflePhaseSum += now - job.reduceStart[r]!;
    job.shufflePhaseCount++;
  }
  job.reduceShuffleDone[r] = 1;
}

/** Reduce r computed a fraction `elapsed` of what was left of its work. */
export function progressReduce(job: JobState, r: number, elapsed: number): void {
  const done = job.reduceProgress[r]!;
  job.reduceProgress[r] = Math.min(1, done + (1 - done) * elapsed);
}

/** Reduce r computed all its work. */
export function computedReduce(job: JobState, r: number): void {
  job.reduceProgress[r] = 1;
}

/** Reduce r completed. */
export function completeReduce(job: JobState, r: number): void {
  job.reduceState[r] = COMPLETED;
  job.runningReduceCount--;
  job.completedReduceCount++;
  job.removeRunningReduce(r);
  job.reduceAttempt[r] = -1;
  job.reduceProgress[r] = 1;
}

/** Reduce r is preempted: it leaves its slot. */
export function preemptReduce(job: JobState, r: number): void {
  job.preemptionCount++;
  job.reducePreemptions[r]!++;
  job.removeRunningReduce(r);
  job.runningReduceCount--;
  job.reduceAttempt[r] = -1;
}

/** Killed reduce r loses what it fetched and computed. */
export function resetReduce(job: JobState, r: number): void {
  job.reduceProgress[r] = 0;
  job.reduceShuffleDone[r] = 0;
  job.reduceDataNode[r] = -1;
  job.reduceFetched[r] = 0;
}

/** Killed reduce r, last on `node` of `rack`, waits again as pending. */
export function requeueReduce(job: JobState, r: number, node: number, rack: number): void {
  job.reduceState[r] = PENDING;
  job.pendingReduceCount++;
  job.waiting.addPending(job.reduces[r]!);
  job.reducesOnRackCount[rack]!--;
  job.reduceNode[r] = node;
}

/** Preempted reduce r waits, suspended, to resume. */
export function suspendReduce(job: JobState, r: number): void {
  job.reduceState[r] = SUSPENDED;
  job.suspendedReduceCount++;
  job.waiting.addSuspended(job.reduces[r]!);
}

// ---------------------------------------------------------------- without a network

/** Map output `output` completed on `node` (of `nodeCount`): kept for the reduces not launched yet. */
export function keepOutputOn(job: JobState, node: number, output: number, nodeCount: number): void {
  let onNode = job.outputOnNode;
  if (onNode === undefined) {
    onNode = new Float64Array(nodeCount);
    job.outputOnNode = onNode;
  }
  if (onNode[node] === 0) job.outputNodes.push(node);
  onNode[node]! += output;
}

/** Reduce r of weight `weight` starts (+1) or stops (−1) having fetched what exists. */
export function shiftPendingWeight(job: JobState, weight: number, sign: number): void {
  job.pendingWeight -= sign * weight;
}

// ---------------------------------------------------------------- traffic

/** Shuffle bytes crossed from `sourceRack` to `destinationRack`. */
export function countCrossRackShuffle(
  job: JobState,
  sourceRack: number,
  destinationRack: number,
  bytes: number,
): void {
  job.shuffleUp[sourceRack]! += bytes;
  job.shuffleDown[destinationRack]! += bytes;
  job.crossRackShuffleBytes += bytes;
}

/** Map input bytes were read from another rack. */
export function countCrossRackInput(job: JobState, bytes: number): void {
  job.crossRackMapInputBytes += bytes;
}

/** The job's shuffle is tracked by `shuffle` (network on, reduces > 0); set at submission. */
export function attachShuffle(job: JobState, shuffle: JobShuffle): void {
  job.shuffle = shuffle;
}
