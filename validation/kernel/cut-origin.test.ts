import { replayFlowTrace } from '@rackwise/flow-replay';
import { describe, expect, it } from 'vitest';
import { type Scenario, incast } from '../network/scenarios.js';
import type { KernelResults } from './collect.js';
import { againstSpread, rebaseCuts, traceOrigin } from './cut-origin.js';

const at0 = incast(4, 256e3, false);
const cut = { ...at0, flows: at0.flows.map((f) => ({ ...f, start: f.start + 120 })) };
const scenario = (name: string, trace: Scenario['trace']): Scenario => ({
  name,
  family: 'fb2010',
  trace,
  half: 'judge',
  facts: {},
});
const exactLast = replayFlowTrace(at0, {}).times.reduce((m, t) => Math.max(m, t.end), 0);

// Linux took twice the exact model's span; ns-3 four times; stored as trace times.
const stored = (name: string, origin: number) => ({
  name,
  ns3: { lastByte: origin + 4 * exactLast, medianFct: 0 },
  linux: {
    'linux-reno': {
      lastByte: { median: origin + 2 * exactLast, min: origin + 2 * exactLast, max: origin + 2 * exactLast },
      vsNs3: { lastByte: { median: 0, min: 0, max: 0 }, medianFct: { median: 0, min: 0, max: 0 } },
      models: { exact: { lastByte: { median: 9, min: 9, max: 9 }, lastByteVsNs3: 9 } },
    },
  },
});

describe('last bytes of cuts read from their first start', () => {
  it('finds a trace’s first start', () => {
    expect(traceOrigin(at0)).toBe(0);
    expect(traceOrigin(cut)).toBe(120);
    expect(traceOrigin({ ...at0, flows: [] })).toBe(0);
  });

  it('rebases a cut’s figures and leaves a trace that starts at 0 as stored', () => {
    const results = { scenarios: [stored('cut', 120), stored('at 0', 0)] } as unknown as KernelResults;
    const out = rebaseCuts(results, [scenario('cut', cut), scenario('at 0', at0)]);
    const reno = (i: number) => {
      const f = out.scenarios[i]!.linux['linux-reno']!;
      if ('refused' in f) throw new Error('refused');
      return f;
    };
    expect(reno(0).models.exact!.lastByte.median).toBeCloseTo(-0.5, 9);
    expect(reno(0).models.exact!.lastByteVsNs3).toBeCloseTo(-0.75, 9);
    expect(reno(0).vsNs3.lastByte.median).toBeCloseTo(-0.5, 9);
    expect(reno(1).models.exact!.lastByte.median).toBe(9);
  });

  it('orders a spread’s range the way the error falls', () => {
    const s = againstSpread(3, { median: 2, min: 1.5, max: 4 }, 1);
    expect(s).toEqual({ median: 1, min: 2 / 3 - 1, max: 3 });
  });
});
