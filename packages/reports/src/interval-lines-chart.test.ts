import { describe, expect, it } from 'vitest';
import { svgTexts, xmlProblems } from '../test/well-formed-xml.js';
import { intervalLinesChartSvg } from './interval-lines-chart.js';

const point = (x: number, mean: number, half = 2) => ({ x, mean, low: mean - half, high: mean + half });

const spec = {
  title: 'NAS has higher throughput than "fair" & <delay>',
  subtitle: 'mean of a / b − 1 over 3 seeds · bands: 95 % interval of the mean',
  xName: 'offered cross-rack load',
  yName: 'a / b − 1 (%)',
  lines: [
    { name: 'paper-default', points: [point(0.5, 4), point(0.1, -8), point(0.9, 12)] },
    { name: 'skip <prose>', points: [point(0.1, 3), point(0.5, Number.NaN), point(0.9, -1, Number.NaN)] },
  ],
};

/** The `d` of every drawn line of a colour (the line, not its markers or legend). */
const linePaths = (svg: string, colour: string): string[] =>
  [...svg.matchAll(/<path d="([^"]+)" fill="none"[^>]*stroke="([^"]+)" stroke-width="1.8"/g)]
    .filter((m) => m[2] === colour)
    .map((m) => m[1] as string);

describe('intervalLinesChartSvg', () => {
  const svg = intervalLinesChartSvg(spec);

  it('is well-formed SVG, its texts escaped', () => {
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toContain('&quot;fair&quot; &amp; &lt;delay&gt;');
    expect(svgTexts(svg)).toEqual(
      expect.arrayContaining(['paper-default', 'skip <prose>', 'offered cross-rack load', 'a / b − 1 (%)']),
    );
  });

  it('draws each line through its points in order of x, leaving out a point with no mean', () => {
    const [first] = linePaths(svg, '#0072B2');
    const xs = [...(first ?? '').matchAll(/[ML]([\d.]+) /g)].map((m) => Number(m[1]));
    expect(xs).toHaveLength(3);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
    const [second] = linePaths(svg, '#E69F00');
    expect([...(second ?? '').matchAll(/[ML]/g)]).toHaveLength(2);
  });

  it('shades a band per run of points with an interval, and draws the reference line at 0', () => {
    // paper-default: one polygon of three points; the other: a lone point's interval only.
    const polygons = [...svg.matchAll(/<polygon points="([^"]+)" fill="(#[0-9A-F]+)"/g)];
    expect(polygons.map((p) => p[2])).toEqual(['#0072B2']);
    expect(polygons[0]?.[1]?.split(' ')).toHaveLength(2 * 2 * 3);
    expect(svg).toMatch(/stroke="#E69F00" stroke-width="6"/);
    expect(svg).toMatch(/<path d="M70 [\d.]+L850 [\d.]+"[^>]*stroke="#333" stroke-dasharray/);
    expect(svgTexts(svg)).toContain('0');
  });

  it('draws a chart of lines without intervals (one seed) with no band', () => {
    const one = intervalLinesChartSvg({
      ...spec,
      lines: [{ name: 'one seed', points: [0.1, 0.5].map((x) => point(x, 1, Number.NaN)) }],
    });
    expect(xmlProblems(one)).toEqual([]);
    expect(one).not.toContain('<polygon');
    expect(linePaths(one, '#0072B2')).toHaveLength(1);
  });
});
