import { createTestUserOrder, describePolicyConformance } from '@rackwise/testkit';
import { evenPolicy } from './even-policy.js';

describePolicyConformance(evenPolicy, {
  title: 'conformance: even',
  config: { userOrder: createTestUserOrder('user') },
});

describePolicyConformance(evenPolicy, {
  title: 'conformance: even, maps by index inside a rack',
  config: { userOrder: createTestUserOrder('user'), preferLocal: false },
  simulationRuns: 4,
});
