import { BENCHMARK_PROFILES, type BenchmarkName } from '../benchmarks.js';
import type { InputSize, JobClassSpec } from '../job-mix.js';
import type { ReduceRule } from '../reduce-rule.js';
import { constant } from './constant.js';

/** A mix class that runs one benchmark: its profile's constant ratios, its name as signature. */
export function benchmarkClass(
  benchmark: BenchmarkName,
  weight: number,
  input: InputSize,
  reduces: ReduceRule,
  name: string = benchmark,
): JobClassSpec {
  const profile = BENCHMARK_PROFILES[benchmark];
  const spec: JobClassSpec = {
    name,
    weight,
    input,
    shuffle: { ratio: constant(profile.shuffleRatio) },
    output: { ratio: constant(profile.outputRatio) },
    reduces,
    signature: benchmark,
    shuffleClass: profile.shuffleClass,
  };
  return Object.freeze(spec);
}
