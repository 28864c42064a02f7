import { fc, test } from '@fast-check/vitest';
import { type EngineParameters, simulate } from '@rackwise/engine';
import { compareRemainingWork, executionSlackness } from '@rackwise/estimators';
import { createFairUserOrder } from '@rackwise/policy-fair';
import {
  FCS_DEFAULTS,
  type FcsLaunchEvidence,
  type FcsPreemptionEvidence,
  type FcsPreemptionRequest,
  type FcsVariantName,
  defineFcs,
} from '@rackwise/policy-fcs';
import { arbTopologySpec, arbWorkload } from '@rackwise/testkit';
import { buildTopology } from '@rackwise/topology';
import type { ClusterView, Decision, PolicyContext, SchedulerPolicy, SlotOffer } from '@rackwise/types';
import { hdfsPlacement } from '@rackwise/workloads';
import { afterAll, describe, expect } from 'vitest';

/** What the observer saw of one reduce. */
interface Seen {
  launchedAt: number;
  node: number;
  service: number;
  preemptedFrom: number;
  fetchedAtPreemption: number;
  progressAtPreemption: number;
  preempted: boolean;
}

/**
 * FCS through the engine, watched from outside: every preemption request is checked
 * against `IsPreemptable` and line 7 of Algorithm 1 with the observer's own clocks, and
 * every resumption against the work the reduce had and the node it left.
 */
function observedFcs(
  variant: FcsVariantName,
  context: PolicyContext,
  problems: string[],
  D: number,
  fetched: Map<number, number>,
) {
  const inner = defineFcs(variant, createFairUserOrder({ groupBy: 'job' })).create(
    { migrationDelay: D },
    { ...context, recordEvidence: true },
  );
  const seen = new Map<string, Seen>();
  const lastLaunch = new Map<string, Decision>();
  const key = (job: number, index: number) => `${job}:${index}`;
  const policy: SchedulerPolicy = {
    ...inner,
    assign(offer: SlotOffer, view: ClusterView): Decision {
      const decision = inner.assign(offer, view);
      if (decision.type === 'launch' && decision.task.kind === 'reduce') {
        lastLaunch.set(key(decision.task.job, decision.task.index), decision);
      }
      return decision;
    },
    onTaskCompleted(event, view) {
      inner.onTaskCompleted?.(event, view);
      if (event.task.kind !== 'reduce') return;
      const reduce = view.job(event.task.job).reduce(event.task.index);
      fetched.set(event.task.job, (fetched.get(event.task.job) ?? 0) + reduce.fetchedBytes);
    },
    onTaskStarted(event, view) {
      inner.onTaskStarted?.(event, view);
      if (event.task.kind !== 'reduce') return;
      const k = key(event.task.job, event.task.index);
      const reduce = view.job(event.task.job).reduce(event.task.index);
      const before = seen.get(k);
      if (before?.preempted) {
        if (inner.preemption?.mode === 'kill') {
          if (reduce.fetchedBytes !== 0 || reduce.reduceProgress !== 0)
            problems.push(
              `${k}: a killed reduce restarted with fetched ${reduce.fetchedBytes}, progress ${reduce.reduceProgress}`,
            );
        } else {
          if (reduce.fetchedBytes < before.fetchedAtPreemption - 1e-3)
            problems.push(
              `${k}: resumed with ${reduce.fetchedBytes} fetched bytes, had ${before.fetchedAtPreemption}`,
            );
          if (reduce.reduceProgress < before.progressAtPreemption - 1e-9)
            problems.push(
              `${k}: resumed at progress ${reduce.reduceProgress}, had ${before.progressAtPreemption}`,
            );
          if (event.node !== before.preemptedFrom) {
            const decision = lastLaunch.get(k);
            const evidence = decision?.evidence as FcsLaunchEvidence | undefined;
            if (decision?.reason !== 'fcs/migrate' || evidence === undefined || !(evidence.delays! > D))
              problems.push(
                `${k}: moved from node ${before.preemptedFrom} to ${event.node} without ${D} delays`,
              );
          }
        }
      }
      seen.set(k, {
        launchedAt: view.now,
        node: event.node,
        service: before?.service ?? 0,
        preemptedFrom: -1,
        fetchedAtPreemption: 0,
        progressAtPreemption: 0,
        preempted: false,
      });
      if (before === undefined) seen.get(k)!.launchedAt = view.now;
    },
    preemption: {
      mode: inner.preemption!.mode,
      preempt(view: ClusterView) {
        const requests = inner.preemption!.preempt(view) as readonly FcsPreemptionRequest[];
        for (const request of requests) {
          const k = key(request.task.job, request.task.index);
          const job = view.job(request.task.job);
          const reduce = job.reduce(request.task.index);
          const evidence = request.evidence as FcsPreemptionEvidence;
          const s = seen.get(k);
          if (reduce.state !== 'running' || s === undefined) {
            problems.push(`${k}: preempted while ${reduce.state}`);
            continue;
          }
          if (view.now - s.launchedAt < FCS_DEFAULTS.newReduceGrace)
            problems.push(`${k}: newly launched (${view.now - s.launchedAt} s) yet preempted`);
          if (evidence.progress > FCS_DEFAULTS.maxPreemptableProgress)
            problems.push(`${k}: preempted past 70 % (${evidence.progress})`);
          if (
            reduce.reduceProgress > 0 &&
            1 / 3 + (2 / 3) * reduce.reduceProgress > FCS_DEFAULTS.maxPreemptableProgress
          )
            problems.push(`${k}: preempted at reduce progress ${reduce.reduceProgress}`);
          const service = s.service + (view.now - s.launchedAt);
          const total = view.now - (reduce.startTime ?? view.now);
          const slack = executionSlackness({
            totalTime: total,
            serviceTime: Math.min(total, service),
            completed: evidence.progress,
          });
          if (slack >= FCS_DEFAULTS.slacknessBound - 1e-9)
            problems.push(`${k}: preempted at E_slack ${slack}`);
          const victim = {
            remainingShuffleTime: evidence.victim.T_rs,
            remainingReduceData: evidence.victim.R_left,
          };
          const requester = {
            remainingShuffleTime: evidence.requester.T_rs,
            remainingReduceData: evidence.requester.R_left,
          };
          if (evidence.victim.job !== request.task.job || compareRemainingWork(victim, requester) <= 0)
            problems.push(`${k}: preempted for job ${evidence.requester.job} with no less remaining work`);
          s.service = service;
          s.preempted = true;
          s.preemptedFrom = s.node;
          s.fetchedAtPreemption = reduce.fetchedBytes;
          s.progressAtPreemption = reduce.reduceProgress;
        }
        return requests;
      },
    },
  };
  return policy;
}

/** A seed under which the 40 runs preempt, migrate and kill (checked in `afterAll`). */
const FIXED_SEED = 2;

const scenario = fc.record({
  topology: arbTopologySpec({ maxRacks: 2, maxNodesPerRack: 3, slotModel: 'split' }),
  jobs: arbWorkload({ maxJobs: 7, maxMaps: 8, maxReduces: 5, maxGap: 6 }),
  variant: fc.constantFrom<FcsVariantName>('fcs', 'fcs-kill', 'fcs-no-migration'),
  D: fc.integer({ min: 0, max: 8 }),
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  preemptedFetches: fc.constantFrom<EngineParameters['preemptedFetches']>('segments', 'bytes', 'drop'),
});

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** One random run under the observer; adds what it exercised to `exercised`. */
function checkRun(
  { topology, jobs, variant, D, preemptedFetches, seed }: Scenario,
  exercised: { preemptions: number; migrations: number; kills: number },
): void {
  const problems: string[] = [];
  const fetched = new Map<number, number>();
  const built = buildTopology(topology);
  const result = simulate({
    topology: built,
    workload: {
      name: 'fcs-properties',
      jobs,
      placement: hdfsPlacement({ replication: Math.min(3, built.nodeCount) }),
    },
    policy: (context) => observedFcs(variant, context, problems, D, fetched),
    seed,
    parameters: { maxTime: 50_000, preemptedFetches },
    metrics: { recordSeries: false },
  });
  expect(problems).toEqual([]);
  exercised.preemptions += result.metrics.preemptions.total;
  exercised.migrations += result.metrics.preemptions.migrations;
  exercised.kills += result.metrics.preemptions.kills;
  expect(result.metrics.jobsCompleted).toBe(jobs.length);
  // Bytes conserved across preemptions and migrations: each job's reduces hold its whole shuffle at the end.
  for (const record of result.jobs) {
    expect(record.finished).toBe(true);
    const spec = jobs[record.id]!;
    if (spec.reduceCount > 0) expect(fetched.get(record.id) ?? 0).toBeCloseTo(spec.shuffleBytes, 0);
  }
  // Work-conserving: no partition crosses the network twice but for what fetches in flight at
  // a suspension had delivered and the reduce did not keep — nothing when it keeps every byte
  // (a migration moves fetched data as its own kind).
  const shuffle = jobs.reduce((sum, j) => sum + j.shuffleBytes, 0);
  const dropped = result.metrics.preemptions.droppedFetchBytes;
  if (variant !== 'fcs-kill') {
    expect(result.metrics.totalBytes.shuffle).toBeLessThanOrEqual(shuffle + dropped + 1);
    if (preemptedFetches === 'bytes') expect(dropped).toBe(0);
  }
  if (variant !== 'fcs-kill') expect(result.metrics.preemptions.kills).toBe(0);
  if (variant === 'fcs-no-migration') expect(result.metrics.preemptions.migrations).toBe(0);
}

const PROPERTY =
  'preempts only preemptable reduces of jobs with more work, conserves work, resumes in place unless past D, completes every job';

describe('FCS through the engine', () => {
  // The properties must not hold vacuously. Fresh random runs may happen not to migrate,
  // so a batch under a fixed seed, known to preempt, migrate and kill, guards that.
  const fixed = { preemptions: 0, migrations: 0, kills: 0 };
  afterAll(() => {
    expect(fixed.preemptions).toBeGreaterThan(0);
    expect(fixed.migrations).toBeGreaterThan(0);
    expect(fixed.kills).toBeGreaterThan(0);
  });

  test.prop([scenario], { numRuns: 40 })(PROPERTY, (s) => {
    checkRun(s, { preemptions: 0, migrations: 0, kills: 0 });
  });

  test.prop([scenario], { numRuns: 40, seed: FIXED_SEED })(`${PROPERTY} (fixed seed)`, (s) => {
    checkRun(s, fixed);
  });
});
