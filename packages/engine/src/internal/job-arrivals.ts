import type { JobSpec, RandomSource, UserId, Workload } from '@rackwise/types';
import type { Engine } from './engine.js';
import { JobDependencies } from './job-dependencies.js';
import { JobShuffle } from './job-shuffle.js';
import { JobState } from './job-state.js';

/** Reports progress: simulated time and jobs done of the total. */
export type ProgressListener = (progress: { time: number; jobsDone: number; jobsTotal: number }) => void;

/**
 * Jobs entering and leaving the cluster: the workload's jobs in submission order, each
 * placed (its blocks' replicas) and activated at its submit time, its user activated
 * with its first job; a completed job is recorded and leaves its user's list.
 */
export class JobArrivals {
  /** Submit time of the next job to arrive (infinity when all have). */
  nextTime: number;
  jobsDone = 0;
  firstSubmit = Number.NaN;
  lastCompletion = Number.NaN;
  readonly #specs: readonly JobSpec[];
  readonly #order: Int32Array;
  #next = 0;
  #progressStep = -1;
  readonly #dependencies: JobDependencies;

  constructor(
    private readonly engine: Engine,
    private readonly workload: Workload,
    private readonly placementRandom: RandomSource,
    private readonly onProgress: ProgressListener | undefined,
  ) {
    this.#specs = workload.jobs;
    this.#order = arrivalOrder(workload.jobs);
    this.#dependencies = new JobDependencies(workload.jobs);
    this.nextTime = this.#arrivalTime(0);
  }

  get total(): number {
    return this.#specs.length;
  }

  /** Whether some job has not completed. */
  get pending(): boolean {
    return this.jobsDone < this.#specs.length;
  }

  /**
   * Activates the next job to arrive (at `nextTime`): a job whose dependencies were
   * released, else the next by submit time — held back if some dependency has not completed.
   */
  activateNext(): void {
    const dependencies = this.#dependencies;
    const released = dependencies.takeReleased();
    if (released >= 0) this.#activate(released);
    else {
      const index = this.#order[this.#next++]!;
      if (dependencies.arrive(index)) this.#activate(index);
    }
    this.nextTime = dependencies.hasReleased ? this.engine.now : this.#arrivalTime(this.#next);
  }

  #arrivalTime(position: number): number {
    if (position >= this.#order.length) return Number.POSITIVE_INFINITY;
    return this.#specs[this.#order[position]!]!.submitTime;
  }

  #activate(index: number): void {
    const engine = this.engine;
    const spec = this.#specs[index]!;
    const placement = this.workload.placement;
    const replication = placement.replication;
    const replicas = new Int32Array(spec.mapCount * replication).fill(-1);
    placement.place(spec, engine.topology, this.placementRandom, replicas);
    const pinned =
      spec.recorded?.mapsFromParents === true ? this.#dependencies.parentTaskNodes(index) : undefined;
    if (pinned !== undefined) {
      // A map standing for a parent's task has its only replica where that task ran.
      replicas.fill(-1);
      for (let i = 0; i < pinned.length; i++) replicas[i * replication] = pinned[i]!;
    }
    const nodes = engine.nodeCount;
    for (let i = 0; i < replicas.length; i++) {
      const node = replicas[i]!;
      if (node !== -1 && !(Number.isInteger(node) && node >= 0 && node < nodes)) {
        throw new Error(
          `workload.placement "${placement.name}" placed a replica of job ${index} on node ${node}; nodes are 0 … ${nodes - 1}`,
        );
      }
    }
    const user = engine.registry.user(spec.user);
    const job = new JobState(engine, index, spec, user, replicas, replication);
    if (job.reduceCount > 0 && engine.network !== undefined) {
      job.shuffle = new JobShuffle(nodes, job.mapCount, job.reduceCount, engine.rackOfNode, engine.rackCount);
    }
    engine.registry.add(job);
    engine.changes.touch(user);
    if (Number.isNaN(this.firstSubmit)) this.firstSubmit = engine.now;
    engine.arrivalLoad.submitted(engine.now);
    engine.backlog.mapsArrived(job.mapCount);
    if (job.reducesReady) engine.backlog.reducesReady(job.reduceCount);
    engine.policy.onJobSubmitted?.(job, engine.view);
    // Maps standing for the parents' tasks are done already: their outputs are where those ran.
    if (pinned !== undefined)
      for (let i = 0; i < pinned.length; i++) engine.maps.completeStanding(job, i, pinned[i]!);
    engine.timers.start();
    engine.offers.workArrived();
  }

  /** The job's last task finished. */
  complete(job: JobState): void {
    const engine = this.engine;
    engine.registry.complete(job, engine.now);
    engine.changes.touch(job.userState);
    if (this.#dependencies.complete(job.index, job.reduceCount > 0 ? job.reduceNode : job.mapOutputNode)) {
      this.nextTime = engine.now;
    }
    this.jobsDone++;
    this.lastCompletion = engine.now;
    engine.policy.onJobCompleted?.(job, engine.view);
    this.#reportProgress();
  }

  #reportProgress(): void {
    if (this.onProgress === undefined) return;
    const total = this.#specs.length;
    const step = Math.floor((this.jobsDone * 200) / Math.max(1, total));
    if (step === this.#progressStep && this.jobsDone !== total) return;
    this.#progressStep = step;
    this.onProgress({ time: this.engine.now, jobsDone: this.jobsDone, jobsTotal: total });
  }
}

/** Job indices in submission order (stable for equal times); refuses unordered NaN. */
function arrivalOrder(jobs: readonly JobSpec[]): Int32Array {
  const order = new Int32Array(jobs.length);
  let sorted = true;
  for (let i = 0; i < jobs.length; i++) {
    order[i] = i;
    if (i > 0 && jobs[i]!.submitTime < jobs[i - 1]!.submitTime) sorted = false;
  }
  if (!sorted) {
    const indices = Array.from(order);
    indices.sort((x, y) => jobs[x]!.submitTime - jobs[y]!.submitTime || x - y);
    order.set(indices);
  }
  return order;
}
