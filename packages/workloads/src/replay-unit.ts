/** One engine job and the recorded figures it is compared with. */
export interface ReplayUnit {
  /** Index into the workload's jobs (its name is the stages' ids joined). */
  readonly job: number;
  /** Indices of the stages it stands for. */
  readonly stages: readonly number[];
  /** Recorded submission of its first stage, seconds after the trace's start. */
  readonly recordedSubmit: number;
  /** Recorded seconds from the first stage's submission to the last one's completion. */
  readonly recordedSeconds: number;
  /** Mean recorded fetch wait of its consuming tasks, seconds (0 without shuffle). */
  readonly recordedFetchWait: number;
  /** Recorded seconds from the first stage's submission to its first task's launch. */
  readonly recordedLaunchDelay: number;
}
