import type { NodeId, RackId } from '@rackwise/types';

/**
 * Brands a dense node index (0 … nodeCount − 1) as a `NodeId`. A cast, not a check:
 * the topology's look-ups refuse ids out of range.
 */
export function nodeId(index: number): NodeId {
  return index as NodeId;
}

/**
 * Brands a dense rack index (0 … rackCount − 1) as a `RackId`. A cast, not a check:
 * the topology's look-ups refuse ids out of range.
 */
export function rackId(index: number): RackId {
  return index as RackId;
}
