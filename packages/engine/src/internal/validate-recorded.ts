import type { JobSpec } from '@rackwise/types';

/**
 * Checks a job's `dependsOn` and `recorded` figures against the workload: parents are
 * earlier jobs (so dependencies have no cycle), each per-task array has one finite entry
 * ≥ 0 per task and sums to the job's total where it splits one, and maps standing for
 * parents' tasks number as many as those tasks.
 * @throws Error naming the job and the field.
 */
export function validateJobLinks(job: JobSpec, i: number, jobs: readonly JobSpec[], name: string): void {
  const fail = (field: string, expected: string, got: unknown): never => {
    throw new Error(`${name}.${field} must be ${expected}, got ${JSON.stringify(got)?.slice(0, 60)}`);
  };
  const parents = job.dependsOn;
  if (parents !== undefined) {
    if (!Array.isArray(parents)) fail('dependsOn', 'an array of job indices', parents);
    const seen = new Set<number>();
    for (const p of parents) {
      if (!(Number.isInteger(p) && p >= 0 && p < i) || seen.has(p)) {
        fail('dependsOn', `distinct indices of earlier jobs (0 … ${i - 1})`, parents);
      }
      seen.add(p);
    }
  }
  const recorded = job.recorded;
  if (recorded === undefined) return;
  const perTask = (field: keyof typeof recorded, length: number, total?: number) => {
    const values = recorded[field];
    if (values === undefined || typeof values === 'boolean') return;
    if (!Array.isArray(values) || values.length !== length)
      fail(`recorded.${field}`, `an array of ${length} entries`, values);
    let sum = 0;
    for (const v of values as readonly number[]) {
      if (!(typeof v === 'number' && Number.isFinite(v) && v >= 0))
        fail(`recorded.${field}`, 'finite numbers >= 0', v);
      sum += v;
    }
    if (total !== undefined && Math.abs(sum - total) > 1e-6 * Math.max(1, total)) {
      fail(`recorded.${field}`, `entries summing to ${total}`, sum);
    }
  };
  perTask('mapSeconds', job.mapCount);
  perTask('reduceSeconds', job.reduceCount);
  perTask('mapInputBytes', job.mapCount, job.inputBytes);
  perTask('mapOutputBytes', job.mapCount, job.shuffleBytes);
  perTask('reduceInputBytes', job.reduceCount);
  if (recorded.mapsFromParents === true) {
    if (parents === undefined || parents.length === 0)
      fail('recorded.mapsFromParents', 'set only with dependsOn', true);
    if (job.reduceCount < 1) {
      fail(
        'recorded.mapsFromParents',
        'set only on a job with reduces (its maps are done at submission)',
        true,
      );
    }
    const tasks = (parents ?? []).reduce(
      (n, p) => n + (jobs[p]!.reduceCount > 0 ? jobs[p]!.reduceCount : jobs[p]!.mapCount),
      0,
    );
    if (job.mapCount !== tasks)
      fail('mapCount', `the parents' ${tasks} tasks (recorded.mapsFromParents)`, job.mapCount);
  }
}
