import { jobId } from '@rackwise/testkit';
import { describe, expect, it } from 'vitest';
import { applyPreemptions, fcsCluster, reducesOf, runMaps, sceneTopology } from '../test/fcs-scenes.js';
import type { FcsPreemptionEvidence } from './fcs-evidence.js';

/**
 * A large job (40 maps, 4 reduces) holds every reduce slot of 4 nodes from t = 10; a
 * small job (2 maps, 1 reduce) finishes its maps at t = 20 and requests a reduce slot.
 */
function starvingSmallJob(config = {}) {
  const scene = fcsCluster(sceneTopology(4, 1, 4), config);
  const { cluster } = scene;
  cluster.submit({ maps: 40, reduces: 4 });
  runMaps(cluster, 0, 4, 10); // 10 % done at t = 10: reduces ready
  for (let n = 0; n < 4; n++) expect(cluster.offer(n, 'reduce').type).toBe('launch');
  cluster.submit({ maps: 2, reduces: 1 });
  runMaps(cluster, 1, 2, 10); // t = 20: the small job's maps are done
  return scene;
}

describe('FCS Algorithm 1: which reduces to preempt', () => {
  it('preempts one reduce of the job with more remaining work for a starving small job', () => {
    const { cluster, policy } = starvingSmallJob();
    const requests = applyPreemptions(cluster, policy);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.task.job).toBe(0);
    expect(requests[0]!.reason).toBe('fcs/preempt-more-work');
    const evidence = requests[0]!.evidence as FcsPreemptionEvidence;
    expect(evidence.requester.job).toBe(1);
    expect(evidence.requester.T_rs).toBe(0);
    expect(evidence.victim.T_rs).toBeGreaterThan(0);
    expect(evidence.comparison).toBe('larger-T_rs');
    expect(evidence.demand).toBe(1);
    expect(evidence.available).toBe(0);
    // The freed slot goes to the small job's never-launched reduce (Algorithm 2, line 4).
    const node = cluster.job(0).reduce(requests[0]!.task.index).node!;
    const decision = cluster.offer(node, 'reduce');
    expect(decision).toMatchObject({ type: 'launch', task: { job: 1 }, reason: 'fcs/first-launch' });
  });

  it('never preempts a newly launched reduce', () => {
    const { cluster, policy } = starvingSmallJob({ newReduceGrace: 15 });
    expect(applyPreemptions(cluster, policy)).toEqual([]);
    cluster.advance(5);
    expect(applyPreemptions(cluster, policy)).toHaveLength(1);
  });

  it('never preempts a reduce past 70 % progress', () => {
    const { cluster, policy } = starvingSmallJob();
    for (const reduce of reducesOf(cluster, 0)) cluster.setProgress(reduce, 0.6); // C = 1/3 + 2/3 · 0.6 = 0.73
    expect(applyPreemptions(cluster, policy)).toEqual([]);
  });

  it('never preempts a reduce whose execution slackness reached the bound', () => {
    const { cluster, policy } = starvingSmallJob();
    for (const reduce of reducesOf(cluster, 0)) cluster.setProgress(reduce, 0.3); // C = 0.53
    const first = applyPreemptions(cluster, policy);
    expect(first).toHaveLength(1);
    const victim = first[0]!.task;
    // The small job takes the slot and finishes; the victim waits 180 s, then resumes.
    const node = cluster.job(0).reduce(victim.index).node!;
    cluster.offer(node, 'reduce');
    cluster.advance(180);
    cluster.completeReduce({ job: jobId(1), kind: 'reduce' as const, index: 0 });
    expect(cluster.offer(node, 'reduce')).toMatchObject({ task: victim, reason: 'fcs/resume-local' });
    cluster.advance(10);
    cluster.setProgress(victim, 0.3);
    // A second small job starves: the resumed reduce has E_slack = 200 / (20 / 0.53) ≈ 5.3 ≥ 5.
    cluster.submit({ maps: 1, reduces: 1 });
    runMaps(cluster, 2, 1, 1);
    const second = applyPreemptions(cluster, policy);
    expect(second).toHaveLength(1);
    expect(second[0]!.task.index).not.toBe(victim.index);
  });

  it('never preempts a job with no more remaining work than the requester', () => {
    const { cluster, policy } = fcsCluster(sceneTopology(2, 1, 4));
    cluster.submit({ maps: 2, reduces: 2 });
    runMaps(cluster, 0, 2, 10); // job 0: every map done, T_rs = 0
    expect(cluster.offer(0, 'reduce').type).toBe('launch');
    expect(cluster.offer(1, 'reduce').type).toBe('launch');
    cluster.submit({ maps: 20, reduces: 1 });
    runMaps(cluster, 1, 4, 10); // job 1: maps left, T_rs > 0, demands a reduce
    cluster.advance(10);
    expect(applyPreemptions(cluster, policy)).toEqual([]);
  });

  it('asks for no more reduces than the demand beyond the free slots', () => {
    const { cluster, policy } = starvingSmallJob();
    cluster.submit({ maps: 2, reduces: 2 });
    runMaps(cluster, 2, 2, 5);
    const requests = applyPreemptions(cluster, policy);
    expect(requests).toHaveLength(3); // 1 + 2 reduces wanted, 0 free
    expect(new Set(requests.map((r) => r.task.index)).size).toBe(3);
    expect(requests.every((r) => r.task.job === 0)).toBe(true);
  });

  it('kill mode makes the preempted reduce start afresh on any node', () => {
    const { cluster, policy } = starvingSmallJob({ preemptionMode: 'kill' });
    expect(policy.preemption?.mode).toBe('kill');
    const [request] = applyPreemptions(cluster, policy);
    expect(cluster.job(0).reduce(request!.task.index).state).toBe('pending');
  });

  it('counts as demand every waiting reduce, or only those a slot elsewhere could take', () => {
    const scene = (demand: 'waiting' | 'launchable') => {
      const { cluster, policy } = fcsCluster(sceneTopology(2, 1, 4), { demand });
      cluster.submit({ maps: 40, reduces: 2 }); // job 0: much work left
      runMaps(cluster, 0, 4, 10);
      cluster.submit({ maps: 2, reduces: 1 }); // job 1: every map done
      runMaps(cluster, 1, 2, 10);
      expect(cluster.offer(0, 'reduce')).toMatchObject({ task: { job: 1 } });
      const small = { job: jobId(1), kind: 'reduce' as const, index: 0 };
      cluster.suspendReduce(small); // preempted from node 0, below D delays
      cluster.launch(cluster.reduceOf(0, 0), 0);
      cluster.launch(cluster.reduceOf(0, 1), 1);
      cluster.advance(10);
      return applyPreemptions(cluster, policy);
    };
    // Literal: job 1 demands a slot, so one of job 0's reduces goes.
    expect(scene('waiting').map((r) => r.task.job)).toEqual([0]);
    // Launchable: job 1's reduce may only resume on node 0 before D delays; nothing goes.
    expect(scene('launchable')).toEqual([]);
  });
});
