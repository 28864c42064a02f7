/**
 * A home-grown scheduler that embeds one rackwise policy package.
 *
 * The host owns its cluster, its clock and its heartbeat loop (none of rackwise's engine
 * comes along); on every heartbeat each node offers its free containers to the Hadoop
 * Fair Scheduler from `@rackwise/policy-fair`, and the host launches what it answers.
 *
 *   pnpm start              # print what happened
 *   pnpm examples           # the same, failing unless every job finished fairly
 */
import { createFairPolicy } from '@rackwise/policy-fair';
import type { NodeId } from '@rackwise/types';
import { MiniCluster } from './mini-cluster.js';

const check = process.argv.includes('--check');

// 2 racks × 3 nodes × 2 containers. User 0 submits a big job at t = 0; user 1 two
// smaller ones at t = 10 s: Fair should hand user 1 half the cluster as containers free.
const cluster = new MiniCluster(2, 3, 2);
let seed = 7;
const nextNode = (): number => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % 6;
};
const blocks = (n: number) =>
  Array.from({ length: n }, () => {
    const first = nextNode();
    return [first, (first + 3) % 6]; // a replica in each rack
  });
cluster.submit({ user: 0, submitTime: 0, blocks: blocks(40), reduces: 2 });
cluster.submit({ user: 1, submitTime: 10, blocks: blocks(12), reduces: 1 });
cluster.submit({ user: 1, submitTime: 10, blocks: blocks(12), reduces: 1 });

// The host's duration model: reading a block over the network costs time.
const MAP_SECONDS = { 'node-local': 4, 'rack-local': 6, remote: 9 } as Record<string, number>;
const REDUCE_SECONDS = 5;

const policy = createFairPolicy();
const ends: { at: number; job: number; kind: 'map' | 'reduce'; index: number }[] = [];
const reasons = new Map<string, number>();
let unfairLaunches = 0;
const runningOf = (user: number): number => {
  const view = cluster.view.activeUsers().find((u) => u.id === user);
  return view === undefined ? 0 : view.running('map') + view.running('reduce');
};
const waiting = (user: number): boolean =>
  cluster.view.activeJobs().some((j) => j.user === user && j.count('map', 'pending') > 0);

while (cluster.jobs.some((j) => j.doneTime === undefined) && cluster.now < 1000) {
  for (const end of ends.filter((e) => e.at <= cluster.now)) {
    const job = cluster.jobs[end.job]!;
    cluster.finish(job, end.kind === 'map' ? job.maps[end.index]! : job.reduces[end.index]!);
  }
  ends.splice(0, ends.length, ...ends.filter((e) => e.at > cluster.now));

  // Heartbeats: every node offers each free container to the policy.
  for (let n = 0; n < cluster.racks * cluster.nodesPerRack; n++) {
    const node = n as NodeId;
    while (cluster.view.freeSlots(node, 'container') > 0) {
      const decision = policy.assign({ node, kind: 'container' }, cluster.view);
      reasons.set(decision.reason, (reasons.get(decision.reason) ?? 0) + 1);
      if (decision.type === 'pass') break;
      const { job, kind, index } = decision.task;
      // Fair's promise: while both users wait, a freed container goes to the one running fewer tasks.
      const user = cluster.jobs[job]!.user;
      if (waiting(0) && waiting(1) && runningOf(user) > runningOf(1 - user)) unfairLaunches++;
      cluster.start(job, kind, index, node);
      const rule = decision.reason.split('/')[1] ?? 'remote';
      ends.push({
        at: cluster.now + (kind === 'map' ? (MAP_SECONDS[rule] ?? 9) : REDUCE_SECONDS),
        job,
        kind,
        index,
      });
    }
  }
  cluster.now += 1;
}

console.log('job  user  submitted  finished  turnaround');
for (const job of cluster.jobs) {
  const done = job.doneTime ?? Number.NaN;
  console.log(
    `${String(job.id).padStart(3)}  ${String(job.user).padStart(4)}  ${String(job.submitTime).padStart(9)}  ${String(done).padStart(8)}  ${String(done - job.submitTime).padStart(10)}`,
  );
}
console.log(`decisions: ${[...reasons].map(([r, n]) => `${r} ×${n}`).join(', ')}`);
console.log(`containers given to the user running more tasks while both waited: ${unfairLaunches}`);

if (check) {
  const unfinished = cluster.jobs.filter((j) => j.doneTime === undefined).length;
  if (unfinished > 0 || unfairLaunches > 0) {
    console.error(`check failed: ${unfinished} unfinished job(s), ${unfairLaunches} unfair launch(es)`);
    process.exit(1);
  }
  console.log('check passed');
}
