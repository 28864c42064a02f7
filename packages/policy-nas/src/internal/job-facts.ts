import { type ShuffleSizeThresholds, classifyShuffleBySize } from '@rackwise/predictor';
import type {
  ClusterView,
  Decision,
  Fraction,
  JobView,
  RackId,
  ShuffleClass,
  TaskRef,
} from '@rackwise/types';

/** A shuffle class of a job from its predicted shuffle size (NAS §III-A). */
export function shuffleClassOf(
  job: JobView,
  view: ClusterView,
  thresholds: ShuffleSizeThresholds,
): ShuffleClass {
  return classifyShuffleBySize(view.predictor.shuffleBytes(job), thresholds);
}

/** Reduces of a job that wait for a slot (pending or suspended). */
export function waitingReduceCount(job: JobView): number {
  return job.count('reduce', 'pending') + job.count('reduce', 'suspended');
}

/** `NetState` of Algorithm 1: the larger of a rack's uplink and downlink utilisation. */
export function rackLoad(view: ClusterView, rack: RackId): Fraction {
  return Math.max(view.network.rackUtilisation(rack, 'up'), view.network.rackUtilisation(rack, 'down'));
}

/** A launch decision with a plain task reference (views are live; a reference is not). */
export function launch(task: TaskRef, reason: string): Decision {
  return { type: 'launch', task: { job: task.job, kind: task.kind, index: task.index }, reason };
}

/** A pass decision. */
export function pass(reason: string): Decision {
  return { type: 'pass', reason };
}
