import { describePolicyConformance } from '@rackwise/testkit';
import { templatePolicy } from './template-policy.js';

describePolicyConformance(templatePolicy);
