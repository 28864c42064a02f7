/**
 * Option checks shared by every reader and generator. Each throws an Error that names
 * the function, the option and what was expected, before anything is done.
 */

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === undefined || value === null) {
    return String(value);
  }
  return typeof value;
}

/** A checker: returns the value if `accepts` it, else throws `where: option must be expected, got …`. */
function checker<T>(accepts: (value: unknown) => value is T, expected: string) {
  return (value: unknown, where: string, option: string): T => {
    if (!accepts(value)) throw new Error(`${where}: ${option} must be ${expected}, got ${describe(value)}`);
    return value;
  };
}

const isNumber = (value: unknown): value is number => typeof value === 'number';

/** A finite number > 0. */
export const requirePositive = checker(
  (v): v is number => isNumber(v) && Number.isFinite(v) && v > 0,
  'a finite number > 0',
);

/** A finite number ≥ 0. */
export const requireNonNegative = checker(
  (v): v is number => isNumber(v) && Number.isFinite(v) && v >= 0,
  'a finite number >= 0',
);

/** A safe integer ≥ 1. */
export const requirePositiveInteger = checker(
  (v): v is number => Number.isSafeInteger(v) && (v as number) >= 1,
  'an integer >= 1',
);

/** A safe integer ≥ 0. */
export const requireNonNegativeInteger = checker(
  (v): v is number => Number.isSafeInteger(v) && (v as number) >= 0,
  'an integer >= 0',
);

/** Any safe integer (seeds). */
export const requireInteger = checker((v): v is number => Number.isSafeInteger(v), 'a safe integer');

/** A non-empty string. */
export const requireName = checker(
  (v): v is string => typeof v === 'string' && v.length > 0,
  'a non-empty string',
);

/** A boolean. */
export const requireBoolean = checker((v): v is boolean => typeof v === 'boolean', 'true or false');

/** One of a fixed set of strings. */
export function requireOneOf<T extends string>(
  value: unknown,
  allowed: readonly T[],
  where: string,
  option: string,
): T {
  const accepts = (v: unknown): v is T => typeof v === 'string' && (allowed as readonly string[]).includes(v);
  return checker(accepts, `one of ${allowed.map((a) => `"${a}"`).join(', ')}`)(value, where, option);
}
