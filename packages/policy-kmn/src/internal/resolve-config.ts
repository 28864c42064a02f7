import { mergeConfig, requireFraction, requireName } from '@rackwise/policy-kit';
import type { UserOrder } from '@rackwise/types';
import { KMN_DEFAULTS, type KmnConfig } from '../kmn-config.js';

/** A validated KMN configuration: the user order is there. */
export interface ResolvedKmnConfig extends KmnConfig {
  readonly userOrder: UserOrder;
}

function requireSeconds(option: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw new Error(`kmn: ${option} must be a finite number of seconds ≥ 0, got ${String(value)}`);
  }
  return value;
}

/** Validates a KMN configuration over its defaults; every error names the option. */
export function resolveKmnConfig(config: Partial<KmnConfig> | undefined): ResolvedKmnConfig {
  const merged = mergeConfig('kmn', KMN_DEFAULTS, config, ['userOrder']);
  const order = merged.userOrder;
  if (typeof order !== 'object' || order === null || typeof order.order !== 'function') {
    throw new Error(
      `kmn: userOrder is required — a UserOrder to place maps on, such as createFairUserOrder() from @rackwise/policy-fair; got ${String(order)}`,
    );
  }
  return {
    name: requireName('kmn', merged.name),
    userOrder: order,
    nodeLocalityWait: requireSeconds('nodeLocalityWait', merged.nodeLocalityWait),
    rackLocalityWait: requireSeconds('rackLocalityWait', merged.rackLocalityWait),
    extraRatio: requireFraction('kmn', 'extraRatio', merged.extraRatio),
    reduceRackWait: requireSeconds('reduceRackWait', merged.reduceRackWait),
    reduceRampupLimit: requireFraction('kmn', 'reduceRampupLimit', merged.reduceRampupLimit),
  };
}
