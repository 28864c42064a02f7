import type { RunSeries } from '@rackwise/experiments';

/**
 * A time series a report draws, by its key in a run's series: its title, unit and the
 * factor from stored to displayed values. A new series (per-link rates, congested
 * links) plugs in by an entry here once runs keep it; absent series are skipped.
 */
export interface SeriesEntry {
  readonly key: string;
  readonly title: string;
  readonly unit: string;
  readonly scale: number;
}

export const SERIES_CATALOGUE: readonly SeriesEntry[] = Object.freeze([
  {
    key: 'crossRackShuffleRate',
    title: 'Cross-rack shuffle rate, all rack links',
    unit: 'Mbit/s',
    scale: 1e-6,
  },
  { key: 'crossRackRate', title: 'Cross-rack rate, all traffic', unit: 'Mbit/s', scale: 1e-6 },
  { key: 'congestedLinks', title: 'Congested rack links', unit: 'links', scale: 1 },
  { key: 'runningMaps', title: 'Running map tasks', unit: 'tasks', scale: 1 },
  { key: 'runningReduces', title: 'Running reduce tasks', unit: 'tasks', scale: 1 },
]);

/** The values of a series by key, or undefined when the run does not keep it. */
export function seriesValues(series: RunSeries | undefined, key: string): readonly number[] | undefined {
  const values = (series as unknown as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(values) && values.length > 0 ? (values as number[]) : undefined;
}

/**
 * A centred moving average over `window` samples (the engine's monitor window over the
 * sampling interval), so the chart shows what the monitor saw rather than sampling noise.
 */
export function smooth(values: readonly number[], window: number): number[] {
  const half = Math.max(0, Math.floor(window / 2));
  if (half === 0) return [...values];
  const prefix = [0];
  for (const v of values) prefix.push((prefix.at(-1) as number) + (Number.isFinite(v) ? v : 0));
  return values.map((_, i) => {
    const from = Math.max(0, i - half);
    const to = Math.min(values.length, i + half + 1);
    return ((prefix[to] as number) - (prefix[from] as number)) / (to - from);
  });
}
