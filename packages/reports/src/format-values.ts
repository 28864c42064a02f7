const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** A number with about four significant digits, thousands not grouped (`0.01234`, `1234`, `1.2e+9`). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '—';
  if (value === 0) return '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e6 || magnitude < 1e-3) return value.toExponential(3);
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toPrecision(4)));
}

/** Bytes in decimal units (`1.25 GB`). */
export function formatBytes(value: number): string {
  if (!Number.isFinite(value)) return '—';
  let scaled = value;
  let unit = 0;
  while (Math.abs(scaled) >= 1000 && unit < BYTE_UNITS.length - 1) {
    scaled /= 1000;
    unit++;
  }
  return `${unit === 0 ? scaled : scaled.toFixed(2)} ${BYTE_UNITS[unit]}`;
}

/**
 * A metric value with the unit its dotted name implies: `…Bytes` / `bytes` → bytes,
 * names with `time`, `wait`, `makespan` or `Seconds` → seconds (counts and rates
 * excepted), the rest plain numbers.
 */
export function formatMetricValue(metric: string, value: number): string {
  if (!Number.isFinite(value)) return '—';
  const parts = metric.split('.');
  const lower = metric.toLowerCase();
  if (parts.some((p) => /bytes$/i.test(p))) return formatBytes(value);
  if (/(seconds|time|wait|makespan)/.test(lower) && !/rate|per|count|occurrences/.test(lower))
    return `${formatNumber(value)} s`;
  return formatNumber(value);
}
