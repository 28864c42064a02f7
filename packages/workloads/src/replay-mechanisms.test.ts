import { describe, expect, it } from 'vitest';
import { type SparkAppPlan, sparkEventLog } from '../test/spark-log-writer.js';
import { SPARK_APP_ID, sparkPlan } from '../test/written-samples.js';
import { recordedWorkload } from './recorded-workload.js';
import { REPLAY_MECHANISMS, type ReplayMechanism } from './replay-mechanisms.js';
import { parseSparkEventLog } from './spark-event-log.js';

const trace = (plan: SparkAppPlan = sparkPlan()) =>
  parseSparkEventLog(sparkEventLog(plan).join('\n'), SPARK_APP_ID);
const round = (xs: readonly number[] | undefined) => xs?.map((x) => Math.round(x * 1000) / 1000);

/** The written application, stage 0's first task with large overheads and GC. */
function withOverheads(): SparkAppPlan {
  const plan = sparkPlan();
  const [job, ...jobs] = plan.jobs;
  const [stage, ...stages] = job!.stages;
  // 1.6 s from launch to finish: 0.4 s deserialising, 1 s run (0.2 of it GC), 0.03 s
  // serialising the result, so 0.17 s of scheduler delay.
  const first = { executor: '1', launch: 1100, finish: 2700, run: 1000, input: 64e6, written: 4e6 };
  const task = { ...first, deserialise: 400, resultSerialisation: 30, gc: 200 };
  return {
    ...plan,
    jobs: [{ ...job!, stages: [{ ...stage!, tasks: [task, ...stage!.tasks.slice(1)] }, ...stages] }, ...jobs],
  };
}

describe('what a replay takes from a Spark log besides run time', () => {
  it('reads each task’s deserialisation, result handling, scheduler delay and GC', () => {
    const task = trace(withOverheads()).stages[0]!.tasks[0]!;
    expect(task.computeSeconds).toBe(1);
    expect(task.overheads).toEqual({ deserialise: 0.4, result: 0.03, schedulerDelay: 0.17, gc: 0.2 });
  });

  it('adds them to the task’s compute, each removable on its own; GC is inside the run time', () => {
    const t = trace(withOverheads());
    const first = (without: ReplayMechanism[]) =>
      round(recordedWorkload(t, { without }).workload.jobs[0]!.recorded?.mapSeconds)![0];
    expect(first([])).toBe(1.6);
    expect(first(['deserialise'])).toBe(1.2);
    expect(first(['result'])).toBe(1.57);
    expect(first(['scheduler-delay'])).toBe(1.43);
    expect(first(['gc'])).toBe(1.4);
    expect(first(['deserialise', 'result', 'scheduler-delay'])).toBe(1);
  });

  it('holds a failed attempt’s slot for its recorded duration before the partition’s successful one', () => {
    const t = trace();
    // Task 1 of stage 0 failed on executor 2 after 0.5 s (1.1 → 1.6 s), then ran 3 s.
    expect(t.stages[0]!.tasks[1]!.failedAttemptSeconds).toBe(0.5);
    expect(t.stages[0]!.tasks[0]!.failedAttemptSeconds).toBeUndefined();
    const on = round(recordedWorkload(t).workload.jobs[0]!.recorded?.mapSeconds);
    const off = round(
      recordedWorkload(t, { without: ['failed-attempts'] }).workload.jobs[0]!.recorded?.mapSeconds,
    );
    expect(on![1]! - off![1]!).toBeCloseTo(0.5, 9);
    expect(on!.filter((_, i) => i !== 1)).toEqual(off!.filter((_, i) => i !== 1));
    expect(t.assumptions.join('\n')).toContain('1 failed task attempt(s): each holds a slot');
  });

  it('makes slots appear and disappear as executors were added and removed', () => {
    const replay = recordedWorkload(trace());
    const node = (host: string) => replay.cluster.nodeOfHost.get(host)!;
    const [n1, n2, n3] = ['node-1.rack-a.example', 'node-2.rack-a.example', 'node-3.rack-b.example'].map(
      node,
    );
    // Executors 1–3 (2 cores) at 0.5, 0.6, 0.7 s; 2 removed at 9 s; 4 (node-1, 2) and 5 (node-2, 1) at 9.5 and 9.6 s.
    expect(replay.workload.slotTimeline).toEqual([
      { time: 0, node: n1, containers: 0 },
      { time: 0, node: n2, containers: 0 },
      { time: 0, node: n3, containers: 0 },
      { time: 0.5, node: n1, containers: 2 },
      { time: 0.6, node: n2, containers: 2 },
      { time: 0.7, node: n3, containers: 2 },
      { time: 9, node: n2, containers: 0 },
      { time: 9.5, node: n1, containers: 4 },
      { time: 9.6, node: n2, containers: 1 },
    ]);
    expect(replay.cluster.containersPerNode).toEqual([4, 2, 2]);
    expect(recordedWorkload(trace(), { without: ['executors'] }).workload.slotTimeline).toBeUndefined();
  });

  it('names what a replay leaves out, and refuses what it does not know', () => {
    const replay = recordedWorkload(trace(), { without: ['gc', 'executors'] });
    expect(replay.assumptions).toContain('left out of this replay: executors, gc');
    expect(() => recordedWorkload(trace(), { without: ['naps' as ReplayMechanism] })).toThrow(
      `cannot leave out "naps": the replay's mechanisms are ${REPLAY_MECHANISMS.join(', ')}`,
    );
  });
});
