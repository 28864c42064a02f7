/**
 * A custom simulator: a 4-rack cluster, a Poisson stream of ShuffleWatcher's job mix,
 * and two policies — the Hadoop Fair Scheduler and NAS on Fair's user order — run by
 * the rackwise engine on the same seed, then compared metric by metric.
 *
 *   pnpm --filter custom-simulator start
 */
import { type SimulationResult, simulate } from '@rackwise/engine';
import { createFairPolicy, createFairUserOrder } from '@rackwise/policy-fair';
import { createNasPolicy } from '@rackwise/policy-nas';
import { buildTopology } from '@rackwise/topology';
import type { PolicyContext, SchedulerPolicy } from '@rackwise/types';
import { MEBIBYTE, poissonWorkload } from '@rackwise/workloads';

const seed = 7;
const topology = buildTopology({
  name: 'four-racks',
  racks: 4,
  nodesPerRack: 5,
  slots: { model: 'container', containers: 4 },
  nicCapacity: 1e9, // 1 Gbps NICs
  oversubscription: 5, // each rack link carries a fifth of its nodes' NICs
});
const workload = poissonWorkload({
  mix: 'sw-mix2', // ShuffleWatcher Table 1 benchmarks, Table 2 input sizes
  jobs: 60,
  meanInterarrival: 20,
  users: 6,
  sizeScale: 0.01, // a 20-node cluster replays jobs a hundred times smaller
  blockBytes: 64 * MEBIBYTE,
  seed,
});

const policies: Record<string, (context: PolicyContext) => SchedulerPolicy> = {
  fair: (context) => createFairPolicy({}, context),
  nas: (context) => createNasPolicy({ userOrder: createFairUserOrder() }, context),
};
const results: Record<string, SimulationResult> = {};
for (const [name, policy] of Object.entries(policies)) {
  results[name] = simulate({ topology, workload, policy, seed });
}

const rows: [string, (r: SimulationResult) => number][] = [
  ['jobs completed', (r) => r.metrics.jobsCompleted],
  ['throughput (jobs/h)', (r) => r.metrics.throughput * 3600],
  ['mean job time (s)', (r) => r.metrics.executionTime.mean],
  ['cross-rack traffic (GB)', (r) => r.metrics.crossRackBytes.total / 1e9],
  ['map progress at first reduce', (r) => r.metrics.mapProgressAtFirstReduce],
  ['rack-link congestions', (r) => r.metrics.congestion.occurrences],
];
const names = Object.keys(results);
console.log(
  `${workload.name}: ${workload.jobs.length} jobs on ${topology.nodeCount} nodes in ${topology.rackCount} racks`,
);
console.log(['metric'.padEnd(30), ...names.map((n) => n.padStart(10)), 'nas / fair'.padStart(12)].join(''));
for (const [label, pick] of rows) {
  const values = names.map((n) => pick(results[n] as SimulationResult));
  const ratio = (values[1] ?? Number.NaN) / (values[0] ?? Number.NaN);
  console.log(
    [label.padEnd(30), ...values.map((v) => v.toFixed(2).padStart(10)), ratio.toFixed(3).padStart(12)].join(
      '',
    ),
  );
}

// `--check` (CI): every job must have completed under both policies.
if (process.argv.includes('--check')) {
  const unfinished = names.filter((n) => results[n]?.metrics.jobsUnfinished !== 0);
  if (unfinished.length > 0) {
    console.error(`jobs left unfinished under ${unfinished.join(', ')}`);
    process.exitCode = 1;
  }
}
