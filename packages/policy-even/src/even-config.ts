import type { Seconds, UserOrder } from '@rackwise/types';

/** Configuration of {@link createEvenPolicy}. Defaults: {@link EVEN_DEFAULTS}. */
export interface EvenConfig {
  /** Name the policy reports. */
  readonly name: string;
  /** The fairness order whose jobs Even serves. Required. */
  readonly userOrder?: UserOrder;
  /**
   * Inside a rack's share, take a map with a replica on the node, then in the rack, before
   * any. Default `true`: §6.1's "without considering data locality" is about how many
   * maps each rack gets; Fig. 13's explanation needs locality inside the share ("when the
   * rack number is small … Map tasks can easily achieve data locality with all the three
   * task scheduling schemes", and even then beats delay). `false` takes maps by index.
   */
  readonly preferLocal: boolean;
  /** Seconds a reduce waits for a rack under its round-robin quota before any rack takes it. */
  readonly reduceRackWait: Seconds;
  /** Container model only: share of containers early reduces may hold (0.5, as Delay). */
  readonly reduceRampupLimit: number;
  /**
   * Liveness guard, not in the paper: seconds a job with pending maps may go without a map
   * launch while racks refuse it as over their share, before any rack takes one
   * (`even/map-overflow`). Without it a job deadlocks when the racks with share left have
   * every slot held by reduces that wait for its maps (containers shared by maps and
   * reduces). With free slots on those racks a map launches within a heartbeat, so the
   * guard does not fire and the counts stay even. `Infinity` turns it off.
   */
  readonly overflowWait: Seconds;
}

/** Even scheduling as Shadow §6.1 compares against it. */
export const EVEN_DEFAULTS: EvenConfig = Object.freeze({
  name: 'even',
  preferLocal: true,
  reduceRackWait: 5,
  reduceRampupLimit: 0.5,
  overflowWait: 30,
});
