/**
 * @rackwise/testkit: an in-memory cluster for policy unit tests, fast-check arbitraries,
 * and the conformance suite every rackwise policy runs.
 */
export { jobId, nodeId, rackId, userId } from './ids.js';
export type {
  TestContainerSlots,
  TestSplitSlots,
  TestTopologySpec,
} from './test-topology.js';
export { DEFAULT_TEST_NIC_CAPACITY, DEFAULT_TEST_TOPOLOGY, createTestTopology } from './test-topology.js';
export type {
  TestCluster,
  TestClusterSpec,
  TestJobSpec,
  TestLaunchOptions,
  TestMapSpec,
} from './test-cluster.js';
export { TEST_BLOCK_BYTES, TEST_TASK_DEMAND, createTestCluster, describeRef } from './test-cluster.js';
export { createSimplePredictor } from './simple-predictor.js';
export { createTestUserOrder } from './test-user-order.js';
export { createFirstPendingPolicy } from './first-pending-policy.js';
export type {
  ArbitraryTopologySpec,
  JobArbitraryOptions,
  TestClusterArbitraryOptions,
  TopologyArbitraryOptions,
  WorkloadArbitraryOptions,
} from './arbitraries.js';
export { arbOffer, arbTestCluster, arbTopologySpec, arbWorkload } from './arbitraries.js';
export type {
  ModelHostEvent,
  ModelHostEventOptions,
  ModelHostJob,
  ModelViewMode,
} from './versioned-model-host.js';
export {
  VersionedModelHost,
  modelHostArrivalArb,
  modelHostBusyEventsArb,
  modelHostEventArb,
} from './versioned-model-host.js';
export type {
  ConformanceOptions,
  ConformanceSubject,
  DominantShareProperty,
  FairShareProperty,
  FairnessProperty,
  QueueCapacityProperty,
  SkipLimitProperty,
} from './conformance/conformance-options.js';
export { describePolicyConformance } from './conformance/describe-policy-conformance.js';
export { CONFORMANCE_MAX_TIME } from './conformance/simulation-checks.js';
