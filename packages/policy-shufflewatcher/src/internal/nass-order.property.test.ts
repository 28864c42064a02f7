import { fc, test } from '@fast-check/vitest';
import type { ClusterView, JobView, MapTaskView, NodeId, RackId, ReduceTaskView } from '@rackwise/types';
import { describe, expect } from 'vitest';
import type { JobPlans } from './job-plans.js';
import type { LocalityLevel } from './locality-wait.js';
import { DELAY_SHUFFLE, type NassRequest, WAIT_FOR_LOCALITY, nassChoose } from './nass-order.js';

/**
 * NASS's scans against Fig. 3 written one category after another (a scan of every job
 * per category), over random users' jobs: the same choice, and the same questions asked
 * of SAMP's and SARP's plans in the same order (a plan may be made, and SARP's counts
 * computed and kept, when first asked).
 */
const jobArb = fc.record({
  available: fc.boolean(),
  reduce: fc.boolean(),
  heavy: fc.boolean(),
  quota: fc.boolean(),
  prefers: fc.boolean(),
  local: fc.boolean(),
  near: fc.boolean(),
  pending: fc.boolean(),
});
interface FakeJob {
  readonly id: number;
  readonly available: boolean;
  readonly reduce: boolean;
  readonly heavy: boolean;
  readonly quota: boolean;
  readonly prefers: boolean;
  readonly local: boolean;
  readonly near: boolean;
  readonly pending: boolean;
}

const task = (job: number, kind: 'map' | 'reduce', index: number) => ({ job, kind, index });

function request(
  jobs: readonly FakeJob[],
  options: {
    saturated: boolean;
    maps: boolean;
    reduces: boolean;
    allowed: LocalityLevel;
    delay: boolean;
    reduceJobs: boolean;
  },
  calls: string[],
): NassRequest {
  const views = jobs.map((job) => {
    const map = (index: number) => [task(job.id, 'map', index) as unknown as MapTaskView];
    return {
      id: job.id,
      fake: job,
      pendingMapsOnNode: () => (job.local ? map(0) : []),
      pendingMapsOnRack: () => (job.near || job.local ? map(job.local ? 0 : 1) : []),
      pendingMaps: () => (job.pending || job.near || job.local ? map(job.local ? 0 : job.near ? 1 : 2) : []),
      waitingReduces: () => (job.reduce ? [task(job.id, 'reduce', 0) as unknown as ReduceTaskView] : []),
    } as unknown as JobView & { fake: FakeJob };
  });
  const fake = (job: JobView) => (job as JobView & { fake: FakeJob }).fake;
  const plans = {
    prefersRack: (job: JobView) => {
      calls.push(`prefers ${job.id}`);
      return fake(job).prefers;
    },
    reduceQuotaUnmet: (job: JobView) => {
      calls.push(`quota ${job.id}`);
      return fake(job).quota;
    },
  } as unknown as JobPlans;
  return {
    view: {} as ClusterView,
    node: 0 as NodeId,
    rack: 0 as RackId,
    saturated: options.saturated,
    jobs: views,
    // Any jobs the reduce scans may skip are those whose reduce is not available.
    reduceJobs: options.reduceJobs
      ? views.filter((job) => fake(job).available || fake(job).reduce)
      : undefined,
    maps: options.maps,
    reduces: options.reduces,
    allowed: options.allowed,
    plans,
    isHeavy: (job) => fake(job).heavy,
    reduceAvailable: (job) => fake(job).available,
    delayReduces: options.delay,
  };
}

/** Fig. 3 as written: one scan of every job per category. */
function byCategory(r: NassRequest): unknown {
  const reduceOf = (rule: string, accept: (job: JobView) => boolean) => {
    for (const job of r.jobs) {
      if (!r.reduceAvailable(job)) continue;
      const reduce = job.waitingReduces()[0];
      if (reduce !== undefined && accept(job)) return { task: reduce, rule, level: 2 };
    }
    return undefined;
  };
  const quota = (job: JobView) => r.plans.reduceQuotaUnmet(job, r.view, r.rack);
  const mapOf = () => {
    for (const job of r.jobs) {
      if (!r.plans.prefersRack(job, r.view, r.rack)) continue;
      const local = job.pendingMapsOnNode(r.node)[0];
      if (local !== undefined) return { task: local, rule: 'map-preferred-rack', level: 0 };
      if (r.allowed < 1) continue;
      const near = job.pendingMapsOnRack(r.rack)[0] ?? job.pendingMaps()[0];
      if (near !== undefined) return { task: near, rule: 'map-preferred-rack', level: 1 };
    }
    for (const job of r.jobs) {
      const local = job.pendingMapsOnNode(r.node)[0];
      if (local !== undefined) return { task: local, rule: 'map-node-local', level: 0 };
    }
    if (r.allowed < 1) return undefined;
    for (const job of r.jobs) {
      const near = job.pendingMapsOnRack(r.rack)[0];
      if (near !== undefined) return { task: near, rule: 'map-rack-local', level: 1 };
    }
    if (r.allowed < 2) return undefined;
    for (const job of r.jobs) {
      const any = job.pendingMaps()[0];
      if (any !== undefined) return { task: any, rule: 'map-any', level: 2 };
    }
    return undefined;
  };
  const mapsWaiting = r.jobs.some((j) => j.pendingMaps().length > 0);
  if (r.saturated) {
    if (r.maps) {
      const map = mapOf();
      if (map !== undefined) return map;
      if (mapsWaiting) return WAIT_FOR_LOCALITY;
    } else if (r.delayReduces && mapsWaiting) return DELAY_SHUFFLE;
    if (!r.reduces) return undefined;
    return (
      reduceOf('reduce-light', (j) => !r.isHeavy(j)) ??
      reduceOf('reduce-heavy-sarp', (j) => r.isHeavy(j) && quota(j)) ??
      reduceOf('reduce-any', () => true)
    );
  }
  if (r.reduces) {
    const reduce =
      reduceOf('reduce-heavy-sarp', (j) => r.isHeavy(j) && quota(j)) ??
      reduceOf('reduce-heavy', r.isHeavy) ??
      reduceOf('reduce-any', () => true);
    if (reduce !== undefined) return reduce;
  }
  if (!r.maps) return undefined;
  return mapOf() ?? (mapsWaiting ? WAIT_FOR_LOCALITY : undefined);
}

describe('nassChoose', () => {
  test.prop(
    [
      fc.array(jobArb, { maxLength: 8 }),
      fc.record({
        saturated: fc.boolean(),
        maps: fc.boolean(),
        reduces: fc.boolean(),
        allowed: fc.constantFrom<LocalityLevel>(0, 1, 2),
        delay: fc.boolean(),
        reduceJobs: fc.boolean(),
      }),
    ],
    { numRuns: 500 },
  )('chooses as Fig. 3 scanned category by category, asking the plans the same', (specs, options) => {
    const jobs = specs.map((spec, id) => ({ id, ...spec }));
    const calls: string[] = [];
    const expectedCalls: string[] = [];
    const chosen = nassChoose(request(jobs, options, calls));
    const expected = byCategory(request(jobs, { ...options, reduceJobs: false }, expectedCalls));
    expect(chosen).toEqual(expected);
    expect(calls).toEqual(expectedCalls);
  });
});
