import { mergeConfig, requireFraction, requireName } from '@rackwise/policy-kit';
import type { UserOrder } from '@rackwise/types';
import { SHADOW_DEFAULTS, type ShadowConfig } from '../shadow-config.js';

/** A validated Shadow configuration: the user order is there. */
export interface ResolvedShadowConfig extends ShadowConfig {
  readonly userOrder: UserOrder;
}

function requireSeconds(option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`shadow: ${option} must be a finite number of seconds ≥ 0, got ${String(value)}`);
  }
  return value;
}

/** Validates a Shadow configuration over its defaults; every error names the option. */
export function resolveShadowConfig(config: Partial<ShadowConfig> | undefined): ResolvedShadowConfig {
  const merged = mergeConfig('shadow', SHADOW_DEFAULTS, config, ['userOrder']);
  const order = merged.userOrder;
  if (typeof order !== 'object' || order === null || typeof order.order !== 'function') {
    throw new Error(
      `shadow: userOrder is required — a UserOrder to place maps on, such as createFairUserOrder() from @rackwise/policy-fair; got ${String(order)}`,
    );
  }
  const cap = merged.maxDuplicates;
  if (typeof cap !== 'number' || !(cap === Number.POSITIVE_INFINITY || (Number.isInteger(cap) && cap >= 0))) {
    throw new Error(`shadow: maxDuplicates must be an integer ≥ 0 or Infinity, got ${String(cap)}`);
  }
  if (merged.bandwidth !== 'capacity' && merged.bandwidth !== 'monitored') {
    throw new Error(`shadow: bandwidth must be 'capacity' or 'monitored', got ${String(merged.bandwidth)}`);
  }
  if (typeof merged.duplicate !== 'boolean') {
    throw new Error(`shadow: duplicate must be a boolean, got ${String(merged.duplicate)}`);
  }
  return {
    name: requireName('shadow', merged.name),
    userOrder: order,
    nodeLocalityWait: requireSeconds('nodeLocalityWait', merged.nodeLocalityWait),
    rackLocalityWait: requireSeconds('rackLocalityWait', merged.rackLocalityWait),
    maxDuplicates: cap,
    maxDuplicateRatio: requireFraction('shadow', 'maxDuplicateRatio', merged.maxDuplicateRatio),
    duplicate: merged.duplicate,
    bandwidth: merged.bandwidth,
    reduceRackWait: requireSeconds('reduceRackWait', merged.reduceRackWait),
    reduceRampupLimit: requireFraction('shadow', 'reduceRampupLimit', merged.reduceRampupLimit),
  };
}
