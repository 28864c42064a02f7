/**
 * @rackwise/types — the type-only vocabulary and policy contract of rackwise.
 * No runtime code: everything here is erased at compile time.
 */
export type {
  Brand,
  BitsPerSecond,
  Bytes,
  Fraction,
  JobId,
  NodeId,
  RackId,
  Seconds,
  UserId,
} from './units.js';
export type { ResourceVector, SlotKind, SlotModel, TaskKind, TopologyView } from './topology-view.js';
export type {
  JobView,
  Locality,
  MapTaskView,
  ReduceTaskView,
  TaskRef,
  TaskState,
} from './job-view.js';
export type { LinkDirection, NetworkView } from './network-view.js';
export type { InputClass, ShuffleClass, ShufflePredictor } from './predictor.js';
export type { ClusterView, UserView } from './cluster-view.js';
export type { ServiceGroup, UserOrder } from './user-order.js';
export type {
  Decision,
  DecisionEvidence,
  DuplicationExtensionV1,
  EvidenceDetail,
  EvidenceValue,
  LaunchDecision,
  PassDecision,
  PolicyContext,
  PolicyDefinition,
  PolicyFactory,
  PreemptionExtensionV1,
  PreemptionRequest,
  RandomSource,
  SchedulerPolicy,
  SchedulerPolicyV1,
  SlotOffer,
  TaskEvent,
} from './policy.js';
export type { BlockPlacement, JobSpec, RecordedTaskFigures, SlotAvailability, Workload } from './workload.js';
