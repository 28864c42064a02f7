import type { JobId, NodeId, RackId, UserId } from '@rackwise/types';

/** Brands a dense node index as a `NodeId` (a cast: the test cluster checks the range). */
export function nodeId(index: number): NodeId {
  return index as NodeId;
}

/** Brands a dense rack index as a `RackId` (a cast: the test cluster checks the range). */
export function rackId(index: number): RackId {
  return index as RackId;
}

/** Brands a job number as a `JobId`. The test cluster numbers jobs 0, 1, 2 … in submission order. */
export function jobId(index: number): JobId {
  return index as JobId;
}

/** Brands a user number as a `UserId`. */
export function userId(index: number): UserId {
  return index as UserId;
}
