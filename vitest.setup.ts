import fc from 'fast-check';

// Property-test run counts are set once here: more in CI than on a laptop.
// A failing property prints its seed; replay it with FC_SEED=<seed>.
const numRuns = Number(process.env.FC_NUM_RUNS ?? (process.env.CI ? 100 : 60));
const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED);
fc.configureGlobal(seed === undefined ? { numRuns } : { numRuns, seed });
