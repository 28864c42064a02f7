import { migrationDelay } from '@rackwise/estimators';
import { jobId } from '@rackwise/testkit';
import { describe, expect, it } from 'vitest';
import { applyPreemptions, fcsCluster, runMaps, sceneTopology } from '../test/fcs-scenes.js';
import type { FcsLaunchEvidence } from './fcs-evidence.js';

/**
 * On `nodes` nodes of one reduce slot: a large job's reduce runs on node 0 and is
 * preempted for a small job, which then holds node 0; node 1 is free.
 */
function preemptedOnNodeZero(nodes: number, config = {}) {
  const scene = fcsCluster(sceneTopology(nodes, 1, 64), config);
  const { cluster, policy } = scene;
  cluster.submit({ maps: 40, reduces: 1 });
  runMaps(cluster, 0, 20, 10);
  expect(cluster.offer(0, 'reduce')).toMatchObject({ task: { job: 0 }, reason: 'fcs/first-launch' });
  // Every other reduce slot is busy with a job that has even more work.
  cluster.submit({ maps: 1000, reduces: nodes - 1 });
  runMaps(cluster, 1, 60, 10);
  for (let n = 1; n < nodes; n++) expect(cluster.offer(n, 'reduce').type).toBe('launch');
  cluster.submit({ maps: 1, reduces: 1 });
  runMaps(cluster, 2, 1, 5);
  const requests = applyPreemptions(cluster, policy);
  // Job 1 (more work than job 0) loses a reduce, not job 0.
  expect(requests.map((r) => r.task.job)).toEqual([1]);
  return scene;
}

describe('FCS Algorithm 2: which reduce to launch', () => {
  it('orders jobs by increasing remaining work, never-launched reduces first', () => {
    const { cluster } = fcsCluster(sceneTopology(1, 1, 4));
    cluster.submit({ maps: 40, reduces: 1 }); // job 0: maps left
    runMaps(cluster, 0, 4, 10);
    cluster.submit({ maps: 2, reduces: 1 }); // job 1: every map done, T_rs = 0
    runMaps(cluster, 1, 2, 10);
    const decision = cluster.offer(0, 'reduce');
    expect(decision).toMatchObject({ type: 'launch', task: { job: 1 }, reason: 'fcs/first-launch' });
    const evidence = (decision as unknown as { evidence: FcsLaunchEvidence }).evidence;
    expect(evidence).toMatchObject({ algorithm: 'fcs-algorithm-2', rule: 'first-launch', rank: 0 });
    expect(evidence.work.T_rs).toBe(0);
  });

  it('the worked example: 20 nodes, L = 0.95 gives D ≈ 61; a preempted reduce migrates after D delays', () => {
    const D = Math.round(migrationDelay(20, 0.95));
    expect(D).toBe(61);
    const { cluster } = preemptedOnNodeZero(20, { migrationDelay: D });
    // The small job took the freed slot; job 1's suspended reduce waits for its node.
    const victimNode = [...Array(20).keys()].find((n) => cluster.view.freeSlots(n as never, 'reduce') > 0)!;
    const taken = cluster.offer(victimNode, 'reduce');
    expect(taken).toMatchObject({ task: { job: 2 }, reason: 'fcs/first-launch' });
    cluster.completeReduce({ job: jobId(2), kind: 'reduce' as const, index: 0 });
    // Occupy that node again with a fresh job so the suspended reduce cannot resume there.
    cluster.submit({ maps: 1, reduces: 1 });
    runMaps(cluster, 3, 1, 1);
    expect(cluster.offer(victimNode, 'reduce')).toMatchObject({ task: { job: 3 } });
    // Free a slot on another node: job 0's reduce (node 0) completes.
    for (const map of [...cluster.job(0).pendingMaps()]) {
      cluster.launch(map, 0);
      cluster.completeMap(map);
    }
    cluster.completeReduce({ job: jobId(0), kind: 'reduce' as const, index: 0 });
    // r.migration counts every pass (line 16); it migrates once it exceeds D (line 11).
    for (let k = 1; k <= D + 1; k++) {
      expect(cluster.offer(0, 'reduce'), `offer ${k}`).toMatchObject({
        type: 'pass',
        reason: 'fcs/no-reduce',
      });
    }
    const migrated = cluster.offer(0, 'reduce');
    expect(migrated).toMatchObject({ type: 'launch', task: { job: 1 }, reason: 'fcs/migrate' });
    expect((migrated as unknown as { evidence: FcsLaunchEvidence }).evidence).toMatchObject({
      delays: D + 1,
      migrationDelay: D,
    });
  });

  it('without migration a preempted reduce waits for its own node', () => {
    const { cluster } = preemptedOnNodeZero(3, { migration: false });
    const victimNode = [0, 1, 2].find((n) => cluster.view.freeSlots(n as never, 'reduce') > 0)!;
    cluster.offer(victimNode, 'reduce'); // the small job
    cluster.completeReduce({ job: jobId(2), kind: 'reduce' as const, index: 0 });
    for (const map of [...cluster.job(0).pendingMaps()]) {
      cluster.launch(map, 0);
      cluster.completeMap(map);
    }
    cluster.completeReduce({ job: jobId(0), kind: 'reduce' as const, index: 0 });
    const other = victimNode === 0 ? 1 : 0;
    for (let k = 0; k < 500; k++) expect(cluster.offer(other, 'reduce').type).toBe('pass');
    expect(cluster.offer(victimNode, 'reduce')).toMatchObject({
      task: { job: 1 },
      reason: 'fcs/resume-local',
    });
  });
});
