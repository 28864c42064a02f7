import type { JobView, Seconds } from '@rackwise/types';

/**
 * The starvation guard of ShuffleWatcher §3.4: job submission times are tracked "at the
 * granularity of a window", and a user's jobs submitted in an earlier window come before
 * those of a later one, overriding NASS, SAMP and SARP. Windows are fixed intervals of
 * the host clock, `[k·W, (k+1)·W)`.
 *
 * Returns the jobs of the earliest window among `jobs` (all of which have a task the slot
 * runs), in arrival order (submission time, then id). `W = Infinity`: every job, in
 * arrival order.
 */
export function earliestWindowJobs(jobs: readonly JobView[], window: Seconds): readonly JobView[] {
  const windowOf = (job: JobView): number =>
    Number.isFinite(window) ? Math.floor(job.submitTime / window) : 0;
  let earliest = Number.POSITIVE_INFINITY;
  let latest = Number.NEGATIVE_INFINITY;
  for (const job of jobs) {
    const w = windowOf(job);
    earliest = Math.min(earliest, w);
    latest = Math.max(latest, w);
  }
  // Every job in one window (always so without a window): the jobs themselves.
  const first = earliest === latest ? jobs : jobs.filter((job) => windowOf(job) === earliest);
  // Jobs usually come in arrival order already: a stable sort would leave them as they are.
  return inArrivalOrder(first) ? first : [...first].sort(byArrival);
}

const byArrival = (a: JobView, b: JobView): number => a.submitTime - b.submitTime || a.id - b.id;

function inArrivalOrder(jobs: readonly JobView[]): boolean {
  for (let i = 1; i < jobs.length; i++) if (byArrival(jobs[i - 1]!, jobs[i]!) > 0) return false;
  return true;
}
