/**
 * Argument checks shared by the estimators: each throws an Error whose message names the
 * function, the argument (and index) and what was expected, before any work is done.
 */

/** `value` must be a finite number ≥ 0. */
export function requireNonNegative(value: number, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`${what} must be a finite number >= 0, got ${String(value)}`);
  }
  return value;
}

/** `value` must be a number ≥ 0; `+Infinity` is allowed (an unbounded capacity). */
export function requireNonNegativeOrInfinite(value: number, what: string): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0) {
    throw new Error(`${what} must be a number >= 0, got ${String(value)}`);
  }
  return value;
}

/** `value` must be an integer ≥ `min`. */
export function requireInteger(value: number, what: string, min = 0): number {
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${what} must be an integer >= ${min}, got ${String(value)}`);
  }
  return value;
}

/** `value` must be in [0, 1]. */
export function requireFraction(value: number, what: string): number {
  if (typeof value !== 'number' || !(value >= 0 && value <= 1)) {
    throw new Error(`${what} must be a number in [0, 1], got ${String(value)}`);
  }
  return value;
}

/**
 * Per-rack values: finite and ≥ 0 (integers when `integer`), and, when `length` is
 * given, exactly that many. Returns a plain array copy.
 */
export function requirePerRack(
  values: ArrayLike<number>,
  what: string,
  options: { readonly integer?: boolean; readonly length?: number } = {},
): number[] {
  if (options.length !== undefined && values.length !== options.length) {
    throw new Error(`${what} must have one entry per rack (${options.length}), got ${values.length}`);
  }
  const out = new Array<number>(values.length);
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i]!;
    if (options.integer === true) requireInteger(v, `${what}[${i}]`);
    else requireNonNegative(v, `${what}[${i}]`);
    out[i] = v;
  }
  return out;
}
