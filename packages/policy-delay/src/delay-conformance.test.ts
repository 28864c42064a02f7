import { createTestUserOrder, describePolicyConformance } from '@rackwise/testkit';
import { type DelayPolicy, delayPolicy } from './delay-policy.js';

const userOrder = createTestUserOrder('user');

describePolicyConformance(delayPolicy, {
  title: 'conformance: delay by skips',
  config: { userOrder, maxSkips: 3, rackMaxSkips: 2 },
  fairness: {
    kind: 'skip-limit',
    limit: 5,
    skipCount: (policy, job) => (policy as DelayPolicy).skipCount(job),
  },
});

describePolicyConformance(delayPolicy, {
  title: 'conformance: delay by wait time (NAS cluster, 5 s)',
  config: { userOrder, by: 'time' },
  simulationRuns: 4,
});
