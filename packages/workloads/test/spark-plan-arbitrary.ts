import { fc } from '@fast-check/vitest';
import type { SparkAppPlan, StagePlan, TaskPlan } from './spark-log-writer.js';

/** Hosts of the generated applications: two racks by name (`r1-…`, `r2-…`). */
export const PLAN_HOSTS = ['r1-a', 'r1-b', 'r2-a', 'r2-b'] as const;

const stageRow = fc.record({
  tasks: fc.array(
    fc.record({
      executor: fc.integer({ min: 0, max: PLAN_HOSTS.length - 1 }),
      wait: fc.integer({ min: 0, max: 400 }),
      run: fc.integer({ min: 1, max: 3000 }),
      written: fc.constantFrom(0, 1000, 2e6, 3e7),
      share: fc.integer({ min: 1, max: 5 }),
      fails: fc.boolean(),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  parentMask: fc.integer({ min: 0, max: 63 }),
  delay: fc.constantFrom(0, 0, 50, 2000),
  input: fc.constantFrom(0, 1e6, 6.4e7),
});

/**
 * Spark applications of 1–6 stages in a random DAG (each stage takes some earlier ones as
 * parents), on executors of two cores, one per host of {@link PLAN_HOSTS}: a stage is
 * submitted after its parents completed, reads what they wrote (split over its tasks),
 * and some tasks fail once on another executor before succeeding.
 */
export const sparkPlanArbitrary: fc.Arbitrary<SparkAppPlan> = fc
  .array(stageRow, { minLength: 1, maxLength: 6 })
  .map((rows) => {
    const stages: StagePlan[] = [];
    const written: number[] = [];
    rows.forEach((row, id) => {
      const parents = [...Array(id).keys()].filter((p) => (row.parentMask >> p) & 1);
      const ready = Math.max(0, ...parents.map((p) => stages[p]!.complete));
      const submit = ready + row.delay + 10;
      const toRead = parents.reduce((a, p) => a + written[p]!, 0);
      const shares = row.tasks.reduce((a, t) => a + t.share, 0);
      let left = toRead;
      const tasks: TaskPlan[] = row.tasks.map((t, i) => {
        const launch = submit + 20 + t.wait;
        const bytes = i === row.tasks.length - 1 ? left : Math.floor((toRead * t.share) / shares);
        left -= bytes;
        const other = String(((t.executor + 1) % PLAN_HOSTS.length) + 1);
        const start = t.fails ? launch + 300 : launch;
        return {
          executor: String(t.executor + 1),
          launch: start,
          finish: start + t.run + 5,
          run: t.run,
          fetchWait: parents.length > 0 ? Math.floor(t.run / 4) : 0,
          remote: Math.ceil(bytes / 2),
          local: bytes - Math.ceil(bytes / 2),
          written: t.written,
          input: parents.length === 0 ? row.input : 0,
          ...(t.fails
            ? {
                failed: [
                  { executor: other, launch, finish: launch + 250, reason: 'ExecutorLostFailure' as const },
                ],
              }
            : {}),
        };
      });
      const complete = Math.max(...tasks.map((t) => t.finish)) + 10;
      stages.push({ id, parents, submit, complete, tasks });
      written.push(tasks.reduce((a, t) => a + (t.written ?? 0), 0));
    });
    return {
      appId: 'application_1700000000000_0007',
      user: 'ana',
      mode: 'FIFO' as const,
      start: 1_700_000_000_000,
      executors: PLAN_HOSTS.map((host, i) => ({ id: String(i + 1), host, cores: 2, added: 0 })),
      jobs: [{ id: 0, stages }],
    };
  });
