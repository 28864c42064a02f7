import type { SequentialRule } from '@rackwise/reproduce';
import { integerInRange } from '../option-values.js';
import { UsageError } from '../usage-error.js';

/** Most seeds `--seeds adaptive:min..max` lets a cell take. */
const MAX_ADAPTIVE = 1000;

/**
 * `--seeds adaptive` or `adaptive:min..max` as the rule a grid adds seeds by (`defaults`
 * for what it leaves out: 3..10, 5 % per claim); undefined for a plain seed list.
 */
export function adaptiveSeedsOption(text: string, defaults: SequentialRule): SequentialRule | undefined {
  const match = /^\s*adaptive(?::(.*))?$/.exec(text);
  if (match === null) return undefined;
  if (match[1] === undefined) return defaults;
  const range = /^\s*(\d+)\s*\.\.\s*(\d+)\s*$/.exec(match[1]);
  if (range === null)
    throw new UsageError(
      `--seeds adaptive takes a range of seed counts, adaptive:3..10; got ${JSON.stringify(text)}`,
    );
  const min = integerInRange('seeds adaptive:min', range[1] ?? '', 2, MAX_ADAPTIVE);
  const max = integerInRange('seeds adaptive:max', range[2] ?? '', min, MAX_ADAPTIVE);
  return { ...defaults, min, max };
}
