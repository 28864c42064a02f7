import { describePolicyConformance } from '@rackwise/testkit';
import { fairPolicy } from './fair-policy.js';

describePolicyConformance(fairPolicy, { fairness: { kind: 'fair-share' } });
