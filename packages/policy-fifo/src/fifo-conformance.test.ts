import { describePolicyConformance } from '@rackwise/testkit';
import { fifoPolicy } from './fifo-policy.js';

describePolicyConformance(fifoPolicy);
