import { fc, test } from '@fast-check/vitest';
import { defaultPolicyRegistry } from '@rackwise/experiments';
import { createClusterState, createHostTopology, createRandomSource } from '@rackwise/host';
import type { Decision, NodeId } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { seeing } from './sighted-policy.js';

/**
 * Even keeps, per group the order keeps and per rack, the jobs a walk met over their share
 * there, and passes them at once on the next walks. The oracle is the same policy handed
 * views without versions, which looks at every job on every offer. Offers whose launches
 * are never reported (as a scheduler's heartbeats between launches) drive jobs over their
 * share on rack after rack while their maps stay pending, and short `overflowWait`s make
 * held jobs overflow: every decision, evidence included, must agree.
 */
const registry = defaultPolicyRegistry();
const RACKS = 3;
const NODES = 6;

interface Step {
  readonly op: number;
  readonly a: number;
  readonly b: number;
}

const stepArb: fc.Arbitrary<Step> = fc.record({ op: fc.nat(99), a: fc.nat(1 << 20), b: fc.nat(1 << 20) });

function play(overflowWait: number, preferLocal: boolean, steps: readonly Step[]): Set<string> {
  const topology = createHostTopology(
    Array.from({ length: NODES }, (_, n) => ({ name: `n${n}`, rack: `r${n % RACKS}`, slots: 3 })),
    { oversubscription: 4 },
  );
  const twins = (['kept', 'fresh'] as const).map((sight) => {
    const state = createClusterState({ topology, decisionLimit: 0 });
    const policy = seeing(
      registry.create(
        'even',
        { overflowWait, preferLocal },
        { random: createRandomSource(3), recordEvidence: true, evidenceDetail: 'bounded' },
      ),
      sight,
    );
    state.attach(policy);
    return { state, policy };
  });
  const reasons = new Set<string>();
  let time = 0;
  let nextJob = 0;
  for (const { op, a, b } of steps) {
    time += (a % 5) * 0.25;
    const view = twins[0]!.state.view;
    if (op < 15) {
      const maps = 1 + (b % 12);
      const event = {
        type: 'submit' as const,
        time,
        job: {
          id: nextJob++,
          user: a % 3,
          maps: Array.from({ length: maps }, (_, i) => {
            const node = (a + 5 * i) % NODES;
            return { inputBytes: 64 << 20, replicas: [node, (node + 1 + (b % 4)) % NODES] as NodeId[] };
          }),
          reduces: (b >> 4) % 3,
        },
      };
      for (const twin of twins) twin.state.apply(event);
    } else if (op < 85) {
      const free = Array.from({ length: NODES }, (_, n) => n as NodeId).filter(
        (n) => view.freeSlots(n, 'container') > 0,
      );
      if (free.length === 0) continue;
      const node = free[a % free.length]!;
      const decisions: Decision[] = twins.map((twin) => {
        const decision = twin.state.offer(twin.policy, node, 'container', time);
        return decision.type === 'launch'
          ? {
              ...decision,
              task: { job: decision.task.job, kind: decision.task.kind, index: decision.task.index },
            }
          : decision;
      });
      expect(decisions[1]).toEqual(decisions[0]);
      const decision = decisions[0]!;
      reasons.add(decision.reason);
      // A launch reported one time in four: the others leave the task pending, as between heartbeats.
      if (decision.type === 'launch' && b % 4 === 0) {
        for (const twin of twins) twin.state.apply({ type: 'start', time, task: decision.task, node });
      }
    } else {
      const running = view
        .activeJobs()
        .flatMap((job) =>
          job
            .runningMaps()
            .flatMap((map) => map.runningOn.map((node) => ({ job: job.id, index: map.index, node }))),
        );
      if (running.length === 0) continue;
      const { job, index, node } = running[a % running.length]!;
      const event = {
        type: 'finish' as const,
        time,
        task: { job, kind: 'map' as const, index },
        node,
        outputBytes: (b % 3) << 20,
      };
      for (const twin of twins) twin.state.apply(event);
    }
  }
  return reasons;
}

describe('Even passing the jobs over their share at once', () => {
  const seen = new Set<string>();
  test.prop(
    [fc.constantFrom(0, 0.5, 2, 30), fc.boolean(), fc.array(stepArb, { minLength: 60, maxLength: 240 })],
    { numRuns: 60 },
  )('decides as Even looking at every job does', (overflowWait, preferLocal, steps) => {
    for (const reason of play(overflowWait, preferLocal, steps)) seen.add(reason);
  });

  it('met jobs over their share, and jobs that overflowed', () => {
    expect(seen).toContain('even/rack-full');
    expect(seen).toContain('even/map-overflow');
  });
});
