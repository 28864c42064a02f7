import fc from 'fast-check';
import { vi } from 'vitest';

// Property-test run counts and seeds are set once here. A failing property prints its
// seed; replay it with FC_SEED=<seed>.
//
// Under CI every property runs from one fixed seed, so what lands is what was run
// before it landed (CI=true gives the same cases here as there). Elsewhere each run
// draws fresh seeds and keeps exploring; `pnpm test:explore` runs every property many
// more times from fresh seeds, to look for what the fixed ones miss.
const CI_SEED = 20261127;
const ci = process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false';
const numRuns = Number(process.env.FC_NUM_RUNS ?? (ci ? 100 : 60));
const seed =
  process.env.FC_SEED !== undefined
    ? Number(process.env.FC_SEED)
    : ci && !process.env.FC_EXPLORE
      ? CI_SEED
      : undefined;
// Under CI a failing property reports at once, unshrunk: a shrink replays the property
// hundreds of times, which on an expensive one takes longer than the whole run may.
// Its seed and path replay it here, where it shrinks.
const endOnFailure = ci && !process.env.FC_EXPLORE;
fc.configureGlobal(seed === undefined ? { numRuns, endOnFailure } : { numRuns, seed, endOnFailure });

// Under FC_EXPLORE a property's own run count is raised to the explored one: a count set
// beside a property (lowered for an expensive one) would otherwise keep it as few as ever.
if (process.env.FC_EXPLORE) {
  vi.doMock('@fast-check/vitest', async (importOriginal) => {
    const original = await importOriginal<typeof import('@fast-check/vitest')>();
    type Params = { numRuns?: number } | undefined;
    const raise = (params: Params) => ({ ...params, numRuns: Math.max(params?.numRuns ?? 0, numRuns) });
    const prop = original.test.prop;
    const test = Object.assign(
      (...args: Parameters<typeof original.test>) => original.test(...args),
      original.test,
      {
        prop: ((arbitraries: never, params: Params) =>
          prop(arbitraries, raise(params) as never)) as typeof prop,
      },
    );
    return { ...original, test, it: test };
  });
}
