import type { RecordedTrace } from './recorded-trace.js';

/** One stage of a recorded trace in figures, as `rackwise trace info --stages` prints it. */
export interface StageFigures {
  /** The stage's id (`<application> stage <n>`, `<job> maps`). */
  readonly stage: string;
  readonly tasks: number;
  readonly inputBytes: number;
  readonly shuffleReadBytes: number;
  readonly shuffleWriteBytes: number;
  /** Task time (launch to finish of the successful attempt), seconds: median, 90th percentile, most. */
  readonly taskSecondsP50: number;
  readonly taskSecondsP90: number;
  readonly taskSecondsMax: number;
  /** Most ÷ median task time (1 when every task took as long; NaN when the median is 0). */
  readonly skew: number;
  /** Recorded submission to completion, seconds. */
  readonly seconds: number;
  readonly onCriticalPath: boolean;
}

/** Every stage's figures and the critical path through the stage graph. */
export interface StageTable {
  readonly stages: readonly StageFigures[];
  /** Stage ids, first to last: the chain of parents with the most recorded stage time. */
  readonly criticalPath: readonly string[];
  /** Sum of the recorded times of the critical path's stages, seconds. */
  readonly criticalPathSeconds: number;
}

/** The nearest-rank quantile `q` of sorted values (0 when empty). */
function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * Per stage: tasks, input, shuffle read and written, task-time quantiles and skew; and
 * the critical path — the chain of stages, each a parent of the next, whose recorded
 * times (submission to completion) add up to the most.
 */
export function stageTable(trace: RecordedTrace): StageTable {
  const seconds = trace.stages.map((s) => Math.max(0, s.completionTime - s.submitTime));
  // Parents come first: the longest chain ending at each stage, in one pass.
  const best = seconds.map(() => 0);
  const via = seconds.map(() => -1);
  trace.stages.forEach((stage, i) => {
    let longest = 0;
    for (const p of stage.parents) {
      if (best[p]! > longest) {
        longest = best[p]!;
        via[i] = p;
      }
    }
    best[i] = longest + seconds[i]!;
  });
  const path: number[] = [];
  let end = best.length === 0 ? -1 : best.indexOf(Math.max(...best));
  while (end >= 0) {
    path.unshift(end);
    end = via[end]!;
  }
  const onPath = new Set(path);
  const stages = trace.stages.map((stage, i): StageFigures => {
    const times = stage.tasks.map((t) => t.finishTime - t.launchTime).sort((a, b) => a - b);
    const p50 = quantile(times, 0.5);
    const max = times.length === 0 ? 0 : times[times.length - 1]!;
    const sum = (key: 'inputBytes' | 'shuffleReadBytes' | 'shuffleWriteBytes') =>
      stage.tasks.reduce((a, t) => a + t[key], 0);
    return {
      stage: stage.id,
      tasks: stage.tasks.length,
      inputBytes: sum('inputBytes'),
      shuffleReadBytes: sum('shuffleReadBytes'),
      shuffleWriteBytes: sum('shuffleWriteBytes'),
      taskSecondsP50: p50,
      taskSecondsP90: quantile(times, 0.9),
      taskSecondsMax: max,
      skew: p50 > 0 ? max / p50 : max > 0 ? Number.NaN : 1,
      seconds: seconds[i]!,
      onCriticalPath: onPath.has(i),
    };
  });
  return {
    stages,
    criticalPath: path.map((i) => trace.stages[i]!.id),
    criticalPathSeconds: path.reduce((a, i) => a + seconds[i]!, 0),
  };
}
