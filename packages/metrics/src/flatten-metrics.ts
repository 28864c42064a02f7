import type { RunMetrics } from './run-metrics.js';

/**
 * The numbers of a `RunMetrics` under stable dotted names, in a fixed order, for tables
 * and CSV: `executionTime.mean`, `crossRackBytes.shuffle`,
 * `executionTimeByShuffleClass.heavy.p95`, `predictorError.mean`…
 */
export function flattenMetrics(metrics: RunMetrics): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (value: unknown, prefix: string): void => {
    if (typeof value === 'number') {
      out[prefix] = value;
      return;
    }
    if (value === null || typeof value !== 'object') return;
    for (const key of Object.keys(value)) {
      walk((value as Record<string, unknown>)[key], prefix === '' ? key : `${prefix}.${key}`);
    }
  };
  walk(metrics, '');
  return out;
}
