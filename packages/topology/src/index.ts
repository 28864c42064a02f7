/** @rackwise/topology: racks, nodes, slots and links, the papers' clusters as presets, and an exact max-min fair flow-rate solver. */
export { nodeId, rackId } from './ids.js';
export type { Topology } from './topology.js';
export { buildTopology } from './topology.js';
export type {
  ContainerSlots,
  ResolvedTopologySpec,
  SlotSpec,
  SplitSlots,
  TopologySpec,
} from './topology-spec.js';
export { DEFAULT_MEMORY_MB_PER_SLOT, resolveTopologySpec } from './topology-spec.js';
export type { TopologyPresetName } from './topology-presets.js';
export { topologyPreset, topologyPresetNames } from './topology-presets.js';
export type {
  BetweenSolves,
  FlowModel,
  FlowNetwork,
  FlowNetworkOptions,
  FlowNetworkStats,
  RecoveryTailParameters,
  SolverKernel,
  StartBurstParameters,
} from './flow-network.js';
export {
  createFlowNetwork,
  DEFAULT_COMPLETION_TOLERANCE,
  effectiveResolveTolerance,
  TIME_TOLERANCE,
} from './flow-network.js';
export type { TwoTierFlowNetworkOptions } from './two-tier-flow-network.js';
export { createTwoTierFlowNetwork } from './two-tier-flow-network.js';
export { maxMinRates } from './max-min-rates.js';
export {
  INCAST_LOSS_DEFAULTS,
  incastEffectiveCapacity,
  incastGoodputFraction,
  lossFreeFlowLimit,
} from './congestion-loss.js';
export type { IncastLossParameters } from './congestion-loss.js';
export {
  CONGESTION_COST_DEFAULTS,
  CONGESTION_TAIL_DEFAULTS,
  congestionCostCapacity,
  congestionCostFraction,
  congestionCostOptions,
  congestionTailOptions,
  timeoutFreeFlows,
} from './congestion-cost.js';
export { burstHeldFlows } from './internal/start-burst-network.js';
export { tailFreeFlows } from './internal/recovery-tail-network.js';
export type { CongestionCostParameters, CongestionTailParameters } from './congestion-cost.js';
export { CONGESTION_LOSSES, congestionLossOptions } from './congestion-loss-choice.js';
export { BETWEEN_SOLVES } from './flow-network.js';
export type { CongestionLoss } from './congestion-loss-choice.js';
