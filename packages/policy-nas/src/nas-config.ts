import {
  NAS_SHUFFLE_CLASS_THRESHOLDS,
  NAS_SMALL_INPUT_BYTES,
  type ShuffleSizeThresholds,
} from '@rackwise/predictor';
import type { Bytes, Fraction, Seconds, UserOrder } from '@rackwise/types';

/**
 * Where CR-RTS stops MTS from launching maps of shuffle-medium and shuffle-heavy jobs
 * (NAS §III-E, "CR-RTS notifies MTS not to schedule shuffle-heavy and shuffle-medium
 * map tasks until the network is not congested"), once CR-RTS ran for a rack and until
 * that rack is seen below CongestionThreshold:
 * - `rack` (default): on the nodes of that rack — "congested" is the requesting node's
 *   rack state throughout the paper (Algorithm 1's `NetState`, the "not congested" of
 *   §III-D under which delayed reduces are favoured);
 * - `cluster`: on every node while any such rack is congested.
 */
export type MapPauseScope = 'cluster' | 'rack';

/**
 * Which jobs CR-RTS's map pause holds (§III-E, "stops scheduling the map tasks of
 * shuffle-heavy and shuffle-medium jobs"); see the README for the argument:
 * - `non-light` (default): every job whose *predicted* class is medium or heavy — an
 *   unpredicted job counts with the ratio of 1 it is initialised to (§III-A);
 * - `predicted`: only predicted medium and heavy jobs, so unpredicted jobs keep running
 *   maps and become predicted (§III-C: "so that the job can become predicted earlier");
 * - `before-slowstart`: medium and heavy jobs that have not reached their map completion
 *   threshold — the pause's stated purpose is that "the map completion threshold cannot
 *   be reached and the shuffle data of these jobs will not be transferred".
 */
export type MapPauseJobs = 'non-light' | 'predicted' | 'before-slowstart';

/**
 * When a user's skip counter returns to 0 (`D_i^m = 0`, `D_i^r = 0`); see the README:
 * - `pseudocode` (default): only where Algorithms 2 and 4 set it — a data-local,
 *   shuffle-qualified map (Alg. 2 line 4) or a shuffle-light reduce under CR-RTS (Alg. 4
 *   line 4). A launch at the maximum leaves the counter there, as in Delay scheduling
 *   [39], which MTS is built on; CA-RTS and Fair-like reduces leave `D_i^r` alone;
 * - `prose`: "once the user's task is scheduled" — after every launch of the user,
 *   maximum-skip launches and CA-RTS / Fair-like reduces included.
 */
export type SkipCounterResets = 'pseudocode' | 'prose';

/**
 * Configuration of the NAS scheduler (NAS §III, §IV-A). Every field but `userOrder` has
 * a default in {@link NAS_DEFAULTS}; the `use…` switches turn the mechanisms into the
 * variants the paper evaluates (see `nasVariants`).
 */
export interface NasConfig {
  /** Registered name the policy reports (`nas`, `nas-mts`, …). */
  readonly name: string;
  /**
   * The fairness order NAS walks — its "user list" (§III-C builds MTS on Delay, whose list
   * is Fair's). Required: NAS takes its base order from outside.
   */
  readonly userOrder: UserOrder;
  /**
   * `CongestionThreshold` (Algorithm 1, §III-D): a reduce request from a node whose
   * rack's cross-rack utilisation (the larger of uplink and downlink) is at or above it
   * goes to CR-RTS, below it to CA-RTS. Paper: 0.8 (§IV-A).
   */
  readonly congestionThreshold: Fraction;
  /** `D^m`, the maximum map skip count of a user (Algorithm 2). Paper: 135 (§IV-A). */
  readonly maxMapSkips: number;
  /** `D^r`, the maximum reduce skip count of a user (Algorithm 4). Paper: 135 (§IV-A). */
  readonly maxReduceSkips: number;
  /**
   * The real-cluster alternative to skip counts (§IV-A, "a maximum wait time of 5
   * seconds"): when set, a user reaches its maximum once it has been skipped for this
   * many seconds since its last launch, and `maxMapSkips` / `maxReduceSkips` are unused.
   * Default `undefined` (skip counts, as in the simulation).
   */
  readonly maxWait: Seconds | undefined;
  /** Input size below which a job is small-input (MTS categories, §III-C). Paper: 10 MB. */
  readonly smallInputBytes: Bytes;
  /** Shuffle-light / medium / heavy boundaries (§III-A, §IV-A). Paper: 1 MB and 100 MB. */
  readonly shuffleClassThresholds: ShuffleSizeThresholds;
  /**
   * A fixed `TrafficThreshold` set by the operator (§III-C: "cluster operators can change
   * TrafficThreshold dynamically"). `undefined` (default): eq. 3 over the active jobs'
   * predicted shuffle, refreshed every `trafficThresholdInterval` seconds.
   */
  readonly trafficThreshold: Bytes | undefined;
  /** Seconds between refreshes of the eq. 3 threshold (also the policy's tick). Default 1. */
  readonly trafficThresholdInterval: Seconds;
  /** MTS constrains each node's map output by `TrafficThreshold`; off = `w/o TT` (§IV-B). */
  readonly useTrafficThreshold: boolean;
  /** Reduces go through CA-RTS when the rack is not congested; off = Fair-like reduces. */
  readonly useCaRts: boolean;
  /** Reduces go through CR-RTS when the rack is congested, which also pauses maps. */
  readonly useCrRts: boolean;
  /** Scope of CR-RTS's map pause (§III-E). Default `rack`. */
  readonly mapPauseScope: MapPauseScope;
  /** Which jobs CR-RTS's map pause holds (§III-E). Default `non-light`. */
  readonly mapPauseJobs: MapPauseJobs;
  /** When skip counters return to 0 (Algorithms 2 and 4 vs §III-C's prose). Default `pseudocode`. */
  readonly skipCounterResets: SkipCounterResets;
  /**
   * Generic containers only: the share of all containers that reduces may hold while
   * maps are pending anywhere (a reduce request is served first, below this share; see
   * the README). Not in the paper; the default 0.5 is YARN MapReduce's reduce ramp-up
   * limit. Keeps reduces that wait for maps from taking every container.
   */
  readonly containerReduceShare: Fraction;
}

/** Everything of {@link NasConfig} that has a default. */
export type NasTunables = Omit<NasConfig, 'userOrder'>;

/** The paper's values (NAS §III, §IV-A): the full scheduler, skip counts of 135, 80 %. */
export const NAS_DEFAULTS: NasTunables = Object.freeze({
  name: 'nas',
  congestionThreshold: 0.8,
  maxMapSkips: 135,
  maxReduceSkips: 135,
  maxWait: undefined,
  smallInputBytes: NAS_SMALL_INPUT_BYTES,
  shuffleClassThresholds: NAS_SHUFFLE_CLASS_THRESHOLDS,
  trafficThreshold: undefined,
  trafficThresholdInterval: 1,
  useTrafficThreshold: true,
  useCaRts: true,
  useCrRts: true,
  mapPauseScope: 'rack',
  mapPauseJobs: 'non-light',
  skipCounterResets: 'pseudocode',
  containerReduceShare: 0.5,
});
