import { templatePolicy } from '@rackwise/policy-template';
import { describePolicyConformance } from '@rackwise/testkit';

describePolicyConformance(templatePolicy);
