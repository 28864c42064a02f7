import { mergeConfig, requireFraction, requireName } from '@rackwise/policy-kit';
import type { UserOrder } from '@rackwise/types';
import { EVEN_DEFAULTS, type EvenConfig } from '../even-config.js';

/** An Even configuration with every option checked and the user order present. */
export type ResolvedEvenConfig = EvenConfig & { userOrder: UserOrder };

/**
 * The configuration over {@link EVEN_DEFAULTS}, checked.
 * @throws Error naming the option when one is missing, unknown or out of range.
 */
export function resolveEvenConfig(config: Partial<EvenConfig> | undefined): ResolvedEvenConfig {
  const merged = mergeConfig('even', EVEN_DEFAULTS, config, ['userOrder']);
  const order = merged.userOrder;
  if (typeof order !== 'object' || order === null || typeof order.order !== 'function') {
    throw new Error(
      `even: userOrder is required — a UserOrder such as createFairUserOrder(); got ${String(order)}`,
    );
  }
  if (typeof merged.preferLocal !== 'boolean') {
    throw new Error(`even: preferLocal must be a boolean, got ${String(merged.preferLocal)}`);
  }
  const overflowWait = merged.overflowWait;
  if (typeof overflowWait !== 'number' || Number.isNaN(overflowWait) || overflowWait < 0) {
    throw new Error(`even: overflowWait must be a number of seconds ≥ 0, got ${String(overflowWait)}`);
  }
  const wait = merged.reduceRackWait;
  if (typeof wait !== 'number' || !Number.isFinite(wait) || wait < 0) {
    throw new Error(`even: reduceRackWait must be a finite number of seconds ≥ 0, got ${String(wait)}`);
  }
  return {
    name: requireName('even', merged.name),
    userOrder: order,
    preferLocal: merged.preferLocal,
    reduceRackWait: wait,
    overflowWait,
    reduceRampupLimit: requireFraction('even', 'reduceRampupLimit', merged.reduceRampupLimit),
  };
}
