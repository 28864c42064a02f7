import { createTestCluster, createTestUserOrder, jobId } from '@rackwise/testkit';
import type { Decision, EvidenceDetail, NodeId, SlotOffer } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { type BaselineEvidence, baselineEvidence, slotShare } from './decision-evidence.js';
import { EVIDENCE_LIST_LIMIT, EVIDENCE_RIVALS } from './evidence-detail.js';

/**
 * Twelve users with two jobs each (user u: jobs 2u and 2u + 1) and five more jobs of user
 * 7 (24 to 28), every job waiting for a map; the order is by user id (nobody runs
 * anything). A launch of job 12 (user 6) passed over the twelve jobs of users 0 to 5.
 */
function explained(decision: Decision, detail?: EvidenceDetail): BaselineEvidence {
  const cluster = createTestCluster({
    topology: { racks: 2, nodesPerRack: 2, slots: { model: 'container', containers: 4 } },
    jobs: [
      ...Array.from({ length: 24 }, (_, j) => ({ user: Math.floor(j / 2), maps: 2 })),
      ...Array.from({ length: 5 }, () => ({ user: 7, maps: 2 })),
    ],
  });
  const offer: SlotOffer = { node: 3 as NodeId, kind: 'container' };
  const groups = createTestUserOrder('user').order(cluster.view, 'container');
  const share = (g: (typeof groups)[number]) => slotShare(g, 'container', cluster.view);
  return detail === undefined
    ? baselineEvidence(decision, offer, cluster.view, groups, share, 'share of slots held')
    : baselineEvidence(decision, offer, cluster.view, groups, share, 'share of slots held', detail);
}

const launch: Decision = {
  type: 'launch',
  task: { job: jobId(12), kind: 'map', index: 0 },
  reason: 'test/remote',
};
const pass: Decision = { type: 'pass', reason: 'test/nothing' };
const users = (from: number, count: number) => Array.from({ length: count }, (_, i) => `user:${from + i}`);

describe('baselineEvidence', () => {
  it('names the chosen group, its place, its nearest rivals each side and the first jobs passed over', () => {
    const evidence = explained(launch);
    expect(evidence).toMatchObject({
      job: 12,
      task: 'map:0',
      locality: 'remote',
      node: 3,
      rack: 1,
      group: 'user:6',
      rank: 6,
      groupCount: 12,
      groupsFrom: 6 - EVIDENCE_RIVALS,
      skippedCount: 12,
    });
    expect(evidence.groups.map((g) => g.group)).toEqual(users(6 - EVIDENCE_RIVALS, 2 * EVIDENCE_RIVALS + 1));
    expect(evidence.skipped.map((s) => s.job)).toEqual([0, 1, 2, 3, 4].slice(0, EVIDENCE_LIST_LIMIT));
    expect(evidence.skipped[0]).toEqual({ job: 0, why: 'user:0 had no task for this container slot' });
    // A rival's waiting jobs: counted in full, named up to the limit.
    const user7 = evidence.groups.find((g) => g.group === 'user:7')!;
    expect(user7).toMatchObject({ waiting: 7, running: 0, share: 0 });
    expect(user7.waitingJobs).toEqual([14, 15, 24, 25, 26, 27, 28].slice(0, EVIDENCE_LIST_LIMIT));
  });

  it('lists every group and every job passed over on request, with the same counts', () => {
    const bounded = explained(launch, 'bounded');
    const full = explained(launch, 'full');
    expect(full).toMatchObject({ group: 'user:6', rank: 6, groupCount: 12, groupsFrom: 0, skippedCount: 12 });
    expect(full.groups.map((g) => g.group)).toEqual(users(0, 12));
    expect(full.skipped.map((s) => s.job)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(full.groups[7]!.waitingJobs).toEqual([14, 15, 24, 25, 26, 27, 28]);
    expect(explained(launch)).toEqual(bounded);
    // Bounded is the full evidence cut: the same standings but for the waiting jobs named.
    const window = full.groups.slice(bounded.groupsFrom, bounded.groupsFrom + bounded.groups.length);
    expect(bounded.groups.map(({ waitingJobs: _, ...g }) => g)).toEqual(
      window.map(({ waitingJobs: _, ...g }) => g),
    );
  });

  it('for a pass, counts every waiting job and names the groups served first', () => {
    const bounded = explained(pass);
    expect(bounded).not.toHaveProperty('group');
    expect(bounded).not.toHaveProperty('rank');
    expect(bounded).toMatchObject({ groupCount: 12, groupsFrom: 0, skippedCount: 29 });
    expect(bounded.groups.map((g) => g.group)).toEqual(users(0, 2 * EVIDENCE_RIVALS + 1));
    expect(bounded.skipped).toHaveLength(EVIDENCE_LIST_LIMIT);
    const full = explained(pass, 'full');
    expect(full.skipped).toHaveLength(29);
    expect(full.groups).toHaveLength(12);
  });
});
