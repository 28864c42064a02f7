import { metricInfo } from '@rackwise/experiments';
import { type IntervalLine, heatmapChartSvg, intervalLinesChartSvg } from '@rackwise/reports';
import { signedPercent, towardClaim } from './map-in-words.js';
import { type MapSeries, axisText, halfWidth95, mapSeries, outcomeAt } from './map-series.js';
import { MARK } from './map-text.js';
import type { Claim } from './paper-claims.js';
import type { ClaimMap, ReproductionMap } from './reproduce-paper.js';

/** Columns of one heatmap: two series of six load steps, so labels stay legible at the page's width. */
const MOST_COLUMNS = 12;
/** Rows of one heatmap: whole figures, packed up to this many claims. */
const MOST_ROWS = 30;
/** Lines of one chart over load before it is split (the palette has eight colours). */
const MOST_LINES = 8;
/** Effects beyond ±50 % get the colour of ±50 %. */
const CLAMP = 50;
/** Characters of a claim's row label before it is cut: the longest figure · policies · metric fits. */
const ROW_LABEL = 80;

const SYMBOL: Readonly<Record<Claim['expectation'], string>> = { higher: '>', lower: '<', similar: '≈' };

/**
 * A claim as a heatmap row: its figure (without the paper's name), the comparison and the
 * metric by its catalogue name, and the workload it is read on where it is read on one:
 * `Fig. 3(a) · nas > fair · Throughput without degenerate jobs`.
 */
export function claimRowLabel(claim: Claim): string {
  const figure = claim.figure.replace(/^\S+\s+(?=(?:Figs?\.|Tables?)\s)/, '');
  const where = claim.cells === undefined ? '' : ` (${Object.values(claim.cells).join(', ')})`;
  return `${figure} · ${claim.a} ${SYMBOL[claim.expectation]} ${claim.b} · ${metricInfo(claim.metric).label}${where}`;
}

/** Consecutive items in chunks of at most `most` by size, in order; an item bigger than `most` stands alone. */
function pack<T>(items: readonly T[], size: (item: T) => number, most: number): T[][] {
  const chunks: T[][] = [];
  let used = Number.POSITIVE_INFINITY;
  for (const item of items) {
    if (used + size(item) > most) {
      chunks.push([]);
      used = 0;
    }
    chunks.at(-1)?.push(item);
    used += size(item);
  }
  return chunks;
}

/** `a` alone, `a, b`, or `a … z` for a longer list. */
const span = (names: readonly string[]) =>
  names.length <= 2 ? names.join(', ') : `${names[0]} … ${names.at(-1)}`;

/**
 * The claims × cells heatmaps of a map: rows are claims (whole figures packed up to 30
 * rows), columns the cells grouped by series and ordered along it (whole series packed up
 * to 12 columns). The colour is the mean effect toward the claim (`towardClaim`, in %,
 * clamped at ±50 %), the label the verdict's mark and the mean a / b − 1.
 */
export function claimHeatmaps(map: ReproductionMap): string[] {
  const figures = [...new Set(map.claims.map((c) => c.claim.figure))].map((figure) =>
    map.claims.filter((c) => c.claim.figure === figure),
  );
  const series = mapSeries(map);
  const seriesChunks = pack(series, (s) => s.columns.length, MOST_COLUMNS);
  const seeds = map.grid.seeds.join(', ');
  return pack(figures, (f) => f.length, MOST_ROWS).flatMap((rows) => {
    const claims = rows.flat();
    const title = span(rows.map((f) => f[0]?.claim.figure ?? ''));
    return seriesChunks.map((chunk) => {
      const first = series.indexOf(chunk[0] as MapSeries) + 1;
      const columns = chunk.flatMap((s) => s.columns);
      const part =
        seriesChunks.length === 1 ? '' : `series ${first}–${first + chunk.length - 1} of ${series.length} · `;
      return heatmapChartSvg({
        title,
        subtitle: `${part}mean over seeds ${seeds} of a / b − 1 · colour: toward the claim`,
        rows: claims.map((c) => claimRowLabel(c.claim)),
        rowLabelLength: ROW_LABEL,
        columns: columns.map((c) => c.heading),
        columnGroups: chunk.map((s) => ({
          label: s.label === '' ? 'every cell' : s.label,
          columns: s.columns.length,
        })),
        values: claims.map((c) =>
          columns.map((col) => {
            const o = outcomeAt(c, col.cell);
            return o.verdict === 'unmeasured' || !Number.isFinite(o.mean)
              ? null
              : 100 * towardClaim(c.claim, o.mean);
          }),
        ),
        labels: claims.map((c) =>
          columns.map((col) => {
            const o = outcomeAt(c, col.cell);
            return o.verdict === 'unmeasured'
              ? MARK.unmeasured
              : `${MARK[o.verdict]} ${signedPercent(o.mean)}`;
          }),
        ),
        range: [-CLAMP, CLAMP],
        scaleName: 'toward the claim',
        scaleText: [`−${CLAMP} %`, `+${CLAMP} %`],
      });
    });
  });
}

/** One line of a claim along one series: mean a / b − 1 in % at each load step, with its 95 % interval. */
function lineOf(claim: ClaimMap, series: MapSeries, name: string): IntervalLine {
  return {
    name,
    points: series.columns.map((col) => {
      const o = outcomeAt(claim, col.cell);
      const half = halfWidth95(o);
      return {
        x: Number(col.value),
        mean: 100 * o.mean,
        low: 100 * (o.mean - half),
        high: 100 * (o.mean + half),
      };
    }),
  };
}

/** The series' axis values that are not the same in all of them, in words (the legend of a chart). */
function differing(series: readonly MapSeries[], s: MapSeries): string {
  const axes = Object.keys(s.axes).filter((axis) =>
    series.some((other) => other.axes[axis] !== s.axes[axis]),
  );
  return axes.map((axis) => axisText(axis, s.axes[axis] ?? '')).join(' · ');
}

/** The axis values every one of the series shares, in words. */
function shared(series: readonly MapSeries[]): string {
  const [first] = series;
  if (first === undefined) return '';
  return Object.keys(first.axes)
    .filter((axis) => series.every((s) => s.axes[axis] === first.axes[axis]))
    .map((axis) => axisText(axis, first.axes[axis] ?? ''))
    .join(' · ');
}

/** A headline claim's charts along the load axis (none where it is measured along no series). */
export interface HeadlineCharts {
  readonly claim: Claim;
  readonly svgs: readonly string[];
}

/**
 * The headline claims along the load axis: per claim, a line per series with two load
 * steps or more in which it is measured, mean a / b − 1 in % with its 95 % interval over
 * seeds (Student's t, `halfWidth95`), at each cell's load step. Past eight lines a claim's
 * chart is split by every axis but the reading.
 */
export function headlineCharts(map: ReproductionMap): HeadlineCharts[] {
  const along = mapSeries(map).filter((s) => s.along === map.loadAxis.axis && s.columns.length >= 2);
  const n = map.grid.seeds.length;
  const seeds = `mean over ${n} seed${n === 1 ? '' : 's'}`;
  const band = n < 2 ? 'one seed: no interval' : "band: 95 % interval of the mean (Student's t)";
  return map.headline.flatMap((id) => {
    const claim = map.claims.find((c) => c.claim.id === id);
    if (claim === undefined) return [];
    const c = claim.claim;
    const measured = along.filter((s) =>
      s.columns.some((col) => Number.isFinite(outcomeAt(claim, col.cell).mean)),
    );
    const others = (s: MapSeries) => Object.entries(s.axes).filter(([axis]) => axis !== map.readingAxis);
    const key = (s: MapSeries) => (measured.length <= MOST_LINES ? '' : JSON.stringify(others(s)));
    const groups = [...new Set(measured.map(key))].map((k) => measured.filter((s) => key(s) === k));
    const svgs = groups.map((group) => {
      const common = group.length > 1 ? shared(group) : '';
      return intervalLinesChartSvg({
        title: c.statement,
        subtitle: [c.figure, metricInfo(c.metric).label, common, seeds, band]
          .filter((t) => t !== '')
          .join(' · '),
        xName: map.loadAxis.label,
        yName: `${c.a} / ${c.b} − 1 (%)`,
        lines: group.map((s) => lineOf(claim, s, differing(group, s) || s.label || 'every cell')),
      });
    });
    return [{ claim: c, svgs }];
  });
}
