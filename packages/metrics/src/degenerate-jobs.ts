import type { Topology } from '@rackwise/topology';
import type { Bytes, NodeId, Seconds } from '@rackwise/types';
import { jobGroupMetrics } from './job-group-metrics.js';
import type { JobRecord, WithoutDegenerateMetrics } from './run-metrics.js';

/** The rule {@link isDegenerateJob} applies, as printed beside the metrics it filters. */
export const DEGENERATE_JOB_RULE =
  'shuffle / (min(maps, reduces, nodes) × NIC rate) > last − first submission of the workload';

/**
 * The least time a job's shuffle can take on an empty network: every map output sits on
 * the node that ran the map and every reduce pulls through its own NIC, so at most
 * min(maps, reduces, nodes) NICs carry it. Bytes / (that many × the NIC rate in bytes/s).
 * 0 for a job without shuffle.
 */
export function minimumShuffleSeconds(
  job: Pick<JobRecord, 'shuffleBytes' | 'mapCount' | 'reduceCount'>,
  nodes: number,
  nicBytesPerSecond: number,
): Seconds {
  if (job.shuffleBytes <= 0 || job.reduceCount === 0) return 0;
  const lanes = Math.max(1, Math.min(job.mapCount, job.reduceCount, nodes));
  return job.shuffleBytes / (lanes * nicBytesPerSecond);
}

/**
 * Whether a job is *degenerate* for a run: its shuffle alone cannot be served within the
 * workload's arrival span (last − first submission), whatever the policy — FB-2010's
 * zero-input, terabyte-shuffle jobs (one map, 1.2–1.8 TB) are. Such a job sets the
 * makespan, and so the paper's throughput, by itself. With an arrival span of 0 no job is
 * degenerate (the rule needs a span to compare with). See {@link DEGENERATE_JOB_RULE}.
 */
export function isDegenerateJob(
  job: Pick<JobRecord, 'shuffleBytes' | 'mapCount' | 'reduceCount'>,
  nodes: number,
  nicBytesPerSecond: number,
  arrivalSpan: Seconds,
): boolean {
  return arrivalSpan > 0 && minimumShuffleSeconds(job, nodes, nicBytesPerSecond) > arrivalSpan;
}

/** The fastest NIC uplink of a topology, bytes per second (the rule's most generous rate). */
export function fastestNicBytesPerSecond(topology: Topology): Bytes {
  let best = 0;
  for (let n = 0; n < topology.nodeCount; n++) {
    best = Math.max(best, topology.linkCapacity(topology.nicUpLink(n as NodeId)) / 8);
  }
  return best;
}

/** Last − first submission time of the records; 0 when fewer than two. */
export function arrivalSpan(records: readonly JobRecord[]): Seconds {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const r of records) {
    first = Math.min(first, r.submitTime);
    last = Math.max(last, r.submitTime);
  }
  return records.length < 2 ? 0 : last - first;
}

/**
 * Throughput over the arrival window: jobs that completed between the first and the last
 * submission, divided by that span — the completion rate while the trace still feeds the
 * cluster, free of the drain after the last arrival (docs/architecture.md §7 "throughput",
 * steady form). NaN when the span is 0.
 */
export function throughputWhileArriving(records: readonly JobRecord[]): number {
  const span = arrivalSpan(records);
  if (span <= 0) return Number.NaN;
  let first = Number.POSITIVE_INFINITY;
  for (const r of records) first = Math.min(first, r.submitTime);
  let done = 0;
  for (const r of records) if (r.finished && r.completionTime <= first + span) done++;
  return done / span;
}

/** {@link WithoutDegenerateMetrics} of the records of one run on `topology`. */
export function withoutDegenerateJobs(
  records: readonly JobRecord[],
  topology: Topology,
): { readonly kept: readonly JobRecord[]; readonly metrics: WithoutDegenerateMetrics } {
  const span = arrivalSpan(records);
  const nic = fastestNicBytesPerSecond(topology);
  const kept = records.filter((r) => !isDegenerateJob(r, topology.nodeCount, nic, span));
  const group = jobGroupMetrics(kept);
  let progress = 0;
  let withReduce = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const r of kept) {
    first = Math.min(first, r.submitTime);
    if (r.finished) last = Math.max(last, r.completionTime);
    if (Number.isFinite(r.mapProgressAtFirstReduce)) {
      progress += r.mapProgressAtFirstReduce;
      withReduce++;
    }
  }
  return {
    kept,
    metrics: {
      ...group,
      degenerateJobs: records.length - kept.length,
      mapProgressAtFirstReduce: withReduce > 0 ? progress / withReduce : Number.NaN,
      makespan: group.jobsCompleted > 0 ? last - first : Number.NaN,
    },
  };
}
