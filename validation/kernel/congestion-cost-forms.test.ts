import { replayFlowTrace } from '@rackwise/flow-replay';
import { describe, expect, it } from 'vitest';
import { incast } from '../network/scenarios.js';
import { formLastByte } from './congestion-cost-forms.js';
import { costSetting } from './congestion-cost.js';

const fluidLastByte = (trace: ReturnType<typeof incast>, windowSegments: number): number =>
  replayFlowTrace(trace, costSetting({ windowSegments, roundBytes: 512 * 1024 })).times.reduce(
    (m, t) => Math.max(m, t.end),
    0,
  );

describe('the recovery tail of the congestion-cost forms', () => {
  // 40 senders into one 1 Gbps port: n0 = (128 KiB + pipe) ÷ (w × 1448 B) is 49.6 flows
  // at w = 2 and 12.4 at w = 8.
  const trace = incast(40, 256e3, false);

  it('adds one RTO_min to the last byte where the flows ending on a saturated port outnumber n0', () => {
    const fit = { windowSegments: 8, roundBytes: 512 * 1024 };
    expect(formLastByte(trace, 'recovery-tail', fit)).toBeCloseTo(fluidLastByte(trace, 1e-9) + 0.2, 9);
    expect(formLastByte(trace, 'derating+recovery-tail', fit)).toBeCloseTo(fluidLastByte(trace, 8) + 0.2, 9);
  });

  it('waits k × RTO_min when the fit gives the tail k RTO_min', () => {
    const fit = { windowSegments: 8, roundBytes: 512 * 1024 };
    for (const tailRtos of [1.5, 3]) {
      expect(formLastByte(trace, 'recovery-tail', { ...fit, tailRtos })).toBeCloseTo(
        fluidLastByte(trace, 1e-9) + 0.2 * tailRtos,
        9,
      );
    }
  });

  it('adds nothing where the port holds every flow ending on it, and the derating form has no tail', () => {
    const fit = { windowSegments: 2, roundBytes: 512 * 1024 };
    expect(formLastByte(trace, 'recovery-tail', fit)).toBeCloseTo(fluidLastByte(trace, 1e-9), 9);
    expect(formLastByte(trace, 'derating', { windowSegments: 8, roundBytes: 512 * 1024 })).toBeCloseTo(
      fluidLastByte(trace, 8),
      9,
    );
  });
});
