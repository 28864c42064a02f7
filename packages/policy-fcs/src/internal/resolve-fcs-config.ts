import { mergeConfig, requireFraction, requireName } from '@rackwise/policy-kit';
import { FCS_DEFAULTS, type FcsConfig } from '../fcs-config.js';

const POLICY = 'fcs';

function requireAtLeast(option: string, value: unknown, minimum: number, infinite = false): number {
  const ok = typeof value === 'number' && value >= minimum && (infinite || Number.isFinite(value));
  if (!ok) {
    throw new Error(
      `${POLICY}: ${option} must be a number >= ${minimum}${infinite ? ' (Infinity allowed)' : ''}, got ${String(value)}`,
    );
  }
  return value as number;
}

/**
 * Lays a partial configuration over {@link FCS_DEFAULTS} and checks every field.
 * @throws Error naming the option: unknown options, a missing `userOrder`, out-of-range numbers.
 */
export function resolveFcsConfig(config: Partial<FcsConfig> | undefined): FcsConfig {
  const merged = mergeConfig(POLICY, FCS_DEFAULTS, config, ['userOrder']) as Partial<FcsConfig>;
  const order = merged.userOrder;
  if (order === undefined || typeof order !== 'object' || typeof order.order !== 'function') {
    throw new Error(`${POLICY}: userOrder is required (the fairness order maps run under, e.g. Fair's)`);
  }
  requireName(POLICY, merged.name);
  if (merged.preemptionMode !== 'work-conserving' && merged.preemptionMode !== 'kill') {
    throw new Error(
      `${POLICY}: preemptionMode must be 'work-conserving' or 'kill', got ${String(merged.preemptionMode)}`,
    );
  }
  requireAtLeast('slacknessBound', merged.slacknessBound, 0, true);
  requireFraction(POLICY, 'maxPreemptableProgress', merged.maxPreemptableProgress);
  requireAtLeast('newReduceGrace', merged.newReduceGrace, 0);
  requireAtLeast('migrationDelay', merged.migrationDelay, 0, true);
  if (typeof merged.migration !== 'boolean') {
    throw new Error(`${POLICY}: migration must be a boolean, got ${String(merged.migration)}`);
  }
  requireFraction(POLICY, 'shuffleProgressWeight', merged.shuffleProgressWeight);
  if (merged.demand !== 'waiting' && merged.demand !== 'launchable') {
    throw new Error(`${POLICY}: demand must be 'waiting' or 'launchable', got ${String(merged.demand)}`);
  }
  const tick = merged.tickInterval;
  if (typeof tick !== 'number' || !(tick > 0) || !Number.isFinite(tick)) {
    throw new Error(`${POLICY}: tickInterval must be a positive number of seconds, got ${String(tick)}`);
  }
  return merged as FcsConfig;
}
