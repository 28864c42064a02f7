import type { RecordedReplay } from '@rackwise/workloads';
import type { PolicyRun } from './experiment-result.js';

/** One engine job of a replay beside what the trace recorded. */
export interface ReplayErrorRow {
  readonly job: number;
  readonly name: string;
  readonly recordedSeconds: number;
  readonly simulatedSeconds: number;
  /** (simulated − recorded) / recorded. */
  readonly relativeError: number;
  /** First task launch after submission: recorded and simulated (scheduling delay). */
  readonly recordedLaunchDelay: number;
  readonly simulatedLaunchDelay: number;
  readonly recordedFetchWait: number;
  /** Mean over the consuming tasks of launch → end of their shuffle in the replay (NaN without). */
  readonly simulatedShufflePhase: number;
}

/** How far a policy's replay is from the recording, per job (stage, or map + reduce stage). */
export interface ReplayError {
  readonly policy: string;
  readonly rows: readonly ReplayErrorRow[];
  /** Median and 90th percentile of |relative error| over the jobs. */
  readonly medianAbsError: number;
  readonly p90AbsError: number;
  /** Mean signed relative error: > 0 when the replay runs slower than the recording. */
  readonly bias: number;
  /**
   * Over the jobs with consuming tasks: mean recorded fetch wait (Spark: time blocked on
   * fetches; Rumen: the shuffle phase) and mean simulated shuffle phase (launch → end of
   * shuffle, waiting for map output included). NaN when no job shuffles.
   */
  readonly recordedFetchWait: number;
  readonly simulatedShufflePhase: number;
  /** Recorded and simulated time from the first submission to the last completion. */
  readonly recordedSpan: number;
  readonly simulatedSpan: number;
}

/**
 * Compares one run of a replay with the recording: each engine job's execution time
 * (submission — or release by its parents — to completion) against the recorded time
 * from its first stage's submission to its last stage's completion.
 * @throws Error when the run kept no per-job records.
 */
export function replayError(replay: RecordedReplay, run: PolicyRun, policy: string): ReplayError {
  const table = run.jobs;
  if (table === undefined) throw new Error(`replayError: the ${policy} run kept no per-job records`);
  const column = (name: string) => {
    const at = table.columns.indexOf(name);
    if (at < 0) throw new Error(`replayError: the job table has no ${name} column`);
    return table.values[at]!;
  };
  const ids = column('id');
  const submit = column('submit');
  const start = column('start');
  const finish = column('finish');
  const shufflePhase = table.columns.includes('shufflePhase') ? column('shufflePhase') : ids.map(() => null);
  const rowOf = new Map<number, number>();
  ids.forEach((id, row) => rowOf.set(Number(id), row));
  const rows: ReplayErrorRow[] = replay.units.map((unit) => {
    const row = rowOf.get(unit.job);
    const num = (cells: typeof ids) => (row === undefined ? Number.NaN : Number(cells[row] ?? Number.NaN));
    const simulated = num(finish) - num(submit);
    return {
      job: unit.job,
      name: replay.workload.jobs[unit.job]!.name,
      recordedSeconds: unit.recordedSeconds,
      simulatedSeconds: simulated,
      relativeError: (simulated - unit.recordedSeconds) / unit.recordedSeconds,
      recordedLaunchDelay: unit.recordedLaunchDelay,
      simulatedLaunchDelay: num(start) - num(submit),
      recordedFetchWait: unit.recordedFetchWait,
      simulatedShufflePhase: num(shufflePhase),
    };
  });
  const errors = rows.map((r) => r.relativeError).filter(Number.isFinite);
  const abs = errors.map(Math.abs).sort((a, b) => a - b);
  const quantile = (q: number) =>
    abs.length === 0 ? Number.NaN : abs[Math.min(abs.length - 1, Math.ceil(q * abs.length) - 1)]!;
  const recordedStart = Math.min(...replay.units.map((u) => u.recordedSubmit));
  const recordedEnd = Math.max(...replay.units.map((u) => u.recordedSubmit + u.recordedSeconds));
  const simulatedEnd = Math.max(...finish.map((c) => Number(c ?? Number.NaN)).filter(Number.isFinite));
  const shuffling = rows.filter((r) => Number.isFinite(r.simulatedShufflePhase));
  const mean = (values: number[]) =>
    values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
  return {
    policy,
    rows,
    recordedFetchWait: mean(shuffling.map((r) => r.recordedFetchWait)),
    simulatedShufflePhase: mean(shuffling.map((r) => r.simulatedShufflePhase)),
    medianAbsError:
      abs.length === 0
        ? Number.NaN
        : abs.length % 2 === 1
          ? abs[(abs.length - 1) / 2]!
          : (abs[abs.length / 2 - 1]! + abs[abs.length / 2]!) / 2,
    p90AbsError: quantile(0.9),
    bias: errors.length === 0 ? Number.NaN : errors.reduce((a, b) => a + b, 0) / errors.length,
    recordedSpan: recordedEnd - recordedStart,
    simulatedSpan: simulatedEnd - recordedStart,
  };
}
