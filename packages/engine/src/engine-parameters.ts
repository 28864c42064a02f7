import {
  BETWEEN_SOLVES,
  type BetweenSolves,
  CONGESTION_LOSSES,
  type CongestionLoss,
} from '@rackwise/topology';
import type { Bytes, ResourceVector, Seconds } from '@rackwise/types';

/**
 * Every knob of the simulated world (docs/architecture.md §3). Each field has a documented
 * default; `simulate` takes a `Partial` and fills the rest from
 * {@link DEFAULT_ENGINE_PARAMETERS}.
 *
 * Duration model: a map computes for `mapOverhead + inputBytes / mapRate` after reading
 * its block; a reduce computes for `reduceOverhead + partitionBytes / reduceRate` after
 * fetching its partition of every map output.
 */
export interface EngineParameters {
  /** Fixed cost of a map task (JVM start, setup, commit), seconds. Default 1. */
  readonly mapOverhead: Seconds;
  /** Bytes of input a map processes per second once its block is read. Default 10 MB/s (1e7). */
  readonly mapRate: number;
  /** Fixed cost of a reduce task's compute phase, seconds. Default 1. */
  readonly reduceOverhead: Seconds;
  /** Bytes of its partition a reduce processes per second once fetched. Default 10 MB/s (1e7). */
  readonly reduceRate: number;
  /** Slowstart: fraction of a job's maps complete before its reduces may launch. Default 0.05. */
  readonly mapCompletionThreshold: number;
  /** Concurrent fetches of one reduce (`mapreduce.reduce.shuffle.parallelcopies`). Default 5. */
  readonly parallelCopies: number;
  /**
   * Most map outputs one fetch pulls from one node (Hadoop's `maxMapsPerFetch`); may be
   * Infinity. Default 20.
   */
  readonly mapsPerFetch: number;
  /**
   * What one fetch pulls from: `node` (Hadoop: one node's outputs) or `rack` (coarse:
   * every node of one rack in one flow, for day-long traces — see the README). Default `node`.
   */
  readonly fetchSource: 'node' | 'rack';
  /**
   * When a reduce fetches: `available` (Hadoop: each output as soon as it exists) or
   * `maps-done` (coarse: once every map of the job completed, in one round). Default `available`.
   */
  readonly shuffleStart: 'available' | 'maps-done';
  /**
   * Seconds between a reduce's polls for map-completion events: it fetches only the
   * outputs that completed by its last poll (Hadoop's EventFetcher polls when the shuffle
   * starts and sleeps 1 s between polls). 0: a reduce knows each output the moment it
   * completes. Default 0.
   */
  readonly mapEventPoll: Seconds;
  /**
   * Seconds between two heartbeats of a node. A node heartbeats only while it has a free
   * slot and some task waits. Default 1 (YARN's NodeManager heartbeat,
   * `yarn.resourcemanager.nodemanagers.heartbeat-interval-ms`; docs/heartbeats.md).
   */
  readonly heartbeatInterval: Seconds;
  /**
   * Where in the interval each node heartbeats: `random` — drawn per node from the run's
   * seed (its own stream, so the other draws do not move), as NodeManagers that start
   * independently; `spread` — fixed, spread over the interval by the golden ratio
   * (`frac((n + 1) × 0.618…) × interval`), the same for every seed. Default `random`.
   */
  readonly heartbeatPhases: 'random' | 'spread';
  /**
   * Lateness of each heartbeat, up to this fraction of the interval, drawn per node and
   * heartbeat from the run's seed (a heartbeat waits on the RPC and the scheduler; it is
   * never early). In `[0, 1)`, so a node's heartbeats keep their order. Default 0.
   */
  readonly heartbeatJitter: number;
  /**
   * Whether a submitted job's tasks are offered every node with a free slot at once, as
   * Spark's driver does when a stage is submitted (it revives its offers), instead of at
   * each node's next heartbeat as YARN's scheduler does. Freed slots are offered at once
   * either way. Absent: false (and absent from resolved parameters, which stay as they were).
   */
  readonly offerOnSubmit?: boolean;
  /** Seconds between monitor samples (network utilisation, outstanding map output). Default 1. */
  readonly monitorInterval: Seconds;
  /** Seconds of monitor samples kept for `NetworkView.recentRackUtilisation`. Default 600. */
  readonly monitorHistory: Seconds;
  /**
   * Minimum simulated time between two solves of the flow rates (0 = exact). Default 0.
   * See the README for the error it trades for speed.
   */
  readonly resolveInterval: Seconds;
  /**
   * With a `resolveInterval`, the rate of a flow that starts between two solves: `idle` —
   * 0 until the deferred solve; `residual` — at once, max-min among the new flows over the
   * capacity the others leave; `share` — at once, their likely share at the next solve,
   * links carrying more than they deliver until it (@rackwise/topology `betweenSolves`).
   * Default `idle`.
   */
  readonly betweenSolves: BetweenSolves;
  /**
   * With `betweenSolves: 'residual'`, a `resolveInterval` and the per-flow model, solve only
   * once the changes since the last solve have moved some link's shares by more than this
   * fraction of its capacity (@rackwise/topology `resolveTolerance`); 0 solves every change
   * at the interval. Without those it has no effect, so `resolveInterval: 0` over a preset
   * that sets a tolerance is the exact model. In `[0, 1)`. Default 0.
   */
  readonly resolveTolerance: number;
  /**
   * How the flow solver holds flows: `per-flow` (every flow on its own) or `bundled` (one
   * weighted entity per path, each flow's completion on the bundle's virtual clock). Both
   * are exact max-min and give the same answers to floating tolerance; bundles pay only
   * when many flows share a path (README, Performance). Default `per-flow`.
   */
  readonly flowModel: 'bundled' | 'per-flow';
  /**
   * Where the per-flow model's full solves run (@rackwise/topology `kernel`):
   * `webassembly` — progressive filling compiled to WebAssembly, the same rates to the
   * bit as JavaScript's, where the runtime has WebAssembly and no `congestionLoss` is set;
   * `javascript` — the JavaScript solver, the oracle. No result depends on it, only the
   * run's cost. Default `webassembly`.
   */
  readonly solverKernel: 'webassembly' | 'javascript';
  /**
   * Congestion loss: `none` (default) — a link delivers its full capacity however many
   * flows share it (work-conserving fluid); `incast` — a link's goodput falls when it
   * carries more concurrent flows than its buffer lets TCP repair by fast retransmit
   * (`incastGoodputFraction` of @rackwise/topology, with its hardware and TCP defaults);
   * `congestion-cost` — a link's goodput falls once its flows outnumber what its buffer
   * holds without timeouts, by the RTO stalls real TCP paid on the kernel validation
   * (`congestionCostFraction` of @rackwise/topology, with its fitted defaults).
   */
  readonly congestionLoss: CongestionLoss;
  /**
   * Fraction of every link's line rate that flows get: TCP/IP and framing headers and
   * ACKs take the rest (1448 payload bytes in a 1502-byte frame is 0.964). Default 1: the
   * fluid model's full line rate. docs/network-validation.md measures it against
   * packet-level TCP.
   */
  readonly linkGoodput: number;
  /** Model the network: `false` makes every transfer instant (the floor run). Default true. */
  readonly network: boolean;
  /** Reduces write their output to HDFS with `outputReplication` replicas (flows). Default false. */
  readonly replicateOutput: boolean;
  /** Replicas of reduce output when `replicateOutput` is on (the first is local). Default 3. */
  readonly outputReplication: number;
  /**
   * Partition skew: reduce r of R receives a share proportional to `(r + 1)^−partitionSkew`
   * of every map output (Zipf). 0 = even partitions. Default 0.
   */
  readonly partitionSkew: number;
  /** Honour a policy's preemption extension. Default true. */
  readonly preemption: boolean;
  /**
   * Seconds a work-conserving preempted reduce spends, when it resumes, flushing and
   * restoring its state (FCS §3.1: merging in-memory segments to disk on preemption, then
   * re-reading the index record and rebuilding its heap before going on), holding the
   * slot it resumes in. FCS gives no figure beyond "low overhead": default 1 s.
   * The flush is charged at resume with the restore: the same slot-seconds, on the new slot.
   */
  readonly preemptionOverhead: Seconds;
  /**
   * What a work-conserving preempted reduce keeps of the fetches it had in flight (FCS
   * §3.1 keeps "the shuffling status of all segments" and resumes by fetching "the rest
   * segments"; a segment is one map output's partition): `segments` — the map outputs a
   * fetch had delivered whole, in order, are kept and the one cut short is fetched again;
   * `bytes` — every delivered byte is kept and the cut output resumes where it stopped;
   * `drop` — the whole fetch is fetched again. A killed reduce keeps nothing. What is not
   * kept is `preemptions.droppedFetchBytes`. Default `segments` (README, "Extensions").
   */
  readonly preemptedFetches: 'segments' | 'bytes' | 'drop';
  /** Accept duplicate map launches (`LaunchDecision.duplicate`). Default true. */
  readonly duplication: boolean;
  /** Tick interval for a policy that has `onTick` or preemption but no `tickInterval`, seconds. Default 1. */
  readonly tickInterval: Seconds;
  /** Stop the run at this simulated time (jobs not done by then are reported unfinished). Default Infinity. */
  readonly maxTime: Seconds;
  /** Container demand of a task whose job spec gives none (DRF). Default 1 vcore, 2048 MiB. */
  readonly defaultTaskDemand: ResourceVector;
  /** A flow is complete when at most this many bytes remain. Default 1e-3. */
  readonly completionTolerance: Bytes;
}

/** What a preempted reduce keeps of its fetches in flight. */
export type PreemptedFetches = EngineParameters['preemptedFetches'];

/** The documented defaults of every engine parameter. */
export const DEFAULT_ENGINE_PARAMETERS: EngineParameters = Object.freeze({
  mapOverhead: 1,
  mapRate: 1e7,
  reduceOverhead: 1,
  reduceRate: 1e7,
  mapCompletionThreshold: 0.05,
  parallelCopies: 5,
  mapsPerFetch: 20,
  fetchSource: 'node',
  congestionLoss: 'none',
  shuffleStart: 'available',
  mapEventPoll: 0,
  heartbeatInterval: 1,
  heartbeatPhases: 'random',
  heartbeatJitter: 0,
  monitorInterval: 1,
  monitorHistory: 600,
  resolveInterval: 0,
  betweenSolves: 'idle',
  resolveTolerance: 0,
  flowModel: 'per-flow',
  solverKernel: 'webassembly',
  network: true,
  replicateOutput: false,
  outputReplication: 3,
  partitionSkew: 0,
  preemption: true,
  preemptionOverhead: 1,
  preemptedFetches: 'segments',
  duplication: true,
  tickInterval: 1,
  maxTime: Number.POSITIVE_INFINITY,
  defaultTaskDemand: Object.freeze({ vcores: 1, memoryMb: 2048 }),
  completionTolerance: 1e-3,
  linkGoodput: 1,
});

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return typeof value;
  }
}

type Check = (value: unknown) => boolean;
const positiveFinite: Check = (v) => typeof v === 'number' && Number.isFinite(v) && v > 0;
const nonNegativeFinite: Check = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const positiveInteger: Check = (v) => typeof v === 'number' && Number.isInteger(v) && v > 0;
const fraction: Check = (v) => typeof v === 'number' && v >= 0 && v <= 1;
const boolean: Check = (v) => typeof v === 'boolean';
const positiveTime: Check = (v) => typeof v === 'number' && !Number.isNaN(v) && v > 0;

const CHECKS: { readonly [K in keyof EngineParameters]-?: readonly [Check, string] } = {
  mapOverhead: [nonNegativeFinite, 'a finite number of seconds >= 0'],
  mapRate: [positiveFinite, 'a positive finite number of bytes per second'],
  reduceOverhead: [nonNegativeFinite, 'a finite number of seconds >= 0'],
  reduceRate: [positiveFinite, 'a positive finite number of bytes per second'],
  mapCompletionThreshold: [fraction, 'a fraction in [0, 1]'],
  parallelCopies: [positiveInteger, 'a positive integer'],
  mapsPerFetch: [
    (v) => positiveInteger(v) || v === Number.POSITIVE_INFINITY,
    'a positive integer or Infinity',
  ],
  fetchSource: [(v) => v === 'node' || v === 'rack', "'node' or 'rack'"],
  congestionLoss: [
    (v) => CONGESTION_LOSSES.includes(v as CongestionLoss),
    "'none', 'incast', 'congestion-cost' or 'congestion-tail'",
  ],
  shuffleStart: [(v) => v === 'available' || v === 'maps-done', "'available' or 'maps-done'"],
  mapEventPoll: [nonNegativeFinite, 'a finite number of seconds >= 0'],
  heartbeatInterval: [positiveFinite, 'a positive finite number of seconds'],
  heartbeatPhases: [(v) => v === 'random' || v === 'spread', "'random' or 'spread'"],
  heartbeatJitter: [(v) => typeof v === 'number' && v >= 0 && v < 1, 'a fraction in [0, 1)'],
  monitorInterval: [positiveFinite, 'a positive finite number of seconds'],
  monitorHistory: [positiveFinite, 'a positive finite number of seconds'],
  resolveInterval: [nonNegativeFinite, 'a finite number of seconds >= 0'],
  betweenSolves: [
    (v) => BETWEEN_SOLVES.includes(v as BetweenSolves),
    BETWEEN_SOLVES.map((v) => `'${v}'`).join(', '),
  ],
  resolveTolerance: [(v) => typeof v === 'number' && v >= 0 && v < 1, 'a fraction in [0, 1)'],
  flowModel: [(v) => v === 'bundled' || v === 'per-flow', "'bundled' or 'per-flow'"],
  solverKernel: [(v) => v === 'webassembly' || v === 'javascript', "'webassembly' or 'javascript'"],
  network: [boolean, 'a boolean'],
  replicateOutput: [boolean, 'a boolean'],
  outputReplication: [positiveInteger, 'a positive integer'],
  partitionSkew: [nonNegativeFinite, 'a finite number >= 0'],
  preemption: [boolean, 'a boolean'],
  preemptionOverhead: [nonNegativeFinite, 'a finite number of seconds >= 0'],
  preemptedFetches: [
    (v) => v === 'segments' || v === 'bytes' || v === 'drop',
    "'segments', 'bytes' or 'drop'",
  ],
  duplication: [boolean, 'a boolean'],
  offerOnSubmit: [(v) => v === undefined || typeof v === 'boolean', 'a boolean'],
  tickInterval: [positiveFinite, 'a positive finite number of seconds'],
  maxTime: [positiveTime, 'a positive number of seconds (Infinity for no limit)'],
  defaultTaskDemand: [
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      positiveFinite((v as ResourceVector).vcores) &&
      positiveFinite((v as ResourceVector).memoryMb),
    'an object { vcores, memoryMb } of positive finite numbers',
  ],
  completionTolerance: [positiveFinite, 'a positive finite number of bytes'],
  linkGoodput: [(v) => typeof v === 'number' && v > 0 && v <= 1, 'a fraction in (0, 1]'],
};

/**
 * Fills the defaults and validates every field.
 * @throws Error naming the field (`parameters.mapRate must be …, got 0`) or an unknown one.
 */
export function resolveEngineParameters(parameters?: Partial<EngineParameters>): EngineParameters {
  if (parameters === undefined) return DEFAULT_ENGINE_PARAMETERS;
  if (typeof parameters !== 'object' || parameters === null) {
    throw new Error(`parameters must be an object, got ${describe(parameters)}`);
  }
  for (const key of Object.keys(parameters)) {
    if (!Object.hasOwn(CHECKS, key)) {
      throw new Error(
        `parameters.${key} is not an engine parameter; known: ${Object.keys(CHECKS).join(', ')}`,
      );
    }
  }
  const resolved = { ...DEFAULT_ENGINE_PARAMETERS, ...parameters } as EngineParameters;
  for (const key of Object.keys(CHECKS) as (keyof EngineParameters)[]) {
    const value = resolved[key];
    const [check, expected] = CHECKS[key];
    if (!check(value)) throw new Error(`parameters.${key} must be ${expected}, got ${describe(value)}`);
  }
  return Object.freeze(resolved);
}

/**
 * The coarse shuffle for day-long traces: one flow per (reduce, source rack), fetched in
 * one round once the job's maps are done. About 16 % on mean job time and 3 % on
 * shuffle-heavy jobs from the exact model on a FB-2010 slice, for a 37× speed-up (README,
 * "Coarse modes"); add `resolveInterval` to bound the solves further.
 */
export const COARSE_SHUFFLE_PARAMETERS: Partial<EngineParameters> = Object.freeze({
  fetchSource: 'rack',
  mapsPerFetch: Number.POSITIVE_INFINITY,
  shuffleStart: 'maps-done',
});
