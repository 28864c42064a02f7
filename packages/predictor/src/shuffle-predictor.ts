import type { Bytes, JobView, MapTaskView, ShufflePredictor } from '@rackwise/types';
import { requireRatio } from './internal/validate.js';

/**
 * Configuration of {@link createShufflePredictor}.
 *
 * Where a job's ratio comes from, first match wins:
 * 1. observation — the job has completed maps with a positive total input;
 * 2. `job.declaredShuffleRatio`, when `useDeclaredRatios` is on;
 * 3. `learnedRatios.get(job.signature)`, when the job has a signature in the map;
 * 4. `defaultRatio` — the job is *unpredicted*.
 */
export interface ShufflePredictorConfig {
  /**
   * Use a ratio the job declares up front (`JobView.declaredShuffleRatio`) until its own
   * maps are observed — "provided by the users, if known in advance" (NAS §III-A,
   * ShuffleWatcher §3.1).
   */
  readonly useDeclaredRatios: boolean;
  /**
   * Ratios learnt from previous runs of recurring jobs, keyed by `JobView.signature`
   * ("obtained from previous runs", NAS §III-A). Empty by default.
   */
  readonly learnedRatios: ReadonlyMap<string, number>;
  /** Ratio of an unpredicted job: 1 in both NAS §III-A and ShuffleWatcher §3.1. */
  readonly defaultRatio: number;
}

/** The papers' defaults: declared ratios used, no history, unpredicted ratio 1. */
export const DEFAULT_SHUFFLE_PREDICTOR_CONFIG: ShufflePredictorConfig = Object.freeze({
  useDeclaredRatios: true,
  learnedRatios: new Map<string, number>(),
  defaultRatio: 1,
});

/**
 * The shuffle data size predictor of NAS §III-A (eq. 1), also ShuffleWatcher's
 * `ShuffleInputRatio` (§3.1).
 *
 * - `ratio(job)`: once maps completed, `completedMapOutputBytes / completedMapInputBytes`,
 *   the running mean of the completed maps' output/input ratios weighted by their input
 *   (equal to the plain mean when the maps read equal blocks, as all but a job's last map
 *   do). It costs O(1): two counters the host keeps, as Hadoop's job counters do.
 *   If every completed map read 0 bytes, the per-map ratios are undefined (0/0) and the
 *   observation says nothing: the predictor falls back to the up-front sources below.
 *   Before that: the declared ratio, the learnt ratio of the job's signature, else
 *   `defaultRatio` (1).
 * - `isPredicted(job)`: the ratio rests on observation, a declared or a learnt ratio.
 * - `mapOutput(job, map)` = `ratio(job) × map.inputBytes` (eq. 1).
 * - `shuffleBytes(job)` = `ratio(job) × job.inputBytes`.
 *
 * Stateless: every answer is read from the job view at the time of the call.
 *
 * @throws Error naming the option when the configuration is invalid (checked at creation),
 *   or naming `declaredShuffleRatio` when a job declares a negative or non-finite ratio.
 */
export function createShufflePredictor(config?: Partial<ShufflePredictorConfig>): ShufflePredictor {
  const useDeclared = config?.useDeclaredRatios ?? DEFAULT_SHUFFLE_PREDICTOR_CONFIG.useDeclaredRatios;
  if (typeof useDeclared !== 'boolean') {
    throw new Error(
      `createShufflePredictor: useDeclaredRatios must be a boolean, got ${String(useDeclared)}`,
    );
  }
  const defaultRatio = requireRatio(
    config?.defaultRatio ?? DEFAULT_SHUFFLE_PREDICTOR_CONFIG.defaultRatio,
    'createShufflePredictor: defaultRatio',
  );
  const learned = new Map<string, number>();
  for (const [signature, ratio] of config?.learnedRatios ?? []) {
    learned.set(signature, requireRatio(ratio, `createShufflePredictor: learnedRatios['${signature}']`));
  }

  /** The up-front ratio of a job, or undefined when it has none. */
  const upFront = (job: JobView): number | undefined => {
    if (useDeclared && job.declaredShuffleRatio !== undefined) {
      return requireRatio(job.declaredShuffleRatio, `job ${job.id}: declaredShuffleRatio`);
    }
    return job.signature === undefined ? undefined : learned.get(job.signature);
  };

  const ratio = (job: JobView): number => {
    const observedInput = job.completedMapInputBytes;
    if (observedInput > 0) return job.completedMapOutputBytes / observedInput;
    return upFront(job) ?? defaultRatio;
  };

  return {
    ratio,
    isPredicted: (job) => job.completedMapInputBytes > 0 || upFront(job) !== undefined,
    mapOutput: (job: JobView, map: MapTaskView): Bytes => ratio(job) * map.inputBytes,
    shuffleBytes: (job: JobView): Bytes => ratio(job) * job.inputBytes,
  };
}
