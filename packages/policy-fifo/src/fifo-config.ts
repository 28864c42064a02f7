/** Configuration of {@link createFifoPolicy}. Defaults: {@link FIFO_DEFAULTS}. */
export interface FifoConfig {
  /** Name the policy reports. */
  readonly name: string;
  /**
   * Under the container slot model, the share of containers that reduces of jobs with
   * maps still to launch may hold (MapReduce AM's reduce ramp-up limit, 0.5), so reduces
   * never take every container from the maps they wait for. Unused with split slots.
   */
  readonly reduceRampupLimit: number;
}

/** Hadoop's FIFO defaults. */
export const FIFO_DEFAULTS: FifoConfig = Object.freeze({ name: 'fifo', reduceRampupLimit: 0.5 });
