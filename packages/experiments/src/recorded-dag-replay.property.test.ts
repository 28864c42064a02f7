import { fc, test } from '@fast-check/vitest';
import { simulate } from '@rackwise/engine';
import { createFifoPolicy } from '@rackwise/policy-fifo';
import { buildTopology } from '@rackwise/topology';
import type { SchedulerPolicy } from '@rackwise/types';
import { parseSparkEventLog, recordedWorkload } from '@rackwise/workloads';
import { describe, expect } from 'vitest';
import { sparkEventLog } from '../../workloads/test/spark-log-writer.js';
import { sparkPlanArbitrary } from '../../workloads/test/spark-plan-arbitrary.js';

describe('random Spark stage DAGs, written as event logs, read and replayed', () => {
  test.prop([sparkPlanArbitrary, fc.constantFrom('recorded', 'modelled' as const), fc.integer()], {
    numRuns: 60,
  })(
    'no stage starts before its parents finish; every shuffle byte leaves a node where a producing task ran',
    (plan, durations, seed) => {
      const trace = parseSparkEventLog(sparkEventLog(plan).join('\n'), 'app');
      const replay = recordedWorkload(trace, {
        durations: durations as 'recorded' | 'modelled',
        racks: { kind: 'regex', pattern: '^(r\\d)-' },
      });
      const jobs = replay.workload.jobs;
      const { cluster } = replay;
      const topology = buildTopology({
        racks: cluster.racks.length,
        nodesPerRack: cluster.nodesPerRack,
        slots: { model: 'container', containers: cluster.containers },
        nicCapacity: 1e9,
      });
      const violations: string[] = [];
      const completedAt = new Map<number, number>();
      const producedOn = new Map<number, number[]>();
      let checked = 0;
      // FIFO as it is (its other hooks kept), watched as tasks start and end.
      const observe = (inner: SchedulerPolicy): SchedulerPolicy => ({
        ...inner,
        name: 'fifo-observed',
        assign: (offer, view) => inner.assign(offer, view),
        onTaskStarted(event, view) {
          inner.onTaskStarted?.(event, view);
          const spec = jobs[event.task.job]!;
          for (const p of spec.dependsOn ?? []) {
            const done = completedAt.get(p);
            if (done === undefined || done > view.now)
              violations.push(`job ${event.task.job} ran a task at ${view.now} before parent ${p} completed`);
          }
          if (event.task.kind !== 'reduce' || spec.recorded?.mapsFromParents !== true) return;
          checked++;
          const ran = (spec.dependsOn ?? []).flatMap((p) => producedOn.get(p) ?? []);
          const job = view.job(event.task.job);
          for (let i = 0; i < spec.mapCount; i++) {
            if (job.map(i).outputNode !== ran[i])
              violations.push(
                `job ${event.task.job} map ${i}: output on ${job.map(i).outputNode}, producer on ${ran[i]}`,
              );
          }
        },
        onTaskCompleted(event, view) {
          inner.onTaskCompleted?.(event, view);
          const spec = jobs[event.task.job]!;
          if ((spec.reduceCount > 0 ? 'reduce' : 'map') !== event.task.kind) return;
          const list = producedOn.get(event.task.job) ?? [];
          list[event.task.index] = event.node;
          producedOn.set(event.task.job, list);
        },
        onJobCompleted(job, view) {
          inner.onJobCompleted?.(job, view);
          completedAt.set(job.id, view.now);
        },
      });
      const result = simulate({
        topology,
        workload: replay.workload,
        policy: (context) => observe(createFifoPolicy(undefined, context)),
        seed,
        parameters: { maxTime: 36_000 },
      });
      expect(violations).toEqual([]);
      expect(result.metrics.jobsCompleted).toBe(jobs.length);
      if (trace.stages.some((s) => s.parents.length > 0)) expect(checked).toBeGreaterThan(0);
    },
  );
});
