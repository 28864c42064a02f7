import { createTestUserOrder, describePolicyConformance } from '@rackwise/testkit';
import { shadowPolicy } from './shadow-policy.js';

describePolicyConformance(shadowPolicy, {
  title: 'conformance: shadow',
  config: { userOrder: createTestUserOrder('user') },
});

describePolicyConformance(shadowPolicy, {
  title: 'conformance: shadow with a threshold of one duplicate and monitored bandwidth',
  config: { userOrder: createTestUserOrder('user'), maxDuplicates: 1, bandwidth: 'monitored' },
  simulationRuns: 4,
});
