import { type BaselineEvidence, EVIDENCE_RIVALS } from '@rackwise/policy-kit';
import { createTestCluster } from '@rackwise/testkit';
import type { EvidenceDetail } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { createFairPolicy } from './fair-policy.js';

/**
 * Twelve users with a job of two maps each; every user but user 5 runs one map, so the
 * next slot goes to user 5, and its nearest rivals are the users next in Fair's order
 * (one map each, ties by user id).
 */
function offerToTwelveUsers(detail?: EvidenceDetail): BaselineEvidence {
  const cluster = createTestCluster({
    topology: { racks: 1, nodesPerRack: 4, slots: { model: 'container', containers: 4 } },
    jobs: Array.from({ length: 12 }, (_, user) => ({ user, maps: 2 })),
  });
  for (let job = 0; job < 12; job++) if (job !== 5) cluster.launch(cluster.mapOf(job, 0), job % 4);
  cluster.attach(
    createFairPolicy(undefined, {
      random: { next: () => 0, int: () => 0 },
      recordEvidence: true,
      ...(detail === undefined ? {} : { evidenceDetail: detail }),
    }),
  );
  const decision = cluster.offer(3);
  expect(decision).toMatchObject({ type: 'launch', task: { job: 5, kind: 'map' } });
  return decision.evidence as BaselineEvidence;
}

describe("Fair's evidence", () => {
  it('names the chosen group, its place and its nearest rivals, by default', () => {
    const evidence = offerToTwelveUsers();
    expect(evidence).toMatchObject({ job: 5, group: 'user:5', rank: 0, groupCount: 12, groupsFrom: 0 });
    expect(evidence.groups.map((g) => g.group)).toEqual(
      ['user:5', 'user:0', 'user:1', 'user:2', 'user:3'].slice(0, EVIDENCE_RIVALS + 1),
    );
    expect(evidence.groups.map((g) => g.share)).toEqual(
      [0, 1 / 16, 1 / 16, 1 / 16].slice(0, EVIDENCE_RIVALS + 1),
    );
    expect(evidence.groups[0]).toMatchObject({ running: 0, waiting: 1, waitingJobs: [5] });
  });

  it('lists every group on request, and the bounded evidence is its start', () => {
    const full = offerToTwelveUsers('full');
    expect(full).toMatchObject({ group: 'user:5', rank: 0, groupCount: 12, groupsFrom: 0 });
    expect(full.groups.map((g) => g.group)).toEqual([
      'user:5',
      ...[0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11].map((u) => `user:${u}`),
    ]);
    const bounded = offerToTwelveUsers('bounded');
    expect(full.groups.slice(0, bounded.groups.length)).toEqual(bounded.groups);
    expect(offerToTwelveUsers()).toEqual(bounded);
  });
});
