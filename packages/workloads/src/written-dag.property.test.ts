import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { sparkEventLog } from '../test/spark-log-writer.js';
import { sparkPlanArbitrary } from '../test/spark-plan-arbitrary.js';
import { recordedWorkload } from './recorded-workload.js';
import { parseSparkEventLog } from './spark-event-log.js';

describe('Spark logs of random stage DAGs, written and read back', () => {
  test.prop([sparkPlanArbitrary], { numRuns: 200 })(
    'stages keep their parents and order; a consumer job waits for its parents and its maps are their tasks, in order',
    (plan) => {
      const stages = plan.jobs[0]!.stages;
      const trace = parseSparkEventLog(sparkEventLog(plan).join('\n'), 'app');
      expect(trace.stages.map((s) => s.parents)).toEqual(stages.map((s) => s.parents));
      trace.stages.forEach((s, i) => {
        expect(s.tasks.map((t) => t.host)).toEqual(stages[i]!.tasks.map((t) => hostOf(plan, t.executor)));
        for (const p of s.parents) {
          expect(p).toBeLessThan(i);
          expect(trace.stages[p]!.completionTime).toBeLessThanOrEqual(s.submitTime);
        }
      });
      const replay = recordedWorkload(trace);
      const jobOf = new Map(replay.units.flatMap((u) => u.stages.map((s) => [s, u.job] as const)));
      trace.stages.forEach((s, i) => {
        const job = replay.workload.jobs[jobOf.get(i)!]!;
        if (s.parents.length === 0) {
          expect(job.dependsOn).toBeUndefined();
          return;
        }
        expect(job.dependsOn).toEqual(s.parents.map((p) => jobOf.get(p)));
        for (const d of job.dependsOn!) expect(d).toBeLessThan(jobOf.get(i)!);
        const producers = s.parents.flatMap((p) => trace.stages[p]!.tasks);
        expect(job.recorded?.mapsFromParents).toBe(true);
        expect(job.mapCount).toBe(producers.length);
        const read = s.tasks.reduce((a, t) => a + t.shuffleReadBytes, 0);
        const outputs = job.recorded!.mapOutputBytes!;
        expect(outputs.reduce((a, b) => a + b, 0)).toBeCloseTo(read, 3);
        const written = producers.reduce((a, t) => a + t.shuffleWriteBytes, 0);
        // Each producing task's share of the shuffle is what it wrote (when anything was).
        if (written > 0 && read > 0)
          producers.forEach((t, k) =>
            expect(outputs[k]).toBeCloseTo((t.shuffleWriteBytes * read) / written, 3),
          );
      });
    },
  );
});

function hostOf(plan: { executors: readonly { id: string; host: string }[] }, executor: string): string {
  return plan.executors.find((e) => e.id === executor)!.host;
}
