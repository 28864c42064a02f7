import { describe, expect, it } from 'vitest';
import { incast } from '../network/scenarios.js';
import type { KernelResults } from './collect.js';
import { FIRST_ROUND, SECOND_ROUND } from './congestion-cost-forms.js';
import type { CostPoint } from './congestion-cost.js';
import { SECOND_ROUND_SCENARIOS, THIRD_ROUND_SCENARIOS } from './scenarios.js';
import { medianAbsError, predictThirdRound, thirdRoundErrors } from './third-round.js';

describe('the third round of the congestion-cost forms', () => {
  it('holds traces no earlier round fitted or judged on, in every family but the all-to-all', () => {
    const point = (scenario: string): CostPoint => ({
      scenario,
      source: 'linux-reno',
      half: 'judge',
      family: 'incast',
      lastByte: 1,
      trace: incast(4, 1e3, false),
    });
    expect(THIRD_ROUND_SCENARIOS.size).toBe(7);
    for (const name of THIRD_ROUND_SCENARIOS) {
      expect(SECOND_ROUND_SCENARIOS.has(name)).toBe(false);
      expect(FIRST_ROUND.heldOut(point(name))).toBe(false);
      expect(SECOND_ROUND.calibrate(point(name))).toBe(false);
      expect(SECOND_ROUND.heldOut(point(name))).toBe(false);
    }
    expect([...THIRD_ROUND_SCENARIOS].some((n) => n.startsWith('all-to-all'))).toBe(false);
  });

  // 40 senders of 256 KB into one 1 Gbps port: past every fit's timeout-free flows, so
  // both readings and the tail forms must end after the exact model.
  const trace = incast(40, 256e3, false);
  const forms = [
    {
      form: 'derating+recovery-tail' as const,
      fitted: { windowSegments: 3, roundBytes: 2048 * 1024, tailRtos: 1 },
      calibrationError: 0,
      heldOut: { linux: {}, ns3: {} },
      points: [],
    },
  ];
  const round = predictThirdRound([{ name: 'incast 40', family: 'incast', trace }], forms);

  it('predicts each model’s last byte, every congestion model at or after the exact one', () => {
    const p = round.predictions[0]!.lastBytes;
    expect(round.heldOut).toEqual(['incast 40']);
    expect(p.exact).toBeGreaterThan(0);
    for (const model of ['congestion-cost', 'congestion-tail', 'derating+recovery-tail'] as const)
      expect(p[model]!).toBeGreaterThan(p.exact!);
  });

  it('judges against the sources that timed a trace, skipping refusals', () => {
    const spread = (median: number) => ({ median, min: median, max: median });
    const results = {
      scenarios: [
        {
          name: 'incast 40',
          linux: {
            'linux-reno': { lastByte: spread(2 * round.predictions[0]!.lastBytes.exact!) },
            'linux-cubic': { refused: 'repetitions disagree' },
          },
          ns3: { lastByte: round.predictions[0]!.lastBytes.exact!, medianFct: 0 },
        },
      ],
    } as unknown as KernelResults;
    expect(thirdRoundErrors(round, results, 'linux-reno', 'exact').get('incast')).toEqual([-0.5]);
    expect(thirdRoundErrors(round, results, 'ns-3', 'exact').get('incast')).toEqual([0]);
    expect(thirdRoundErrors(round, results, 'linux-cubic', 'exact').size).toBe(0);
    expect(medianAbsError([-0.5, 0.1, 0.2])).toBe(0.2);
    expect(medianAbsError([])).toBeUndefined();
  });

  it('reads a cut’s errors from its first start, not from the trace’s time 0', () => {
    const late = { ...trace, flows: trace.flows.map((f) => ({ ...f, start: f.start + 120 })) };
    const cut = predictThirdRound([{ name: 'late', family: 'fb2010', trace: late }], forms);
    const p = cut.predictions[0]!;
    expect(p.origin).toBe(120);
    expect(p.lastBytes.exact! - 120).toBeCloseTo(round.predictions[0]!.lastBytes.exact!, 9);
    const results = {
      scenarios: [
        { name: 'late', linux: {}, ns3: { lastByte: 120 + 2 * (p.lastBytes.exact! - 120), medianFct: 0 } },
      ],
    } as unknown as KernelResults;
    expect(thirdRoundErrors(cut, results, 'ns-3', 'exact').get('fb2010')![0]).toBeCloseTo(-0.5, 9);
  });
});
