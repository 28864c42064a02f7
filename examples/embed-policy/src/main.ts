/**
 * A home-grown scheduler that embeds rackwise policies through @rackwise/host.
 *
 * The host owns its cluster, its clock and its heartbeat loop; it tells a host state what
 * happens (jobs, tasks started and finished, the transfers it is moving) and asks the
 * policy on every free container. The same loop runs the Hadoop Fair Scheduler and the
 * network-aware NAS — no hand-written ClusterView.
 *
 *   pnpm start              # print what happened
 *   pnpm examples           # the same, failing unless every job finished (and Fair was fair)
 */
import {
  type ClusterState,
  createClusterState,
  createRandomSource,
  topologyFromLabels,
} from '@rackwise/host';
import { createFairPolicy, createFairUserOrder } from '@rackwise/policy-fair';
import { type NasEvidence, createNasPolicy } from '@rackwise/policy-nas';
import type { JobId, NodeId, SchedulerPolicy, TaskRef } from '@rackwise/types';

const check = process.argv.includes('--check');
const BLOCK = 128 * 1024 * 1024;

// The host's nodes, as its orchestrator lists them: 2 racks (zones) × 3 nodes × 2 containers.
const nodes = Array.from({ length: 6 }, (_, i) => ({
  name: `worker-${i}`,
  labels: { 'topology.kubernetes.io/zone': i < 3 ? 'rack-a' : 'rack-b' },
  slots: 2,
}));
// User 0 submits a big job at t = 0; user 1 two smaller ones at t = 10 s.
let seed = 7;
const nextNode = (): number => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % 6;
};
const maps = (n: number) =>
  Array.from({ length: n }, () => {
    const first = nextNode();
    return { inputBytes: BLOCK, replicas: [first, (first + 3) % 6] as NodeId[] }; // a replica in each rack
  });
const jobs = [
  { at: 0, job: { id: 0, user: 0, maps: maps(40), reduces: 2 } },
  { at: 10, job: { id: 1, user: 1, maps: maps(12), reduces: 1 } },
  { at: 10, job: { id: 2, user: 1, maps: maps(12), reduces: 1 } },
];
// The host's duration model: reading a block over the network costs time.
const SECONDS: Record<string, number> = { node: 4, rack: 6, remote: 9, reduce: 5 };

/** Runs the host loop with one policy; returns turnarounds and how often Fair's promise broke. */
function host(policy: SchedulerPolicy, state: ClusterState) {
  state.attach(policy);
  const ends: { at: number; task: TaskRef; node: NodeId }[] = [];
  const done = new Map<number, number>();
  const fetches: { job: JobId; from: NodeId; until: number }[] = [];
  let unfair = 0;
  policy.onJobCompleted = ((inner) => (job, view) => {
    done.set(job.id, view.now);
    inner?.(job, view);
  })(policy.onJobCompleted);
  const view = state.view;
  for (let now = 0; done.size < jobs.length && now < 1000; now++) {
    for (const { at, job } of jobs) if (at === now) state.apply({ type: 'submit', time: now, job });
    // A reduce ends once its job's maps are all done and it fetched their output.
    const due = (e: (typeof ends)[number]) =>
      e.at <= now &&
      (e.task.kind === 'map' ||
        view.job(e.task.job).count('map', 'completed') === view.job(e.task.job).mapCount);
    const ending = ends.filter(due);
    ends.splice(0, ends.length, ...ends.filter((e) => !ending.includes(e)));
    for (const end of ending) {
      if (end.task.kind === 'map') fetches.push({ job: end.task.job, from: end.node, until: now + 2 });
      const outputBytes = end.task.kind === 'map' ? BLOCK / 2 : undefined;
      state.apply({
        type: 'finish',
        time: now,
        ...end,
        ...(outputBytes === undefined ? {} : { outputBytes }),
      });
    }
    // What the network carries now: each running reduce fetches a map's output in the 2 s after the map ends
    // (a completed job has left the view, and no reduce of it fetches any more).
    const active = new Set(view.activeJobs().map((j) => j.id));
    const flows = fetches
      .filter((f) => f.until > now && active.has(f.job))
      .flatMap((f) =>
        view
          .job(f.job)
          .runningReduces()
          .filter((r) => r.node !== f.from)
          .map((r) => ({ from: f.from, to: r.node! })),
      );
    state.apply({ type: 'flows', time: now, flows });
    // Heartbeats: every node offers its free containers.
    for (let n = 0; n < view.topology.nodeCount; n++) {
      const node = n as NodeId;
      while (view.freeSlots(node, 'container') > 0) {
        const decision = state.offer(policy, node, 'container', now);
        if (decision.type === 'pass') break;
        const { task } = decision;
        const user = view.job(task.job).user;
        const running = (u: number) => {
          const v = view.activeUsers().find((x) => x.id === u);
          return v === undefined ? 0 : v.running('map') + v.running('reduce');
        };
        const waits = (u: number) =>
          view.activeJobs().some((j) => j.user === u && j.count('map', 'pending') > 0);
        if (waits(0) && waits(1) && running(user) > running(1 - user)) unfair++;
        const map = task.kind === 'map' ? view.job(task.job).map(task.index) : undefined;
        const rack = view.topology.rackOf(node);
        const where = !map
          ? 'reduce'
          : map.replicaNodes.includes(node)
            ? 'node'
            : map.replicaNodes.some((r) => view.topology.rackOf(r) === rack)
              ? 'rack'
              : 'remote';
        state.apply({ type: 'start', time: now, task, node });
        ends.push({ at: now + (SECONDS[where] ?? 9), task, node });
      }
    }
  }
  return { done, unfair };
}

const fair = createFairPolicy();
const fairRun = host(fair, createClusterState({ topology: topologyFromLabels(nodes, { nicCapacity: 1e9 }) }));
const nas = createNasPolicy(
  { userOrder: createFairUserOrder() },
  { random: createRandomSource(1), recordEvidence: true },
);
const nasState = createClusterState({
  topology: topologyFromLabels(nodes, { nicCapacity: 1e9, oversubscription: 3 }),
});
const nasRun = host(nas, nasState);

console.log('job  user  submitted  fair: turnaround  nas: turnaround');
for (const { at, job } of jobs) {
  const t = (run: typeof fairRun) => String((run.done.get(job.id as JobId) ?? Number.NaN) - at).padStart(16);
  console.log(
    `${String(job.id).padStart(3)}  ${String(job.user).padStart(4)}  ${String(at).padStart(9)}  ${t(fairRun)}  ${t(nasRun)}`,
  );
}
console.log(`fair: containers given to the user running more tasks while both waited: ${fairRun.unfair}`);
const launch = nasState.decisions.find((d) => d.decision.type === 'launch' && d.decision.task.kind === 'map');
const evidence = launch?.decision.evidence as NasEvidence | undefined;
console.log(
  `nas: a recent launch — ${launch?.decision.reason}: predicted output ${evidence?.predictedMapOutputBytes} B, free map-output space ${evidence?.mapOutputSpaceBytes} B, rack ${evidence?.rack} at ${evidence?.rackUtilisation} utilisation`,
);

if (check) {
  const unfinished = 2 * jobs.length - fairRun.done.size - nasRun.done.size;
  if (unfinished > 0 || fairRun.unfair > 0 || evidence === undefined) {
    console.error(
      `check failed: ${unfinished} unfinished job run(s), ${fairRun.unfair} unfair launch(es), evidence ${evidence ? 'present' : 'missing'}`,
    );
    process.exit(1);
  }
  console.log('check passed');
}
