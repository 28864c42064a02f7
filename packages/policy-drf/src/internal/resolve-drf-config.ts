import { mergeConfig, requireFraction, requireName } from '@rackwise/policy-kit';
import { DRF_DEFAULTS, type DrfConfig } from '../drf-config.js';

const positive = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0;

/** Validates a DRF configuration over its defaults; every error names the option. */
export function resolveDrfConfig(config: Partial<DrfConfig> | undefined): DrfConfig {
  const merged = mergeConfig('drf', DRF_DEFAULTS, config);
  if (!['user', 'queue', 'job'].includes(merged.groupBy)) {
    throw new Error(`drf: groupBy must be 'user', 'queue' or 'job', got ${String(merged.groupBy)}`);
  }
  if (typeof merged.weights !== 'object' || merged.weights === null) {
    throw new Error(`drf: weights must be an object of group key → weight, got ${String(merged.weights)}`);
  }
  for (const [key, weight] of Object.entries(merged.weights)) {
    if (!positive(weight))
      throw new Error(
        `drf: weights[${JSON.stringify(key)}] must be a finite number > 0, got ${String(weight)}`,
      );
  }
  if (!positive(merged.defaultWeight)) {
    throw new Error(`drf: defaultWeight must be a finite number > 0, got ${String(merged.defaultWeight)}`);
  }
  const demand = merged.defaultDemand;
  if (!positive(demand?.vcores) || !positive(demand?.memoryMb)) {
    throw new Error(
      `drf: defaultDemand must be { vcores, memoryMb } with finite numbers > 0, got ${JSON.stringify(demand)}`,
    );
  }
  for (const flag of ['countSlots', 'checkFit'] as const) {
    if (typeof merged[flag] !== 'boolean')
      throw new Error(`drf: ${flag} must be true or false, got ${String(merged[flag])}`);
  }
  return {
    ...merged,
    name: requireName('drf', merged.name),
    reduceRampupLimit: requireFraction('drf', 'reduceRampupLimit', merged.reduceRampupLimit),
  };
}
