import type { Seconds } from '@rackwise/types';
import type { JobRecord } from './run-metrics.js';

/** The metrics of one group of jobs that FCS §5.1 reports per group (Figs. 8–14). */
export interface JobClassMetrics {
  readonly jobs: number;
  readonly jobsCompleted: number;
  /** Mean completion − submission of its completed jobs (Figs. 8, 12). */
  readonly executionTimeMean: Seconds;
  /** Mean and largest execution time / stand-alone time (Figs. 11, 14: maximum slowdown). */
  readonly slowdownMean: number;
  readonly slowdownMax: number;
  /** Mean over its jobs of their mean ReduceTask wait (Figs. 9, 13); jobs without reduces left out. */
  readonly reduceWaitTimeMean: Seconds;
  /** Mean preemptions of its jobs' reduces per job (Fig. 10). */
  readonly preemptionsMean: number;
}

/**
 * The class of a generated job from its name `<class>-<index>` (`group3-inverted-index-17`
 * → `group3-inverted-index`); a name without a numeric suffix is its own class.
 */
export function jobClassOf(name: string): string {
  const match = /^(.+)-\d+$/.exec(name);
  return match === null ? name : (match[1] as string);
}

/** Slowdown of a job: its execution time over its stand-alone time (FCS §1, "normalized execution time"). */
export function slowdown(record: JobRecord, standalone: Seconds | undefined): number {
  if (!record.finished || standalone === undefined || !(standalone > 0)) return Number.NaN;
  return record.executionTime / standalone;
}

function mean(values: readonly number[]): number {
  const kept = values.filter((v) => !Number.isNaN(v));
  return kept.length === 0 ? Number.NaN : kept.reduce((a, b) => a + b, 0) / kept.length;
}

/**
 * FCS §5.1's metrics per group of jobs: mean execution time, mean and maximum slowdown
 * (against `standalone(record)`, NaN where unknown), mean ReduceTask wait and mean
 * preemptions per job. Groups by `groupOf` (default {@link jobClassOf} of the name),
 * in order of first appearance sorted by name.
 */
export function jobClassMetrics(
  records: readonly JobRecord[],
  standalone: (record: JobRecord) => Seconds | undefined,
  groupOf: (record: JobRecord) => string = (r) => jobClassOf(r.name),
): Record<string, JobClassMetrics> {
  const groups = new Map<string, JobRecord[]>();
  for (const record of records) {
    const key = groupOf(record);
    let list = groups.get(key);
    if (list === undefined) {
      list = [];
      groups.set(key, list);
    }
    list.push(record);
  }
  const out: Record<string, JobClassMetrics> = {};
  for (const key of [...groups.keys()].sort()) {
    const list = groups.get(key) as JobRecord[];
    const finished = list.filter((r) => r.finished);
    const slowdowns = finished.map((r) => slowdown(r, standalone(r))).filter((s) => !Number.isNaN(s));
    out[key] = {
      jobs: list.length,
      jobsCompleted: finished.length,
      executionTimeMean: mean(finished.map((r) => r.executionTime)),
      slowdownMean: mean(slowdowns),
      slowdownMax: slowdowns.length === 0 ? Number.NaN : Math.max(...slowdowns),
      reduceWaitTimeMean: mean(list.map((r) => r.reduceWaitTime)),
      preemptionsMean: mean(list.map((r) => r.preemptions)),
    };
  }
  return out;
}

/** Mean and maximum slowdown over every completed job with a stand-alone time. */
export function slowdownSummary(
  records: readonly JobRecord[],
  standalone: (record: JobRecord) => Seconds | undefined,
): { readonly mean: number; readonly max: number } {
  const values = records.map((r) => slowdown(r, standalone(r))).filter((s) => !Number.isNaN(s));
  return { mean: mean(values), max: values.length === 0 ? Number.NaN : Math.max(...values) };
}
