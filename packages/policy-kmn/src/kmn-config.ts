import type { Seconds, UserOrder } from '@rackwise/types';

/** Configuration of {@link createKmnPolicy}. Defaults: {@link KMN_DEFAULTS}. */
export interface KmnConfig {
  /** Name the policy reports. */
  readonly name: string;
  /** The fairness order whose jobs are placed with Delay's locality. Required. */
  readonly userOrder?: UserOrder;
  /** Delay's wait for a node-local slot (0, as Shadow §5.2 runs its baselines). */
  readonly nodeLocalityWait: Seconds;
  /** Delay's wait for a rack-local slot before any (5 s, as the Shadow preset's Delay). */
  readonly rackLocalityWait: Seconds;
  /**
   * Extra copies per job as a share of its maps, rounded to the nearest count (KMN's
   * M − K; Shadow §6.3: "we set the ratio of additional tasks to 15%").
   */
  readonly extraRatio: number;
  /** Seconds a reduce waits for a rack under its round-robin quota before any rack takes it. */
  readonly reduceRackWait: Seconds;
  /** Container model only: share of containers early reduces may hold (0.5, as Delay). */
  readonly reduceRampupLimit: number;
}

/** KMN as Shadow §6.3 runs it: 15 % extra copies at random locations. */
export const KMN_DEFAULTS: KmnConfig = Object.freeze({
  name: 'kmn',
  nodeLocalityWait: 0,
  rackLocalityWait: 5,
  extraRatio: 0.15,
  reduceRackWait: 5,
  reduceRampupLimit: 0.5,
});
