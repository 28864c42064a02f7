import { createTestUserOrder, describePolicyConformance } from '@rackwise/testkit';
import { defineFcs, fcsVariants } from './fcs-variants.js';
import type { FcsVariantName } from './fcs-variants.js';

// Every variant the paper evaluates, on a stand-in per-user fair order (a policy package
// may not import Fair's). Workloads with up to 4 reduces a job on clusters of 1–3 reduce
// slots a node make jobs compete for reduce slots, so the engine asks the preemption
// extension on every tick and acts on its requests.
for (const name of Object.keys(fcsVariants) as FcsVariantName[]) {
  describePolicyConformance(defineFcs(name, createTestUserOrder('user')), {
    workload: { maxJobs: 6, maxMaps: 6, maxReduces: 4, maxGap: 5 },
    config: { newReduceGrace: 1, migrationDelay: 5 },
    simulationRuns: 6,
  });
}
