/**
 * @rackwise/predictor — shuffle-size prediction and job classification
 * (NAS §III-A, ShuffleWatcher §3.1).
 */
export {
  createShufflePredictor,
  DEFAULT_SHUFFLE_PREDICTOR_CONFIG,
} from './shuffle-predictor.js';
export type { ShufflePredictorConfig } from './shuffle-predictor.js';
export {
  classifyInput,
  classifyShuffleByRatio,
  classifyShuffleBySize,
  jobShuffleClass,
  MEBIBYTE,
  NAS_SHUFFLE_CLASS_THRESHOLDS,
  NAS_SMALL_INPUT_BYTES,
  SHUFFLE_CLASSES,
  SHUFFLEWATCHER_RATIO_THRESHOLDS,
} from './job-classes.js';
export type { ShuffleClassRule, ShuffleRatioThresholds, ShuffleSizeThresholds } from './job-classes.js';
export { createPredictionErrorTracker, predictionError } from './prediction-error.js';
export type { PredictionErrorSummary, PredictionErrorTracker } from './prediction-error.js';
export { SubmittedJob } from './submitted-job.js';
export type { SubmittedJobFields } from './submitted-job.js';
