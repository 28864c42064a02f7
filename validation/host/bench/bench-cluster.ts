/**
 * The cluster the host benchmarks run: 200 nodes in 10 racks of 6 containers, jobs of 20
 * maps (three replicas: a random node and two fixed strides away) and 2 reduces from 50
 * users, and each built-in policy created by name with the `nas-cluster` preset's
 * configuration.
 */
import { defaultPolicyRegistry, experimentPreset } from '@rackwise/experiments';
import {
  type ClusterState,
  createClusterState,
  createHostTopology,
  createRandomSource,
} from '@rackwise/host';
import type { NodeId, RandomSource, SchedulerPolicy, TaskRef } from '@rackwise/types';

export const registry = defaultPolicyRegistry();
const configs = experimentPreset('nas-cluster').policyConfig;
export const NODES = 200;
const MAPS = 20;
const REDUCES = 2;
const BLOCK = 128 * 2 ** 20;
const topology = createHostTopology(
  Array.from({ length: NODES }, (_, n) => ({ name: `n${n}`, rack: `r${Math.floor(n / 20)}`, slots: 6 })),
  { oversubscription: 5 },
);

/** One policy attached to a host state holding `jobs` active jobs. */
export interface Bench {
  readonly state: ClusterState;
  readonly policy: SchedulerPolicy;
  /** The host's clock: each benchmark moves it on. */
  time: number;
  /** Submits one more job of the benchmark's shape. */
  submit(): void;
  /** Copies started by {@link churn}, oldest first from `oldest` on (kept from one run to the next). */
  readonly running: { task: TaskRef; node: NodeId }[];
  oldest: number;
  /** The node {@link churn} offers next. */
  cursor: number;
}

export function createBench(name: string, jobs: number, evidence: boolean): Bench {
  const state = createClusterState({ topology });
  const random: RandomSource = createRandomSource(7);
  const policy = registry.create(
    name,
    configs[name],
    evidence ? { random: createRandomSource(1), recordEvidence: true } : { random: createRandomSource(1) },
  );
  state.attach(policy);
  let next = 0;
  const bench: Bench = {
    state,
    policy,
    time: 0,
    running: [],
    oldest: 0,
    cursor: 0,
    submit() {
      const id = next++;
      const maps = Array.from({ length: MAPS }, () => {
        const first = Math.floor(random.next() * NODES);
        return {
          inputBytes: BLOCK,
          replicas: [first, (first + 37) % NODES, (first + 41) % NODES] as NodeId[],
        };
      });
      state.apply({ type: 'submit', time: bench.time, job: { id, user: id % 50, maps, reduces: REDUCES } });
      bench.time += 0.001;
    },
  };
  for (let j = 0; j < jobs; j++) bench.submit();
  bench.time += 1;
  return bench;
}

/** What a run of {@link churn} did. */
export interface ChurnCounts {
  offers: number;
  launches: number;
  /** Events applied: starts, finishes, submissions, ticks and preemptions. */
  events: number;
  jobsCompleted: number;
}

/**
 * A scheduler's steady state: every task that starts finishes later, so offers go only to
 * free slots and (almost) every one follows a state change. The cluster is kept full:
 * when no node has a free container the oldest running copy finishes; a job whose last
 * task finished is replaced by a new one, so the active jobs stay as many. A node that
 * passes is skipped until the next finish. Stops after `offers` offers or `events` events.
 */
export function churn(bench: Bench, limit: { offers?: number; events?: number }): ChurnCounts {
  const { state, policy } = bench;
  const view = state.view;
  const counts: ChurnCounts = { offers: 0, launches: 0, events: 0, jobsCompleted: 0 };
  const running = bench.running;
  /** Nodes that passed since the last finish. */
  const passed = new Set<NodeId>();
  const maxOffers = limit.offers ?? Number.POSITIVE_INFINITY;
  const maxEvents = limit.events ?? Number.POSITIVE_INFINITY;
  const finishOldest = (): void => {
    while (bench.oldest < running.length) {
      const { task, node } = running[bench.oldest++]!;
      bench.time += 1e-4;
      let job: ReturnType<typeof view.job> | undefined;
      try {
        job = view.job(task.job);
      } catch {
        continue; // the job completed (its other copies finished first)
      }
      const still =
        task.kind === 'map'
          ? job.map(task.index).runningOn.includes(node)
          : job.reduce(task.index).state === 'running' && job.reduce(task.index).node === node;
      if (!still) continue; // killed when another copy finished, or preempted
      const active = view.activeJobs().length;
      // Other copies of a map are out of the state already (the host would kill them).
      state.apply({
        type: 'finish',
        time: bench.time,
        task,
        node,
        ...(task.kind === 'map' ? { outputBytes: job.map(task.index).inputBytes / 2 } : {}),
      });
      counts.events++;
      if (view.activeJobs().length < active) {
        counts.jobsCompleted++;
        bench.submit();
        counts.events++;
      }
      passed.clear();
      break;
    }
    if (bench.oldest > 4096 && bench.oldest * 2 > running.length) {
      running.splice(0, bench.oldest);
      bench.oldest = 0;
    }
  };
  /** The host's periodic tick, and the preemptions the policy asks for then (FCS). */
  const tick = (): void => {
    state.apply({ type: 'tick', time: bench.time });
    counts.events++;
    const mode = policy.preemption?.mode ?? 'work-conserving';
    for (const request of state.preemptions) {
      state.apply({ type: 'preempt', time: bench.time, task: request.task, mode });
      counts.events++;
    }
  };
  while (counts.offers < maxOffers && counts.events < maxEvents) {
    if (counts.offers % 1000 === 999) tick();
    let node: NodeId | undefined;
    for (let k = 0; k < NODES && node === undefined; k++) {
      const n = ((bench.cursor + k) % NODES) as NodeId;
      if (view.freeSlots(n, 'container') > 0 && !passed.has(n)) node = n;
    }
    if (node === undefined) {
      if (bench.oldest >= running.length) break; // nothing runs and nothing launches
      finishOldest();
      continue;
    }
    bench.cursor = (node + 1) % NODES;
    bench.time += 1e-4;
    const decision = state.offer(policy, node, 'container', bench.time);
    counts.offers++;
    if (decision.type !== 'launch') {
      passed.add(node);
      continue;
    }
    const task = { job: decision.task.job, kind: decision.task.kind, index: decision.task.index };
    state.apply({
      type: 'start',
      time: bench.time,
      task,
      node,
      ...(decision.duplicate === true ? { duplicate: true } : {}),
    });
    counts.launches++;
    counts.events++;
    running.push({ task, node });
  }
  return counts;
}

/** CPU seconds (user and system) spent by `run`. */
export function cpuSeconds(run: () => void): number {
  const started = process.cpuUsage();
  run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1e6;
}

/** The heap in use, in MiB, after a full collection when the process runs with `--expose-gc`. */
export function heapMiB(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return Math.round((process.memoryUsage().heapUsed / 2 ** 20) * 10) / 10;
}
