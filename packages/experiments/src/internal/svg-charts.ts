/** Small inline-SVG charts for the HTML report: no scripts, no external assets. */

/** A fixed palette (colour-blind safe, Okabe–Ito), cycled by series index. */
export const PALETTE = [
  '#0072B2',
  '#E69F00',
  '#009E73',
  '#CC79A7',
  '#56B4E9',
  '#D55E00',
  '#F0E442',
  '#000000',
];

export function colour(index: number): string {
  return PALETTE[index % PALETTE.length] ?? '#000000';
}

/** Escapes text for HTML and SVG content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const round = (x: number): string => String(Math.round(x * 10) / 10);

/** Nice axis ticks covering [0, max]. */
export function niceTicks(max: number, count = 5): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / count;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough;
  const ticks: number[] = [];
  for (let t = 0; t <= max + step * 1e-9; t += step) ticks.push(Number(t.toPrecision(12)));
  if ((ticks.at(-1) ?? 0) < max) ticks.push(Number(((ticks.at(-1) ?? 0) + step).toPrecision(12)));
  return ticks;
}

/** Nice round ticks within [min, max] (multiples of a 1-2-2.5-5 step). */
export function ticksWithin(min: number, max: number, count = 5): number[] {
  if (!(max > min)) return Number.isFinite(min) ? [min] : [];
  const [, step = max - min] = niceTicks(max - min, count);
  const ticks: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max + step * 1e-9; t += step)
    ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** A grouped bar chart: one group per category, one bar per series (value may be NaN: no bar). */
export interface BarChart {
  readonly title: string;
  readonly categories: readonly string[];
  readonly series: readonly { readonly name: string; readonly values: readonly number[] }[];
  /** Draw a dashed reference line at this value (1 for normalised charts). */
  readonly reference?: number;
  readonly formatTick?: (value: number) => string;
}

const WIDTH = 760;
const MARGIN = { top: 34, right: 16, bottom: 64, left: 64 };

export function barChartSvg(chart: BarChart): string {
  const height = 340;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const finite = chart.series.flatMap((s) => s.values.filter(Number.isFinite));
  const ticks = niceTicks(Math.max(chart.reference ?? 0, ...finite, 0));
  const top = ticks.at(-1) ?? 1;
  const y = (v: number): number => MARGIN.top + plotH - (Math.max(0, v) / top) * plotH;
  const groupW = plotW / Math.max(1, chart.categories.length);
  const barW = (groupW * 0.8) / Math.max(1, chart.series.length);
  const fmt = chart.formatTick ?? ((v: number) => String(v));
  const parts: string[] = [svgOpen(height, chart.title), axes(ticks, y, fmt, plotW)];
  chart.categories.forEach((category, c) => {
    const x0 = MARGIN.left + c * groupW + groupW * 0.1;
    chart.series.forEach((series, s) => {
      const value = series.values[c] ?? Number.NaN;
      if (!Number.isFinite(value)) return;
      const x = x0 + s * barW;
      parts.push(
        `<rect x="${round(x)}" y="${round(y(value))}" width="${round(barW * 0.92)}" height="${round(
          y(0) - y(value),
        )}" fill="${colour(s)}"><title>${escapeXml(`${series.name} · ${category}: ${value.toFixed(3)}`)}</title></rect>`,
      );
    });
    const lx = round(x0 + groupW * 0.4);
    const ly = height - MARGIN.bottom + 14;
    parts.push(
      `<text x="${lx}" y="${ly}" transform="rotate(-20 ${lx} ${ly})" text-anchor="end" class="cat">${escapeXml(category)}</text>`,
    );
  });
  if (chart.reference !== undefined) {
    const ry = round(y(chart.reference));
    parts.push(
      `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${ry}" y2="${ry}" stroke="#444" stroke-dasharray="4 3"/>`,
    );
  }
  parts.push(
    legend(
      chart.series.map((s) => s.name),
      height - 22,
    ),
    '</svg>',
  );
  return parts.join('');
}

/** A line chart over a shared x axis per series. */
export interface LineChart {
  readonly title: string;
  readonly xLabel: string;
  readonly series: readonly {
    readonly name: string;
    readonly x: readonly number[];
    readonly y: readonly number[];
  }[];
  readonly formatTick?: (value: number) => string;
}

export function lineChartSvg(chart: LineChart): string {
  const height = 280;
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const xs = chart.series.flatMap((s) => s.x.filter(Number.isFinite));
  const ys = chart.series.flatMap((s) => s.y.filter(Number.isFinite));
  const xMin = xs.length > 0 ? Math.min(...xs) : 0;
  const xMax = xs.length > 0 ? Math.max(...xs) : 1;
  const ticks = niceTicks(Math.max(0, ...ys));
  const top = ticks.at(-1) ?? 1;
  const x = (v: number): number => MARGIN.left + ((v - xMin) / (xMax - xMin || 1)) * plotW;
  const y = (v: number): number => MARGIN.top + plotH - (Math.max(0, v) / top) * plotH;
  const fmt = chart.formatTick ?? ((v: number) => String(v));
  const parts: string[] = [svgOpen(height, chart.title), axes(ticks, y, fmt, plotW)];
  for (const t of ticksWithin(xMin, xMax, 6)) {
    parts.push(
      `<text x="${round(x(t))}" y="${height - MARGIN.bottom + 16}" text-anchor="middle" class="tick">${escapeXml(
        formatDuration(t),
      )}</text>`,
    );
  }
  parts.push(
    `<text x="${MARGIN.left + plotW / 2}" y="${height - MARGIN.bottom + 34}" text-anchor="middle" class="tick">${escapeXml(
      chart.xLabel,
    )}</text>`,
  );
  chart.series.forEach((series, s) => {
    const points: string[] = [];
    for (let i = 0; i < series.x.length; i++) {
      const xv = series.x[i];
      const yv = series.y[i];
      if (xv !== undefined && yv !== undefined && Number.isFinite(xv) && Number.isFinite(yv))
        points.push(`${round(x(xv))},${round(y(yv))}`);
    }
    if (points.length > 0)
      parts.push(
        `<polyline fill="none" stroke="${colour(s)}" stroke-width="1.4" points="${points.join(' ')}"><title>${escapeXml(
          series.name,
        )}</title></polyline>`,
      );
  });
  parts.push(
    legend(
      chart.series.map((s) => s.name),
      height - 12,
    ),
    '</svg>',
  );
  return parts.join('');
}

/** Seconds as `1h05m`, `12m30s`, `45s`. */
export function formatDuration(seconds: number): string {
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h}h${String(m).padStart(2, '0')}m`;
  if (m > 0) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${s}s`;
}

function svgOpen(height: number, title: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="${escapeXml(
    title,
  )}"><text x="${MARGIN.left}" y="20" class="title">${escapeXml(title)}</text>`;
}

function axes(
  ticks: readonly number[],
  y: (v: number) => number,
  fmt: (v: number) => string,
  plotW: number,
): string {
  return ticks
    .map((t) => {
      const ty = round(y(t));
      return `<line x1="${MARGIN.left}" x2="${MARGIN.left + plotW}" y1="${ty}" y2="${ty}" stroke="#ddd"/><text x="${
        MARGIN.left - 6
      }" y="${ty}" dy="4" text-anchor="end" class="tick">${escapeXml(fmt(t))}</text>`;
    })
    .join('');
}

function legend(names: readonly string[], baselineY: number): string {
  let x = MARGIN.left;
  return names
    .map((name, i) => {
      const item = `<rect x="${x}" y="${baselineY - 9}" width="10" height="10" fill="${colour(i)}"/><text x="${
        x + 14
      }" y="${baselineY}" class="legend">${escapeXml(name)}</text>`;
      x += 24 + name.length * 7;
      return item;
    })
    .join('');
}
