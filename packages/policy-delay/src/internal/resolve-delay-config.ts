import { mergeConfig, requireFraction, requireName } from '@rackwise/policy-kit';
import type { UserOrder } from '@rackwise/types';
import { DELAY_DEFAULTS, type DelayConfig } from '../delay-config.js';

/** A validated Delay configuration: the user order is there. */
export interface ResolvedDelayConfig extends DelayConfig {
  readonly userOrder: UserOrder;
}

function requireCount(option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new Error(`delay: ${option} must be an integer ≥ 0, got ${String(value)}`);
  }
  return value;
}

function requireSeconds(option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`delay: ${option} must be a finite number of seconds ≥ 0, got ${String(value)}`);
  }
  return value;
}

/** Validates a Delay configuration over its defaults; every error names the option. */
export function resolveDelayConfig(config: Partial<DelayConfig> | undefined): ResolvedDelayConfig {
  const merged = mergeConfig('delay', DELAY_DEFAULTS, config, ['userOrder']);
  const order = merged.userOrder;
  if (typeof order !== 'object' || order === null || typeof order.order !== 'function') {
    throw new Error(
      `delay: userOrder is required — a UserOrder to refine, such as createFairUserOrder() from @rackwise/policy-fair; got ${String(order)}`,
    );
  }
  if (merged.by !== 'skips' && merged.by !== 'time') {
    throw new Error(`delay: by must be 'skips' or 'time', got ${String(merged.by)}`);
  }
  if (merged.relaxedLevel !== 'kept' && merged.relaxedLevel !== 'reset') {
    throw new Error(`delay: relaxedLevel must be 'kept' or 'reset', got ${String(merged.relaxedLevel)}`);
  }
  return {
    relaxedLevel: merged.relaxedLevel,
    name: requireName('delay', merged.name),
    userOrder: order,
    by: merged.by,
    maxSkips: requireCount('maxSkips', merged.maxSkips),
    rackMaxSkips: requireCount('rackMaxSkips', merged.rackMaxSkips),
    nodeLocalityWait: requireSeconds('nodeLocalityWait', merged.nodeLocalityWait),
    rackLocalityWait: requireSeconds('rackLocalityWait', merged.rackLocalityWait),
    reduceRampupLimit: requireFraction('delay', 'reduceRampupLimit', merged.reduceRampupLimit),
  };
}
