import { describePolicyConformance } from '@rackwise/testkit';
import { capacityPolicy } from './capacity-policy.js';

const queues = [
  { name: 'default', capacity: 0.5 },
  { name: 'b', capacity: 0.3, maximumCapacity: 0.6 },
  { name: 'c', capacity: 0.2 },
];

describePolicyConformance(capacityPolicy, {
  config: { queues },
  workload: { queues: queues.map((q) => q.name) },
  fairness: { kind: 'queue-capacity', queues },
});
