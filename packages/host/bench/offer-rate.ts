/**
 * How fast each built-in policy answers offers through the host (docs/architecture.md §8; the
 * pace a real scheduler asks at: every heartbeat of every node). 200 nodes in 10 racks of 6
 * containers, jobs of 20 maps (three replicas: a random node and two fixed strides away) and 2
 * reduces from 50 users; offers go round the nodes with no state change between them, as a
 * scheduler's heartbeat loop sees them between launches. Prints one JSON line per policy and
 * active-job count: offers per second (CPU), and the heap before and after.
 *
 *   node --conditions=@rackwise/source --import tsx bench/offer-rate.ts [jobs,…] [policy,…] [offers] [evidence]
 */
import { defaultPolicyRegistry, experimentPreset } from '@rackwise/experiments';
import type { NodeId } from '@rackwise/types';
import { createClusterState, createHostTopology, createRandomSource } from '../src/index.js';

const [jobsText = '500,5000', policiesText, offersText = '20000', evidence] = process.argv.slice(2);
const registry = defaultPolicyRegistry();
const policies = policiesText ? policiesText.split(',') : registry.names();
const configs = experimentPreset('nas-cluster').policyConfig;
const NODES = 200;
const topology = createHostTopology(
  Array.from({ length: NODES }, (_, n) => ({
    name: `n${n}`,
    rack: `r${Math.floor(n / 20)}`,
    slots: 6,
  })),
  { oversubscription: 5 },
);

for (const jobs of jobsText.split(',').map(Number)) {
  for (const name of policies) {
    const state = createClusterState({ topology });
    const random = createRandomSource(7);
    const policy = registry.create(
      name,
      configs[name],
      evidence === 'evidence'
        ? { random: createRandomSource(1), recordEvidence: true }
        : { random: createRandomSource(1) },
    );
    state.attach(policy);
    for (let j = 0; j < jobs; j++) {
      const replicas = (): NodeId[] => {
        const first = Math.floor(random.next() * NODES);
        return [first, (first + 37) % NODES, (first + 41) % NODES] as NodeId[];
      };
      state.apply({
        type: 'submit',
        time: j * 0.001,
        job: {
          id: j,
          user: j % 50,
          maps: Array.from({ length: 20 }, () => ({
            inputBytes: 128 * 2 ** 20,
            replicas: replicas(),
          })),
          reduces: 2,
        },
      });
    }
    const count = Number(offersText);
    const heapBefore = process.memoryUsage().heapUsed;
    const started = process.cpuUsage();
    let launches = 0;
    for (let k = 0; k < count; k++) {
      const decision = state.offer(policy, (k % NODES) as NodeId, 'container', jobs * 0.001 + 1 + k * 1e-4);
      if (decision.type === 'launch') launches++;
    }
    const used = process.cpuUsage(started);
    const seconds = (used.user + used.system) / 1e6;
    process.stdout.write(
      `${JSON.stringify({ policy: name, evidence: evidence === 'evidence', activeJobs: jobs, offers: count, launches, offersPerCpuSecond: Math.round(count / seconds), heapMiBBefore: Math.round(heapBefore / 2 ** 20), heapMiBAfter: Math.round(process.memoryUsage().heapUsed / 2 ** 20) })}\n`,
    );
  }
}
