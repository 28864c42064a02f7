/** Short printable form of a bad value for error messages. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === undefined || value === null) {
    return String(value);
  }
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}

export function requireInteger(field: string, value: unknown, min: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min) {
    throw new Error(`${field} must be an integer ≥ ${min}, got ${describeValue(value)}`);
  }
  return value;
}

export function requireNonNegative(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`${field} must be a finite number ≥ 0, got ${describeValue(value)}`);
  }
  return value;
}

export function requirePositive(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new Error(`${field} must be a finite number > 0, got ${describeValue(value)}`);
  }
  return value;
}

export function requireFraction(field: string, value: unknown): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new Error(`${field} must be a number in [0, 1], got ${describeValue(value)}`);
  }
  return value;
}
