import type { Seconds, UserOrder } from '@rackwise/types';

/**
 * Which bandwidths the time model of §4.3 uses.
 * - `capacity` (default): `B_iu` from the rack links' full capacities shared by the
 *   job's running duplicate reads (Fig. 9: "original Map tasks achieve data locality and
 *   will not use cross-rack links during the Map phase"), `B_i` the uplink capacity.
 * - `monitored`: both taken from the latest monitor sample, `capacity × (1 − utilisation)`
 *   (Table 1: "B_iu and B_i can be monitored in practice").
 */
export type ShadowBandwidthReading = 'capacity' | 'monitored';

/** Configuration of {@link createShadowPolicy}. Defaults: {@link SHADOW_DEFAULTS}. */
export interface ShadowConfig {
  /** Name the policy reports. */
  readonly name: string;
  /**
   * The fairness order whose jobs Shadow places with Delay's locality (Shadow §5.2 runs on
   * Hadoop's delay scheduler). Required.
   */
  readonly userOrder?: UserOrder;
  /** Delay's wait for a node-local slot. Shadow §5.2 sets only the rack delay: 0. */
  readonly nodeLocalityWait: Seconds;
  /**
   * Delay's `rackLocalityDelay` (§5.2), the wait for a rack-local slot before any. The
   * paper gives no value: 5 s, the delay of Zaharia et al. that NAS and ShuffleWatcher use.
   */
  readonly rackLocalityWait: Seconds;
  /**
   * Algorithm 1's threshold on duplicates per job, as a count. The paper leaves it to the
   * operator and gives no value: `Infinity` (stop only when balanced).
   */
  readonly maxDuplicates: number;
  /** The same threshold as a share of the job's maps (the smaller of the two applies). Default 1. */
  readonly maxDuplicateRatio: number;
  /**
   * Launch duplicates (§4.2). Off, Shadow is its Delay placement with round-robin reduces —
   * the ablation that isolates what duplication adds.
   */
  readonly duplicate: boolean;
  /** Bandwidths of the §4.3 time model; see {@link ShadowBandwidthReading}. */
  readonly bandwidth: ShadowBandwidthReading;
  /**
   * Seconds a job's reduce waits for a rack under its round-robin quota (§4.2) before any
   * rack takes it. Not in the paper (one job at a time there); default 5.
   */
  readonly reduceRackWait: Seconds;
  /**
   * Under the container slot model, the share of containers that reduces of jobs with
   * maps still to launch may hold (MapReduce AM's reduce ramp-up limit, 0.5), as Delay
   * does. Unused with split slots (Shadow's cluster).
   */
  readonly reduceRampupLimit: number;
}

/** Shadow's defaults (§4–5): rack delay 5 s, no cap on duplicates, Fig. 9 bandwidths. */
export const SHADOW_DEFAULTS: ShadowConfig = Object.freeze({
  name: 'shadow',
  nodeLocalityWait: 0,
  rackLocalityWait: 5,
  maxDuplicates: Number.POSITIVE_INFINITY,
  maxDuplicateRatio: 1,
  duplicate: true,
  bandwidth: 'capacity',
  reduceRackWait: 5,
  reduceRampupLimit: 0.5,
});
