import { replayFlowTrace } from '@rackwise/flow-replay';
import { describe, expect, it } from 'vitest';
import type { CollectedResults } from './collect.js';
import { rebaseCutFigures } from './rebase-cuts.js';
import { type Scenario, incast } from './scenarios.js';

describe('the committed figures of cuts rebased to their first flow', () => {
  const at0 = incast(4, 256e3, false);
  const trace = { ...at0, flows: at0.flows.map((f) => ({ ...f, start: f.start + 120 })) };
  const cut: Scenario = { name: 'cut', family: 'fb2010', trace, half: 'judge', facts: {} };
  const span = replayFlowTrace(at0, {}).times.reduce((m, t) => Math.max(m, t.end), 0);
  const results = {
    modelSettings: { exact: {} },
    scenarios: [
      {
        name: 'cut',
        flows: trace.flows.length,
        references: { 'reno-200ms': { lastByte: 120 + 2 * span } },
        settings: { exact: { 'reno-200ms': { makespanError: 0.001, flows: 4 } } },
      },
      { name: 'other', settings: { exact: { 'reno-200ms': { makespanError: 0.5 } } } },
    ],
  } as unknown as CollectedResults;

  it('reads the model’s and the reference’s last byte from the cut’s first start, other scenarios kept', () => {
    const out = rebaseCutFigures(results, [cut]);
    expect(out.scenarios[0]!.settings.exact!['reno-200ms']!.makespanError).toBeCloseTo(-0.5, 9);
    expect(out.scenarios[0]!.settings.exact!['reno-200ms']!.flows).toBe(4);
    expect(out.scenarios[1]).toBe(results.scenarios[1]);
  });

  it('refuses a trace recorded anew that differs from the one timed', () => {
    const fewer = { ...cut, trace: { ...trace, flows: trace.flows.slice(1) } };
    expect(() => rebaseCutFigures(results, [fewer])).toThrow(/differs/);
  });
});
