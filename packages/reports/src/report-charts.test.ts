import { describe, expect, it } from 'vitest';
import { lineChartSvg } from './report-charts.js';

/** The numbers printed as axis labels, in the order the SVG draws them. */
const labels = (svg: string): string[] =>
  [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]!).filter((t) => /^[\d.]+$/.test(t));

describe('lineChartSvg', () => {
  it('ends a linear x axis at the last point drawn, not at the next round value', () => {
    const svg = lineChartSvg({
      title: 'rate',
      subtitle: 'one run',
      xName: 'simulated time (h)',
      yName: 'Mbit/s',
      series: [
        { name: 'fair', x: [0, 0.1, 0.2, 0.3, 0.4, 0.7], y: [100, 300, 200, 300, 100, Number.NaN] },
        { name: 'nas', x: [0, 0.1, 0.2, 0.3], y: [100, 200, 300, 200] },
      ],
    });
    const numbers = labels(svg);
    expect(numbers).toContain('0.4');
    // Rounded up (0.5) or running to the point with no value (0.7), the axis would run past the data.
    expect(numbers).not.toContain('0.5');
    expect(numbers).not.toContain('0.6');
    expect(numbers).not.toContain('0.7');
  });
});
