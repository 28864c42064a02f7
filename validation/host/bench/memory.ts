/**
 * Whether the host's memory stays flat over a long run: each policy answers offers on the
 * cluster of `bench-cluster.ts` in the `churn` steady state (launches start, the oldest
 * task finishes, finished jobs are replaced, a tick every 1,000 offers) for `events`
 * events, and the heap in use is sampled after a full collection every tenth of the run.
 * Prints one JSON line per policy: the samples in MiB, the offers, launches and jobs
 * completed, and offers per CPU second over the whole run.
 *
 *   node --expose-gc --conditions=@rackwise/source --import tsx host/bench/memory.ts \
 *     [policy,…] [events] [jobs] [evidence|plain]
 */
import { churn, cpuSeconds, createBench, heapMiB } from './bench-cluster.js';

const [policiesText = 'fair,nas', eventsText = '1000000', jobsText = '5000', evidenceText] =
  process.argv.slice(2);
const events = Number(eventsText);
const evidence = evidenceText === 'evidence';
if ((globalThis as { gc?: unknown }).gc === undefined) {
  process.stderr.write('run with --expose-gc: heap samples would include garbage\n');
}

for (const name of policiesText.split(',')) {
  const bench = createBench(name, Number(jobsText), evidence);
  const heap = [heapMiB()];
  const totals = { offers: 0, launches: 0, events: 0, jobsCompleted: 0 };
  const step = Math.ceil(events / 10);
  let seconds = 0;
  while (totals.events < events) {
    let stalled = false;
    seconds += cpuSeconds(() => {
      const counts = churn(bench, { events: Math.min(step, events - totals.events) });
      stalled = counts.events === 0;
      totals.offers += counts.offers;
      totals.launches += counts.launches;
      totals.events += counts.events;
      totals.jobsCompleted += counts.jobsCompleted;
    });
    heap.push(heapMiB());
    if (stalled) throw new Error(`${name}: nothing runs and nothing launches`);
  }
  process.stdout.write(
    `${JSON.stringify({
      policy: name,
      evidence,
      activeJobs: Number(jobsText),
      ...totals,
      offersPerCpuSecond: Math.round(totals.offers / seconds),
      heapMiB: heap,
    })}\n`,
  );
}
