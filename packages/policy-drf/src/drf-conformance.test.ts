import { describePolicyConformance } from '@rackwise/testkit';
import { drfPolicy } from './drf-policy.js';

describePolicyConformance(drfPolicy, { fairness: { kind: 'dominant-share' } });
