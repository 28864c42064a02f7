import { mergeConfig, requireFraction, requireName } from '@rackwise/policy-kit';
import type { FairConfig } from '../fair-config.js';
import { FAIR_DEFAULTS } from '../fair-config.js';

function requireTable(option: string, table: unknown, min: number): Readonly<Record<string, number>> {
  if (typeof table !== 'object' || table === null || Array.isArray(table)) {
    throw new Error(`fair: ${option} must be an object of group key → number, got ${String(table)}`);
  }
  for (const [key, value] of Object.entries(table)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value < min || (min > 0 && value === 0)) {
      throw new Error(
        `fair: ${option}[${JSON.stringify(key)}] must be a finite number ${min > 0 ? '> 0' : '≥ 0'}, got ${String(value)}`,
      );
    }
  }
  return table as Readonly<Record<string, number>>;
}

/** Validates a Fair configuration over its defaults; every error names the option. */
export function resolveFairConfig(config: Partial<FairConfig>): FairConfig {
  const merged = mergeConfig('fair', FAIR_DEFAULTS, config);
  if (!['user', 'queue', 'job'].includes(merged.groupBy)) {
    throw new Error(`fair: groupBy must be 'user', 'queue' or 'job', got ${String(merged.groupBy)}`);
  }
  if (!['fifo', 'fair'].includes(merged.jobOrder)) {
    throw new Error(`fair: jobOrder must be 'fifo' or 'fair', got ${String(merged.jobOrder)}`);
  }
  if (
    !(
      typeof merged.defaultWeight === 'number' &&
      Number.isFinite(merged.defaultWeight) &&
      merged.defaultWeight > 0
    )
  ) {
    throw new Error(`fair: defaultWeight must be a finite number > 0, got ${String(merged.defaultWeight)}`);
  }
  return {
    name: requireName('fair', merged.name),
    groupBy: merged.groupBy,
    jobOrder: merged.jobOrder,
    weights: requireTable('weights', merged.weights, Number.MIN_VALUE),
    defaultWeight: merged.defaultWeight,
    minShares: requireTable('minShares', merged.minShares, 0),
    reduceRampupLimit: requireFraction('fair', 'reduceRampupLimit', merged.reduceRampupLimit),
  };
}
