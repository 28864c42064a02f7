import { describe, expect, it } from 'vitest';
import { bandChartSvg, barChartSvg, lineChartSvg } from './report-charts.js';

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

/**
 * Every attribute of every tag holds its value between its own quotes: an unescaped quote
 * inside a value (a font family in a style) ends the attribute early, and the SVG no
 * longer parses as XML.
 */
function attributesWellQuoted(svg: string): void {
  for (const tag of svg.matchAll(/<[a-zA-Z][^>]*>/g)) {
    const opened = (tag[0].match(/=\s*"/g) ?? []).length;
    const closed = (tag[0].match(/=\s*"[^"<>]*"(?=[\s/>])/g) ?? []).length;
    expect(closed, tag[0].slice(0, 160)).toBe(opened);
  }
}

describe('the charts as standalone SVG', () => {
  it('quote every attribute of the bar, line and band charts well', () => {
    const heading = { title: 'a "quoted" title & <more>', subtitle: "one seed's run" };
    attributesWellQuoted(
      barChartSvg({
        ...heading,
        categories: ['mean job time\n(lower is better)', 'cross-rack'],
        yName: 'ratio',
        reference: 1,
        series: [{ name: 'nas', values: [1.1, 0.9], low: [1, 0.8], high: [1.2, 1] }],
      }),
    );
    attributesWellQuoted(
      lineChartSvg({
        ...heading,
        xName: 'h',
        yName: 'Mbit/s',
        series: [{ name: 'fair', x: [0, 1], y: [1, 2] }],
      }),
    );
    attributesWellQuoted(
      bandChartSvg({
        ...heading,
        xName: 'load',
        xValues: [0.1, 0.5],
        yName: 'ratio',
        series: [{ name: 'nas', mean: [1, 1.1], low: [0.9, 1], high: [1.1, 1.2] }],
      }),
    );
  });
});
