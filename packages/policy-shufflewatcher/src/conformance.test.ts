import { createTestUserOrder, describePolicyConformance } from '@rackwise/testkit';
import { SW_RELAXED_LOCALITY } from './shufflewatcher-config.js';
import { defineShuffleWatcher, shuffleWatcherVariants } from './shufflewatcher-variants.js';

// Every variant the paper evaluates, on a stand-in per-user fair order (a policy package
// may not import Fair's or DRF's): the suite checks valid decisions with reason codes,
// that every job of random workloads completes through the engine, and determinism.
for (const variant of Object.values(shuffleWatcherVariants)) {
  describePolicyConformance(defineShuffleWatcher(variant.name, createTestUserOrder('user')), {
    simulationRuns: 4,
  });
}

// SW-relaxed counting offers rather than seconds: the skip counter stays within its wait.
describePolicyConformance(defineShuffleWatcher('sw-delay', createTestUserOrder('user')), {
  title: 'conformance: sw-delay by skips',
  config: {
    relaxedLocality: { ...SW_RELAXED_LOCALITY, by: 'skips', nodeLocalityWait: 3, rackLocalityWait: 3 },
  },
  simulationRuns: 4,
});
