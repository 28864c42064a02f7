import {
  type ExperimentResult,
  type PolicyResult,
  SWEEP_FORMAT,
  type SweepResult,
} from '@rackwise/experiments';

/** A saved result and the short name it goes by in a side-by-side report (its file name). */
export interface LabelledResult<R> {
  readonly label: string;
  readonly result: R;
}

/**
 * Puts several experiment results side by side as one: every policy of every result,
 * named `<policy>` when that name is unique across them, else `<policy> (<label>)`; the
 * metrics are the union (a metric one result lacks is undefined there). The baseline is
 * the first result's. Ratios pair runs by seed, so results run on the same seeds compare
 * best; `configuration.sources` lists where each came from.
 * @throws Error when given no result.
 */
export function combineResults(results: readonly LabelledResult<ExperimentResult>[]): ExperimentResult {
  const first = results[0];
  if (first === undefined) throw new Error('combineResults needs at least one result');
  if (results.length === 1) return first.result;
  const counts = new Map<string, number>();
  for (const { result } of results)
    for (const p of result.policies) counts.set(p.policy, (counts.get(p.policy) ?? 0) + 1);
  const rename = (policy: string, label: string): string =>
    (counts.get(policy) ?? 0) > 1 ? `${policy} (${label})` : policy;
  const policies: PolicyResult[] = results.flatMap(({ label, result }) =>
    result.policies.map((p) => ({ ...p, policy: rename(p.policy, label) })),
  );
  const metricNames = [...new Set(results.flatMap(({ result }) => result.metricNames))].sort();
  const seeds = [...new Set(results.flatMap(({ result }) => result.seeds))].sort((a, b) => a - b);
  const presets = [...new Set(results.map(({ result }) => result.preset))];
  return {
    ...first.result,
    preset: presets.join(' + '),
    description: results.map(({ label, result }) => `${label}: ${result.description}`).join(' · '),
    configuration: {
      sources: results.map(({ label, result }) => ({ label, configuration: result.configuration })),
    },
    seeds,
    baseline: rename(first.result.baseline, first.label),
    headline: [...new Set(results.flatMap(({ result }) => result.headline))],
    metricNames,
    policies,
    timing: {
      startedAt: first.result.timing.startedAt,
      wallSeconds: results.reduce((sum, { result }) => sum + result.timing.wallSeconds, 0),
    },
  };
}

/**
 * Puts several sweeps of the same parameter over the same values side by side: at each
 * value, the experiments combined as `combineResults` does.
 * @throws Error naming the sweep whose parameter or values differ from the first's.
 */
export function combineSweeps(sweeps: readonly LabelledResult<SweepResult>[]): SweepResult {
  const first = sweeps[0];
  if (first === undefined) throw new Error('combineSweeps needs at least one sweep');
  if (sweeps.length === 1) return first.result;
  for (const { label, result } of sweeps) {
    if (result.parameter !== first.result.parameter || result.values.join() !== first.result.values.join()) {
      throw new Error(
        `${label} sweeps ${result.parameter} = ${result.values.join(', ')}, but ${first.label} sweeps ${first.result.parameter} = ${first.result.values.join(', ')}; only sweeps of the same values go side by side`,
      );
    }
  }
  const points = first.result.points.map((point, v) => ({
    value: point.value,
    result: combineResults(
      sweeps.map(({ label, result }) => ({ label, result: result.points[v]?.result as ExperimentResult })),
    ),
  }));
  const head = points[0]?.result as ExperimentResult;
  return {
    ...first.result,
    format: SWEEP_FORMAT,
    preset: head.preset,
    description: head.description,
    seeds: head.seeds,
    policies: head.policies.map((p) => p.policy),
    baseline: head.baseline,
    headline: head.headline,
    metricNames: [...new Set(points.flatMap((p) => p.result.metricNames))].sort(),
    points,
  };
}
