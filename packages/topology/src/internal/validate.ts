/** Refuses anything but a positive integer, naming the field. */
export function requirePositiveInteger(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new Error(`${field} must be a positive integer, got ${describe(value)}`);
  }
  return value;
}

/** Refuses anything but a positive finite number, naming the field and its unit. */
export function requirePositiveFinite(field: string, value: unknown, unit: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new Error(`${field} must be a positive finite number of ${unit}, got ${describe(value)}`);
  }
  return value;
}

/** Refuses anything but a non-negative finite number, naming the field and its unit. */
export function requireNonNegativeFinite(field: string, value: unknown, unit: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`${field} must be a non-negative finite number of ${unit}, got ${describe(value)}`);
  }
  return value;
}

/** A short rendering of a bad value for an error message. */
export function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
  return String(value);
}
