/** Returns `value` if it is a finite number ≥ 0, else throws an Error naming `what`. */
export function requireRatio(value: number, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`${what} must be a finite number >= 0, got ${String(value)}`);
  }
  return value;
}
