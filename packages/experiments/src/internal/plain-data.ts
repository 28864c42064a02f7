/**
 * A JSON-safe copy of a configuration value for reports: non-finite numbers become the
 * strings `Infinity` / `-Infinity` / `NaN`, a user order (an object with an `order`
 * function) its name, functions and `undefined` are left out.
 */
export function toPlainData(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map(toPlainData);
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.order === 'function' && typeof record.name === 'string')
      return `user order ${record.name}`;
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(record)) {
      if (field === undefined || typeof field === 'function') continue;
      out[key] = toPlainData(field);
    }
    return out;
  }
  return undefined;
}
