import type { JobRecord } from '@rackwise/metrics';
import type { SchedulerPolicy, Workload } from '@rackwise/types';

/**
 * Per recurring-job signature (the benchmark a job runs, Shadow Table 2): mean execution
 * time, mean Skew (eq. 10 by bytes, over jobs whose shuffle crossed racks) and duplicates
 * launched, as `bySignature.<signature>.<metric>`. Empty for workloads without signatures.
 */
export function signatureMetrics(jobs: readonly JobRecord[], workload: Workload): Record<string, number> {
  const groups = new Map<string, JobRecord[]>();
  for (const job of jobs) {
    const signature = workload.jobs[job.id]?.signature;
    if (signature === undefined || !job.finished) continue;
    const group = groups.get(signature) ?? [];
    group.push(job);
    groups.set(signature, group);
  }
  const out: Record<string, number> = {};
  const mean = (values: readonly number[]) =>
    values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
  for (const [signature, group] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const prefix = `bySignature.${signature}`;
    out[`${prefix}.executionTime`] = mean(group.map((j) => j.executionTime));
    out[`${prefix}.skew`] = mean(group.map((j) => j.skew).filter((s) => !Number.isNaN(s)));
    out[`${prefix}.duplicatesLaunched`] = group.reduce((sum, j) => sum + j.duplicatesLaunched, 0);
  }
  return out;
}

/**
 * Numbers a policy reports of itself through an optional `reportMetrics()` (Shadow's
 * early choices and time-model error, Figs. 18–19), as `policy.<name>`.
 */
export function policyReportedMetrics(policy: SchedulerPolicy | undefined): Record<string, number> {
  const report = (policy as { reportMetrics?: unknown } | undefined)?.reportMetrics;
  if (typeof report !== 'function') return {};
  const values = report.call(policy) as Record<string, unknown>;
  const out: Record<string, number> = {};
  for (const [name, value] of Object.entries(values)) {
    if (typeof value === 'number') out[`policy.${name}`] = value;
  }
  return out;
}
