/**
 * @rackwise/flow-replay — network flows without a scheduler: the flow-trace file a run
 * writes and reads back, its replay under any network setting of `@rackwise/topology`'s
 * max-min flow network, and coflow-benchmark shuffles replayed at their fabric
 * (docs/network-validation.md).
 */
export {
  flowTraceFabric,
  flowTraceHeader,
  flowTraceLine,
  formatFlowTimes,
  formatFlowTrace,
  parseFlowTimes,
  parseFlowTrace,
} from './flow-trace.js';
export type {
  FlowKind,
  FlowStatus,
  FlowTime,
  FlowTrace,
  FlowTraceFabric,
  FlowTraceRecord,
} from './flow-trace.js';
export { fabricTopology, replayFlowTrace } from './flow-trace-replay.js';
export type { FlowReplayResult, FlowReplaySettings } from './flow-trace-replay.js';
export { COFLOW_FABRIC_LINK_BITS, coflowFabric, replayCoflows } from './coflow-replay.js';
export type {
  CoflowInput,
  CoflowRecord,
  CoflowReducerInput,
  CoflowReplayOptions,
  CoflowReplayResult,
} from './coflow-replay.js';
