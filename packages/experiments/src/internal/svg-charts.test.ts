import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { escapeXml, formatDuration, niceTicks, ticksWithin } from './svg-charts.js';

describe('axis ticks', () => {
  it('are round numbers covering the data', () => {
    expect(niceTicks(7.3)).toEqual([0, 2, 4, 6, 8]);
    expect(ticksWithin(10, 230, 5)).toEqual([50, 100, 150, 200]);
  });

  test.prop([fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 1e-3, max: 1e6, noNaN: true })])(
    'lie within the range, evenly spaced',
    (min, span) => {
      const ticks = ticksWithin(min, min + span, 6);
      expect(ticks.length).toBeGreaterThan(0);
      for (const t of ticks) {
        expect(t).toBeGreaterThanOrEqual(min - span * 1e-9);
        expect(t).toBeLessThanOrEqual(min + span * (1 + 1e-9));
      }
      const steps = ticks.slice(1).map((t, i) => t - (ticks[i] as number));
      for (const step of steps) expect(step).toBeCloseTo(steps[0] as number, 6);
    },
  );
});

describe('text', () => {
  it('escapes markup and formats durations', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;&#60;/a&#62;');
    expect([45, 750, 3900].map(formatDuration)).toEqual(['45s', '12m30s', '1h05m']);
  });
});
