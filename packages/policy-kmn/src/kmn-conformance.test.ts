import { createTestUserOrder, describePolicyConformance } from '@rackwise/testkit';
import { kmnPolicy } from './kmn-policy.js';

describePolicyConformance(kmnPolicy, {
  title: 'conformance: kmn',
  config: { userOrder: createTestUserOrder('user'), extraRatio: 0.5 },
});
