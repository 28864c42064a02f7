import type { Decision, SchedulerPolicy, SlotKind, SlotOffer } from '@rackwise/types';
import type { TestCluster } from '../test-cluster.js';

/** Slot kinds a topology offers. */
export function slotKindsOf(cluster: TestCluster): readonly SlotKind[] {
  return cluster.topology.slotModel === 'split' ? ['map', 'reduce'] : ['container'];
}

/** A reason code is a non-empty string. */
export function hasReason(decision: Decision): boolean {
  return typeof decision.reason === 'string' && decision.reason.trim() !== '';
}

/**
 * Offers a sequence of slots to the attached policy in a test cluster (skipping offers of
 * full slots), completing running tasks and ticking now and then so every hook runs. The
 * cluster validates each launch (pending task, free slot of the right kind, slowstart)
 * and throws on an invalid one. Returns the decisions.
 */
export function driveOffers(cluster: TestCluster, offers: readonly SlotOffer[]): Decision[] {
  const decisions: Decision[] = [];
  offers.forEach((offer, i) => {
    if (cluster.view.freeSlots(offer.node, offer.kind) > 0)
      decisions.push(cluster.offer(offer.node, offer.kind));
    if (i % 7 === 6) {
      cluster.advance(1);
      cluster.tick();
      cluster.completeAllRunning();
    }
  });
  return decisions;
}

/** Attaches a policy and checks its required shape. */
export function policyShapeProblems(policy: SchedulerPolicy): string[] {
  const problems: string[] = [];
  if (policy.specificationVersion !== 'v1') {
    problems.push(`specificationVersion must be 'v1', got ${String(policy.specificationVersion)}`);
  }
  if (typeof policy.name !== 'string' || policy.name === '') problems.push('name must be a non-empty string');
  if (typeof policy.assign !== 'function') problems.push('assign must be a function');
  return problems;
}
