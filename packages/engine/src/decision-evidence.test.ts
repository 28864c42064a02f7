import type { PolicyContext, SchedulerPolicy } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { jobSpec, testTopology, workload } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

/** FIFO that says which node it launched on, when asked. */
function explaining(context: PolicyContext, asked: boolean[]): SchedulerPolicy {
  asked.push(context.recordEvidence === true);
  const inner = fifoTestPolicy();
  return {
    ...inner,
    assign(offer, view) {
      const decision = inner.assign(offer, view);
      return context.recordEvidence === true ? { ...decision, evidence: { node: offer.node } } : decision;
    },
  };
}

describe('decision evidence', () => {
  const run = (recordEvidence: boolean | undefined, asked: boolean[]) =>
    simulate({
      topology: testTopology({ racks: 1, nodesPerRack: 3 }),
      workload: workload([jobSpec({ inputBytes: 3e8, reduceCount: 1, shuffleBytes: 1e6 })]),
      policy: (context) => explaining(context, asked),
      seed: 3,
      recordDecisions: true,
      ...(recordEvidence === undefined ? {} : { recordEvidence }),
    });

  it('asks the policy for evidence only when the run does, and keeps it in the decision log', () => {
    const asked: boolean[] = [];
    const on = run(true, asked);
    expect(asked).toEqual([true]);
    expect(on.decisions.length).toBeGreaterThan(0);
    for (const d of on.decisions) expect(d.evidence).toEqual({ node: d.node });

    const off = run(undefined, asked);
    expect(asked).toEqual([true, false]);
    for (const d of off.decisions) expect(d).not.toHaveProperty('evidence');
    // Evidence changes no decision.
    expect(off.decisions).toEqual(on.decisions.map(({ evidence: _, ...rest }) => rest));
  });
});
