import type { JobView, MapTaskView } from './job-view.js';
import type { Bytes } from './units.js';

/** Shuffle class of a job by predicted shuffle size (NAS §IV) or ratio (ShuffleWatcher §3.1). */
export type ShuffleClass = 'light' | 'medium' | 'heavy';

/** Input class of a job by input size (NAS MTS categories, 10 MB by default). */
export type InputClass = 'small' | 'large';

/**
 * Predicts how much shuffle data a job's maps produce (NAS §III-A, ShuffleWatcher §3.1).
 * A job is *predicted* once at least one of its maps completed (or a ratio was declared
 * up front); an unpredicted job has ratio 1.
 */
export interface ShufflePredictor {
  /** Predicted map output / map input ratio of a job. */
  ratio(job: JobView): number;
  /** Whether `ratio` rests on observation or a declared ratio rather than the default. */
  isPredicted(job: JobView): boolean;
  /** Predicted output of one map: `ratio(job) × map.inputBytes`. */
  mapOutput(job: JobView, map: MapTaskView): Bytes;
  /** Predicted shuffle size of the whole job: `ratio(job) × job.inputBytes`. */
  shuffleBytes(job: JobView): Bytes;
}
