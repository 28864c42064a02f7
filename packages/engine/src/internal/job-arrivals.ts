import type { Topology } from '@rackwise/topology';
import type { JobSpec, RandomSource, UserId, Workload } from '@rackwise/types';
import type { ClusterView, SchedulerPolicy } from '@rackwise/types';
import type { ArrivalWindowLoad } from './arrival-window-load.js';
import type { Backlog } from './backlog.js';
import type { EngineContext } from './engine-context.js';
import { JobDependencies } from './job-dependencies.js';
import type { JobRegistry } from './job-registry.js';
import { JobShuffle } from './job-shuffle.js';
import { JobState } from './job-state.js';
import { attachShuffle } from './job-transitions.js';
import type { ArrivalCalls, MapCalls, OfferCalls, TimerCalls } from './part-calls.js';
import type { StateVersion } from './state-version.js';

/** Reports progress: simulated time and jobs done of the total. */
export type ProgressListener = (progress: { time: number; jobsDone: number; jobsTotal: number }) => void;

/** What job arrivals read and call. */
export interface ArrivalsHost extends EngineContext {
  readonly topology: Topology;
  /** Present when the network is simulated: a job with reduces then has a shuffle. */
  readonly network: unknown;
  readonly policy: SchedulerPolicy;
  readonly view: ClusterView;
  readonly registry: Pick<JobRegistry, 'user' | 'add' | 'complete'>;
  readonly changes: Pick<StateVersion, 'touch'>;
  readonly backlog: Pick<Backlog, 'mapsArrived' | 'reducesReady'>;
  readonly arrivalLoad: Pick<ArrivalWindowLoad, 'submitted'>;
  readonly maps: Pick<MapCalls, 'completeStanding'>;
  readonly timers: TimerCalls;
  readonly offers: Pick<OfferCalls, 'jobSubmitted'>;
}

/**
 * Jobs entering and leaving the cluster: the workload's jobs in submission order, each
 * placed (its blocks' replicas) and activated at its submit time, its user activated
 * with its first job; a completed job is recorded and leaves its user's list.
 */
export class JobArrivals implements ArrivalCalls {
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
    private readonly host: ArrivalsHost,
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
    this.nextTime = dependencies.hasReleased ? this.host.now : this.#arrivalTime(this.#next);
  }

  #arrivalTime(position: number): number {
    if (position >= this.#order.length) return Number.POSITIVE_INFINITY;
    return this.#specs[this.#order[position]!]!.submitTime;
  }

  #activate(index: number): void {
    const host = this.host;
    const spec = this.#specs[index]!;
    const placement = this.workload.placement;
    const replication = placement.replication;
    const replicas = new Int32Array(spec.mapCount * replication).fill(-1);
    placement.place(spec, host.topology, this.placementRandom, replicas);
    const pinned =
      spec.recorded?.mapsFromParents === true ? this.#dependencies.parentTaskNodes(index) : undefined;
    if (pinned !== undefined) {
      // A map standing for a parent's task has its only replica where that task ran.
      replicas.fill(-1);
      for (let i = 0; i < pinned.length; i++) replicas[i * replication] = pinned[i]!;
    }
    const nodes = host.nodeCount;
    for (let i = 0; i < replicas.length; i++) {
      const node = replicas[i]!;
      if (node !== -1 && !(Number.isInteger(node) && node >= 0 && node < nodes)) {
        throw new Error(
          `workload.placement "${placement.name}" placed a replica of job ${index} on node ${node}; nodes are 0 … ${nodes - 1}`,
        );
      }
    }
    const user = host.registry.user(spec.user);
    const job = new JobState(host, index, spec, user, replicas, replication);
    if (job.reduceCount > 0 && host.network !== undefined) {
      attachShuffle(
        job,
        new JobShuffle(nodes, job.mapCount, job.reduceCount, host.rackOfNode, host.rackCount),
      );
    }
    host.registry.add(job);
    host.changes.touch(user);
    if (Number.isNaN(this.firstSubmit)) this.firstSubmit = host.now;
    host.arrivalLoad.submitted(host.now);
    host.backlog.mapsArrived(job.mapCount);
    if (job.reducesReady) host.backlog.reducesReady(job.reduceCount);
    host.policy.onJobSubmitted?.(job, host.view);
    // Maps standing for the parents' tasks are done already: their outputs are where those ran.
    if (pinned !== undefined)
      for (let i = 0; i < pinned.length; i++) host.maps.completeStanding(job, i, pinned[i]!);
    host.timers.start();
    host.offers.jobSubmitted();
  }

  /** The job's last task finished. */
  complete(job: JobState): void {
    const host = this.host;
    host.registry.complete(job, host.now);
    host.changes.touch(job.userState);
    if (this.#dependencies.complete(job.index, job.reduceCount > 0 ? job.reduceNode : job.mapOutputNode)) {
      this.nextTime = host.now;
    }
    this.jobsDone++;
    this.lastCompletion = host.now;
    host.policy.onJobCompleted?.(job, host.view);
    this.#reportProgress();
  }

  #reportProgress(): void {
    if (this.onProgress === undefined) return;
    const total = this.#specs.length;
    const step = Math.floor((this.jobsDone * 200) / Math.max(1, total));
    if (step === this.#progressStep && this.jobsDone !== total) return;
    this.#progressStep = step;
    this.onProgress({ time: this.host.now, jobsDone: this.jobsDone, jobsTotal: total });
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
