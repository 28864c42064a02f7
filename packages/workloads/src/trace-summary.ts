import type { RecordedTrace } from './recorded-trace.js';
import type { RackAssignment } from './trace-racks.js';

/** What a recorded trace holds, in figures, and every assumption made reading it. */
export interface TraceSummary {
  readonly file: string;
  readonly format: RecordedTrace['format'];
  readonly applications: number;
  readonly schedulers: readonly string[];
  readonly stages: number;
  /** Stages with at least one parent, kept or skipped (they read shuffle). */
  readonly dependentStages: number;
  readonly tasks: number;
  readonly inputBytes: number;
  readonly shuffleWriteBytes: number;
  readonly shuffleReadBytes: number;
  readonly remoteShuffleReadBytes: number;
  readonly fetchWaitSeconds: number;
  readonly hosts: number;
  readonly slots: number;
  readonly racks: readonly { readonly name: string; readonly hosts: number }[];
  readonly rackRule: string;
  /** Seconds from the first submission to the last completion. */
  readonly span: number;
  readonly start: string;
  readonly assumptions: readonly string[];
}

/** Sums a trace up for `rackwise trace info`. */
export function summarizeTrace(trace: RecordedTrace, racks: RackAssignment): TraceSummary {
  let tasks = 0;
  let input = 0;
  let write = 0;
  let read = 0;
  let remote = 0;
  let wait = 0;
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const stage of trace.stages) {
    first = Math.min(first, stage.submitTime);
    last = Math.max(last, stage.completionTime);
    for (const t of stage.tasks) {
      tasks++;
      input += t.inputBytes;
      write += t.shuffleWriteBytes;
      read += t.shuffleReadBytes;
      remote += t.remoteShuffleReadBytes;
      wait += t.fetchWaitSeconds;
    }
  }
  const hostsPerRack = racks.racks.map((name, r) => ({
    name,
    hosts: racks.rackOfHost.filter((x) => x === r).length,
  }));
  const assumptions = [...trace.assumptions, `racks ${racks.rule}`];
  if (racks.defaulted.length > 0) {
    assumptions.push(
      `${racks.defaulted.length} host(s) no rack rule covered are in "default-rack" (YARN's default)`,
    );
  }
  return {
    file: trace.name,
    format: trace.format,
    applications: trace.applications.length,
    schedulers: [...new Set(trace.applications.map((a) => a.scheduler))],
    stages: trace.stages.length,
    dependentStages: trace.stages.filter((s) => s.parents.length > 0 || (s.skippedParentTasks ?? 0) > 0)
      .length,
    tasks,
    inputBytes: input,
    shuffleWriteBytes: write,
    shuffleReadBytes: read,
    remoteShuffleReadBytes: remote,
    fetchWaitSeconds: wait,
    hosts: trace.hosts.length,
    slots: [...trace.slotsPerHost.values()].reduce((a, b) => a + b, 0),
    racks: hostsPerRack,
    rackRule: racks.rule,
    span: trace.stages.length === 0 ? 0 : last - first,
    start: new Date((trace.epoch + (Number.isFinite(first) ? first : 0)) * 1000).toISOString(),
    assumptions,
  };
}
