import { type ExperimentResult, type PolicyRun, RESULT_FORMAT, summarise } from '@rackwise/experiments';

const series = {
  time: [0, 60, 120],
  crossRackShuffleRate: [0, 4e8, 2e8],
  runningMaps: [3, 6, 1],
  runningReduces: [0, 2, 1],
};

/** One run of a policy on one seed, with the given metrics. */
export function run(seed: number, metrics: Record<string, number>): PolicyRun {
  return { seed, metrics, series, stats: { events: 10 }, wallSeconds: 0.5 };
}

/** The metrics a fixture result holds, and its headline metrics. */
export const FIXTURE_METRICS = ['crossRackBytes.total', 'executionTime.mean', 'throughput'] as const;

/**
 * A result of the given runs per policy (the first policy is the baseline), with each
 * policy's means and spreads summarised from its runs as the runner does.
 */
export function result(
  runs: Record<string, PolicyRun[]>,
  metricNames: readonly string[] = FIXTURE_METRICS,
  headline: readonly string[] = ['throughput', 'executionTime.mean'],
): ExperimentResult {
  const first = Object.values(runs)[0] ?? [];
  return {
    format: RESULT_FORMAT,
    preset: 'fixture',
    description: 'a <fixture> & co',
    configuration: { preset: 'fixture' },
    seeds: first.map((r) => r.seed),
    baseline: Object.keys(runs)[0] ?? 'fair',
    headline: [...headline],
    metricNames: [...metricNames],
    policies: Object.entries(runs).map(([policy, own]) => {
      const spread = Object.fromEntries(
        metricNames.map((m) => [m, summarise(own.map((r) => r.metrics[m] ?? Number.NaN))]),
      );
      return {
        policy,
        config: {},
        runs: own,
        metrics: Object.fromEntries(metricNames.map((m) => [m, spread[m]?.mean ?? Number.NaN])),
        spread,
      };
    }),
    versions: { '@rackwise/experiments': '0.1.0' },
    timing: { startedAt: '2024-01-01T00:00:00.000Z', wallSeconds: 12 },
  };
}

/**
 * Fair, delay and nas on three seeds, by hand: mean job time 100, 120, 80 s under fair;
 * 90, 130, 70 under delay; 50, 61, 39 under nas. Cross-rack bytes 10 under fair, 12 under
 * delay, 9, 11, 10 under nas. Throughput 1 everywhere.
 */
export function threePolicyResult(): ExperimentResult {
  const runs = (times: number[], bytes: number[]) =>
    times.map((t, s) =>
      run(s + 1, { throughput: 1, 'executionTime.mean': t, 'crossRackBytes.total': bytes[s] as number }),
    );
  return result(
    {
      fair: runs([100, 120, 80], [10, 10, 10]),
      delay: runs([90, 130, 70], [12, 12, 12]),
      nas: runs([50, 61, 39], [9, 11, 10]),
    },
    FIXTURE_METRICS,
    ['throughput', 'executionTime.mean', 'crossRackBytes.total'],
  );
}
