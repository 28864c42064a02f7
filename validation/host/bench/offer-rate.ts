/**
 * How fast each built-in policy answers offers through the host (docs/architecture.md §8; the
 * pace a real scheduler asks at: every heartbeat of every node), on the cluster of
 * `bench-cluster.ts`. Two modes:
 *
 * - `steady`: offers go round the nodes with no state change between them, as a
 *   scheduler's heartbeat loop sees them between launches;
 * - `churn`: every launch starts its task and the oldest running task finishes to free
 *   the next slot, finished jobs are replaced, and the host ticks every 1,000 offers — so
 *   almost every offer follows a state change. Offers per CPU second count the events
 *   applied in between.
 *
 * Prints one JSON line per policy and active-job count: offers per CPU second, and the
 * heap before and after (after a full collection when run with `--expose-gc`).
 *
 *   node --expose-gc --conditions=@rackwise/source --import tsx host/bench/offer-rate.ts \
 *     [jobs,…] [policy,…] [offers] [evidence|plain] [steady|churn]
 */
import type { NodeId } from '@rackwise/types';
import { NODES, churn, cpuSeconds, createBench, heapMiB, registry } from './bench-cluster.js';

const [jobsText = '500,5000', policiesText, offersText = '20000', evidenceText, modeText = 'steady'] =
  process.argv.slice(2);
const policies = policiesText ? policiesText.split(',') : registry.names();
const evidence = evidenceText === 'evidence';
if (modeText !== 'steady' && modeText !== 'churn')
  throw new Error(`mode must be steady or churn, got ${modeText}`);
const count = Number(offersText);

for (const jobs of jobsText.split(',').map(Number)) {
  for (const name of policies) {
    const bench = createBench(name, jobs, evidence);
    const heapBefore = heapMiB();
    let launches = 0;
    let events = 0;
    const seconds = cpuSeconds(() => {
      if (modeText === 'churn') {
        const counts = churn(bench, { offers: count });
        launches = counts.launches;
        events = counts.events;
        return;
      }
      for (let k = 0; k < count; k++) {
        const time = bench.time + k * 1e-4;
        const decision = bench.state.offer(bench.policy, (k % NODES) as NodeId, 'container', time);
        if (decision.type === 'launch') launches++;
      }
    });
    process.stdout.write(
      `${JSON.stringify({
        policy: name,
        mode: modeText,
        evidence,
        activeJobs: jobs,
        offers: count,
        launches,
        events,
        offersPerCpuSecond: Math.round(count / seconds),
        heapMiBBefore: heapBefore,
        heapMiBAfter: heapMiB(),
      })}\n`,
    );
  }
}
