import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { congestionCostCapacity, congestionCostFraction } from './congestion-cost.js';
import {
  INCAST_LOSS_DEFAULTS,
  incastEffectiveCapacity,
  incastGoodputFraction,
  lossFreeFlowLimit,
} from './congestion-loss.js';
import { createFlowNetwork } from './flow-network.js';

const GBPS = 1e9 / 8;

describe('the incast congestion-loss model', () => {
  it('keeps full goodput while every flow can hold a fast-retransmit window', () => {
    // 128 KiB of buffer + 12.5 KB in the 100 µs pipe, over 4 segments of 1460 B: 24 flows.
    expect(lossFreeFlowLimit(GBPS)).toBe(24);
    expect(incastGoodputFraction(24, GBPS)).toBe(1);
    expect(incastGoodputFraction(0, GBPS)).toBe(1);
    // 25 flows × 256 KiB take 52.4 ms; one 200 ms timeout per round leaves 20.8 %.
    expect(incastGoodputFraction(25, GBPS)).toBeCloseTo(0.05243 / (0.05243 + 0.2), 4);
  });

  it('reproduces the published collapse: a shallow 32 KB buffer loses up to 90 % of goodput', () => {
    // Vasudevan et al. (SIGCOMM 2009): with a 200 ms RTO_min "throughput is reduced by up
    // to 90 %" once the senders overflow the buffer; with microsecond timeouts it is not.
    const shallow = { ...INCAST_LOSS_DEFAULTS, bufferBytes: 32 * 1024 };
    const limit = lossFreeFlowLimit(GBPS, shallow);
    expect(limit).toBe(7);
    expect(incastGoodputFraction(limit + 1, GBPS, shallow)).toBeLessThanOrEqual(0.1);
    const fineTimers = { ...shallow, rtoMinSeconds: 200e-6 };
    expect(incastGoodputFraction(limit + 1, GBPS, fineTimers)).toBeGreaterThan(0.98);
  });

  test.prop([
    fc.integer({ min: 0, max: 5000 }),
    fc.constantFrom(1e8 / 8, GBPS, 1e10 / 8),
    fc.integer({ min: 4 * 1024, max: 16 * 1024 * 1024 }),
  ])('is a fraction in (0, 1] that a larger buffer never lowers', (flows, capacity, buffer) => {
    const small = incastGoodputFraction(flows, capacity, { ...INCAST_LOSS_DEFAULTS, bufferBytes: buffer });
    const large = incastGoodputFraction(flows, capacity, {
      ...INCAST_LOSS_DEFAULTS,
      bufferBytes: 2 * buffer,
    });
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThanOrEqual(1);
    expect(large).toBeGreaterThanOrEqual(small);
  });

  it('refuses impossible inputs', () => {
    expect(() => incastGoodputFraction(-1, GBPS)).toThrow(/flows must be an integer >= 0/);
    expect(() => incastGoodputFraction(2, 0)).toThrow(/capacity must be a positive/);
  });
});

describe.each([
  { model: 'incast', hook: incastEffectiveCapacity(), fraction: incastGoodputFraction, flows: 30 },
  { model: 'congestion-cost', hook: congestionCostCapacity(), fraction: congestionCostFraction, flows: 60 },
])('the $model model in the max-min solver', ({ hook, fraction, flows }) => {
  it('lowers a crowded link, and only when asked', () => {
    const run = (loss: boolean) => {
      const network = createFlowNetwork({
        capacities: Float64Array.from([GBPS]),
        ...(loss ? { effectiveCapacity: hook } : {}),
      });
      const ids = Array.from({ length: flows }, () => network.addFlow([0], 1e9, 0));
      network.solve();
      return ids.reduce((sum, f) => sum + network.rate(f), 0);
    };
    expect(fraction(flows, GBPS)).toBeLessThan(1);
    expect(run(false)).toBeCloseTo(GBPS, 0);
    expect(run(true)).toBeCloseTo(GBPS * fraction(flows, GBPS), 0);
  });
});
