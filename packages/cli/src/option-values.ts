import { UsageError } from './usage-error.js';

/**
 * Checkers for option values: each takes the option's name and raw text and throws a
 * `UsageError` naming the option and what was expected.
 */

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A finite number in (0, max]. */
export function positiveNumber(option: string, text: string, max = Number.MAX_VALUE): number {
  const value = NUMBER.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(Number.isFinite(value) && value > 0 && value <= max)) {
    const range = max === Number.MAX_VALUE ? 'a positive number' : `a number in (0, ${max}]`;
    throw new UsageError(`--${option} must be ${range}, got ${JSON.stringify(text)}`);
  }
  return value;
}

/** An integer in [min, max]. */
export function integerInRange(option: string, text: string, min: number, max: number): number {
  const value = /^[+-]?\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  if (!(Number.isSafeInteger(value) && value >= min && value <= max)) {
    throw new UsageError(`--${option} must be an integer in [${min}, ${max}], got ${JSON.stringify(text)}`);
  }
  return value;
}

/** Largest seed: seeds are 32-bit unsigned integers. */
export const MAX_SEED = 0xffff_ffff;

/** A seed: an integer in [0, 2³² − 1]. */
export function seedValue(option: string, text: string): number {
  return integerInRange(option, text, 0, MAX_SEED);
}

/** A list of seeds: `1,2,3` or a range `1..5` (at most 1000). */
export function seedList(option: string, text: string): number[] {
  const range = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(text);
  if (range !== null) {
    const from = seedValue(option, range[1] ?? '');
    const to = seedValue(option, range[2] ?? '');
    if (to < from || to - from >= 1000) {
      throw new UsageError(
        `--${option} range must go upwards and hold at most 1000 seeds, got ${JSON.stringify(text)}`,
      );
    }
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
  }
  const seeds = nameList(option, text).map((s) => seedValue(option, s));
  if (new Set(seeds).size !== seeds.length) {
    throw new UsageError(`--${option} lists a seed twice: ${JSON.stringify(text)}`);
  }
  return seeds;
}

/** A comma-separated list of non-empty names, without duplicates. */
export function nameList(option: string, text: string): string[] {
  const names = text.split(',').map((s) => s.trim());
  if (names.length === 0 || names.some((n) => n === '')) {
    throw new UsageError(
      `--${option} must be a comma-separated list without empty entries, got ${JSON.stringify(text)}`,
    );
  }
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) throw new UsageError(`--${option} lists ${JSON.stringify(name)} twice`);
    seen.add(name);
  }
  return names;
}

/** The value of a string option, or `undefined`; a boolean (impossible with strict parsing) is refused. */
export function stringOption(
  values: Readonly<Record<string, string | boolean | undefined>>,
  option: string,
): string | undefined {
  const value = values[option];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new UsageError(`--${option} needs a value`);
  return value;
}
