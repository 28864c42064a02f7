/** Input checks shared by the NAS estimators; each message names the field. */

/** A finite number ≥ 0. */
export function requireMeasure(value: number, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`${what} must be a finite number >= 0, got ${String(value)}`);
  }
  return value;
}

/** A finite number > 0. */
export function requirePositive(value: number, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new Error(`${what} must be a finite number > 0, got ${String(value)}`);
  }
  return value;
}

/** An integer ≥ 0. */
export function requireCount(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`${what} must be an integer >= 0, got ${String(value)}`);
  }
  return value;
}

/** A probability in [0, 1]. */
export function requireProbability(value: number, what: string): number {
  if (typeof value !== 'number' || Number.isNaN(value) || value < 0 || value > 1) {
    throw new Error(`${what} must be a probability in [0, 1], got ${String(value)}`);
  }
  return value;
}
