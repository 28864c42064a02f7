import {
  CONGESTION_COST_DEFAULTS,
  CONGESTION_TAIL_DEFAULTS,
  type CongestionCostParameters,
  type CongestionTailParameters,
  congestionCostOptions,
  congestionTailOptions,
} from './congestion-cost.js';
import {
  INCAST_LOSS_DEFAULTS,
  type IncastLossParameters,
  incastEffectiveCapacity,
} from './congestion-loss.js';
import type { RecoveryTailParameters } from './internal/recovery-tail-network.js';
import type { StartBurstParameters } from './internal/start-burst-network.js';

/**
 * What congestion costs a link in the flow network: `none` (work-conserving fluid),
 * `incast` (the incast round model), `congestion-cost` (RTO stalls past what the
 * port's buffer holds, fitted to the Linux kernel's TCP) or `congestion-tail` (the same
 * term with its own fit, and flows ending on a congested port waiting for recovery).
 */
export type CongestionLoss = 'none' | 'incast' | 'congestion-cost' | 'congestion-tail';

/** Every {@link CongestionLoss}. */
export const CONGESTION_LOSSES: readonly CongestionLoss[] = [
  'none',
  'incast',
  'congestion-cost',
  'congestion-tail',
];

/**
 * The flow network options a congestion-loss choice adds: none for `none`, so the
 * fluid network is built exactly as without the option.
 */
export function congestionLossOptions(
  loss: CongestionLoss,
  incast: Partial<IncastLossParameters> = {},
  cost: Partial<CongestionCostParameters> | Partial<CongestionTailParameters> = {},
): {
  effectiveCapacity?: (link: number, capacity: number, flows: number) => number;
  startBurst?: StartBurstParameters;
  recoveryTail?: RecoveryTailParameters;
} {
  if (loss === 'incast')
    return { effectiveCapacity: incastEffectiveCapacity({ ...INCAST_LOSS_DEFAULTS, ...incast }) };
  if (loss === 'congestion-cost') {
    return congestionCostOptions({ ...CONGESTION_COST_DEFAULTS, ...cost });
  }
  if (loss === 'congestion-tail') return congestionTailOptions({ ...CONGESTION_TAIL_DEFAULTS, ...cost });
  return {};
}
