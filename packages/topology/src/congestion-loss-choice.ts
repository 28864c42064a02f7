import {
  CONGESTION_COST_DEFAULTS,
  type CongestionCostParameters,
  congestionCostOptions,
} from './congestion-cost.js';
import {
  INCAST_LOSS_DEFAULTS,
  type IncastLossParameters,
  incastEffectiveCapacity,
} from './congestion-loss.js';
import type { StartBurstParameters } from './internal/start-burst-network.js';

/**
 * What congestion costs a link in the flow network: `none` (work-conserving fluid),
 * `incast` (the incast round model) or `congestion-cost` (RTO stalls past what the
 * port's buffer holds, fitted to the Linux kernel's TCP).
 */
export type CongestionLoss = 'none' | 'incast' | 'congestion-cost';

/** Every {@link CongestionLoss}. */
export const CONGESTION_LOSSES: readonly CongestionLoss[] = ['none', 'incast', 'congestion-cost'];

/**
 * The flow network options a congestion-loss choice adds: none for `none`, so the
 * fluid network is built exactly as without the option.
 */
export function congestionLossOptions(
  loss: CongestionLoss,
  incast: Partial<IncastLossParameters> = {},
  cost: Partial<CongestionCostParameters> = {},
): {
  effectiveCapacity?: (link: number, capacity: number, flows: number) => number;
  startBurst?: StartBurstParameters;
} {
  if (loss === 'incast')
    return { effectiveCapacity: incastEffectiveCapacity({ ...INCAST_LOSS_DEFAULTS, ...incast }) };
  if (loss === 'congestion-cost') {
    return congestionCostOptions({ ...CONGESTION_COST_DEFAULTS, ...cost });
  }
  return {};
}
