import { fc, test } from '@fast-check/vitest';
import { hasReadyReduce } from '@rackwise/policy-kit';
import { createTestCluster } from '@rackwise/testkit';
import type { ClusterView, Decision, JobView, ReduceTaskView, SlotOffer, TaskRef } from '@rackwise/types';
import { describe, expect } from 'vitest';
import { FCS_DEFAULTS, type FcsConfig } from '../fcs-config.js';
import { JobEstimates, compareEstimates } from './job-estimates.js';
import { ReduceRecords } from './reduce-records.js';
import { selectReduceLaunch } from './select-reduce-launch.js';

/**
 * Algorithm 2 as the paper states it, for reference: every job with a reduce demand
 * ranked by remaining work, then walked in that order. `selectReduceLaunch` looks only at
 * the job with the least work when it launches there; it must decide the same and count
 * the same migration delays, whatever order the jobs come in.
 */
function rankEveryJob(
  offer: SlotOffer,
  view: ClusterView,
  config: FcsConfig,
  estimates: JobEstimates,
  records: ReduceRecords,
): Decision | undefined {
  const ranked = view
    .activeJobs()
    .filter(hasReadyReduce)
    .map((job) => ({ job, estimate: estimates.of(job, view) }))
    .sort((a, b) => compareEstimates(a.estimate, b.estimate));
  const D = config.migration ? config.migrationDelay : Number.POSITIVE_INFINITY;
  for (const { job } of ranked) {
    const waiting = job.waitingReduces();
    const here =
      waiting.find((r) => r.state === 'suspended' && r.node === offer.node) ??
      waiting.find((r) => r.state !== 'suspended');
    if (here !== undefined) {
      records.of(job.id, here.index).delays = 0;
      const rule = here.state === 'suspended' ? 'resume-local' : 'first-launch';
      return { type: 'launch', task: here, reason: `fcs/${rule}` };
    }
    const suspended: ReduceTaskView[] = waiting.filter((r) => r.state === 'suspended');
    suspended.sort(
      (a, b) =>
        records.of(job.id, a.index).preemptedAt - records.of(job.id, b.index).preemptedAt ||
        a.index - b.index,
    );
    for (const reduce of suspended) {
      const record = records.of(job.id, reduce.index);
      if (record.delays > D) {
        record.delays = 0;
        return { type: 'launch', task: reduce, reason: 'fcs/migrate' };
      }
      record.delays += 1;
    }
  }
  return undefined;
}

type Step =
  | { op: 'submit'; maps: number; reduces: number }
  | { op: 'maps'; job: number; count: number; seconds: number }
  | { op: 'offer'; node: number }
  | { op: 'suspend'; pick: number }
  | { op: 'advance'; seconds: number };

const stepArb: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('submit' as const),
    maps: fc.integer({ min: 1, max: 6 }),
    reduces: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    op: fc.constant('maps' as const),
    job: fc.nat(),
    count: fc.integer({ min: 1, max: 3 }),
    seconds: fc.integer({ min: 1, max: 20 }),
  }),
  fc.record({ op: fc.constant('offer' as const), node: fc.nat() }),
  fc.record({ op: fc.constant('suspend' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('advance' as const), seconds: fc.integer({ min: 0, max: 5 }) }),
);

const NODES = 3;

/** The delays of every reduce a record exists for, to compare the side effects of two walks. */
function delaysOf(view: ClusterView, records: ReduceRecords): number[] {
  return view
    .activeJobs()
    .flatMap((job) => Array.from({ length: job.reduceCount }, (_, r) => records.of(job.id, r).delays));
}

describe('FCS Algorithm 2 on the job with the least work first', () => {
  test.prop([
    fc.array(stepArb, { minLength: 10, maxLength: 80 }),
    fc.boolean(),
    fc.integer({ min: 0, max: 3 }),
  ])('launches what ranking every job launches, counting the same delays', (steps, migration, delay) => {
    // Algorithm 2 reads no fairness order.
    const config = { ...FCS_DEFAULTS, migration, migrationDelay: delay } as FcsConfig;
    const cluster = createTestCluster({
      topology: { racks: 1, nodesPerRack: NODES, slots: { model: 'split', mapSlots: 4, reduceSlots: 1 } },
    });
    const view = cluster.view;
    const estimates = new JobEstimates();
    const records = { kept: new ReduceRecords(), reference: new ReduceRecords() };
    const both = (change: (records: ReduceRecords) => void) => {
      change(records.kept);
      change(records.reference);
    };
    for (const step of steps) {
      if (step.op === 'submit') cluster.submit({ maps: step.maps, reduces: step.reduces });
      else if (step.op === 'advance') cluster.advance(step.seconds);
      else if (step.op === 'maps') {
        const jobs = view.activeJobs();
        if (jobs.length === 0) continue;
        const job = jobs[step.job % jobs.length]!;
        const maps: TaskRef[] = job.pendingMaps().slice(0, step.count);
        let node = 0;
        for (const map of maps) {
          while (view.freeSlots(node as never, 'map') === 0 && node < NODES - 1) node++;
          if (view.freeSlots(node as never, 'map') === 0) break;
          cluster.launch(map, node);
          estimates.mapStarted(job, view.now);
        }
        cluster.advance(step.seconds);
        for (const map of job.runningMaps().slice()) {
          const start = map.startTime;
          cluster.completeMap(map, 1e6 * (1 + (map.index % 3)));
          estimates.mapCompleted(job, start, view.now);
        }
      } else if (step.op === 'suspend') {
        const running = view.activeJobs().flatMap((job) => [...job.runningReduces()]);
        if (running.length === 0) continue;
        const reduce = running[step.pick % running.length]!;
        cluster.suspendReduce(reduce);
        both((r) => r.preempted(reduce.job, reduce.index, view.now));
        estimates.invalidate(reduce.job);
      } else {
        const node = step.node % NODES;
        if (view.freeSlots(node as never, 'reduce') === 0) continue;
        const offer: SlotOffer = { node: node as never, kind: 'reduce' };
        // The demanding jobs in reverse submission order: the answer must not depend on it.
        const demanding: JobView[] = view.activeJobs().filter(hasReadyReduce).reverse();
        const kept = selectReduceLaunch(offer, view, demanding, config, estimates, records.kept, false);
        const reference = rankEveryJob(offer, view, config, estimates, records.reference);
        expect(kept?.type === 'launch' ? [kept.task, kept.reason] : undefined).toEqual(
          reference?.type === 'launch' ? [reference.task, reference.reason] : undefined,
        );
        expect(delaysOf(view, records.kept)).toEqual(delaysOf(view, records.reference));
        if (kept?.type === 'launch') {
          cluster.launch(kept.task, node);
          both((r) => r.started(kept.task.job, kept.task.index, view.now));
        }
      }
    }
  });
});
