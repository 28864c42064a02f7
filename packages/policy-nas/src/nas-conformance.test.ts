import { createTestUserOrder, describePolicyConformance } from '@rackwise/testkit';
import { createNasDefinition, nasVariants } from './nas-variants.js';

// Every variant the paper evaluates, on the testkit's per-user fair stand-in (a policy
// package may not import Fair's order): valid decisions with reason codes, every job of
// random workloads completes through the engine, same seed same decisions.
const userOrder = createTestUserOrder('user');
for (const name of Object.keys(nasVariants) as (keyof typeof nasVariants)[]) {
  describePolicyConformance(createNasDefinition(name, userOrder), { simulationRuns: 4 });
}

// Short skip counts, so the maximum-skip branches run inside small simulations.
describePolicyConformance(createNasDefinition('nas', userOrder), {
  title: 'conformance: nas with D^m = D^r = 3',
  config: { maxMapSkips: 3, maxReduceSkips: 3 },
  simulationRuns: 4,
});

// The real cluster's 5 s maximum wait instead of skip counts (NAS §IV-A).
describePolicyConformance(createNasDefinition('nas', userOrder, { name: 'nas-wait', maxWait: 5 }), {
  simulationRuns: 4,
});
