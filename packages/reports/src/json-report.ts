import { type ExperimentResult, RESULT_FORMAT, SWEEP_FORMAT, type SweepResult } from '@rackwise/experiments';

/**
 * An experiment or sweep result as JSON: the full configuration, seeds, package
 * versions, every metric of every run per policy, series and timings. Undefined
 * metrics (`NaN`) become `null`.
 */
export function toJson(result: ExperimentResult | SweepResult): string {
  return `${JSON.stringify(result, null, 2)}\n`;
}

/** A parsed result file: an experiment or a sweep. */
export type ParsedResult =
  | { readonly kind: 'experiment'; readonly result: ExperimentResult }
  | { readonly kind: 'sweep'; readonly result: SweepResult };

/**
 * Reads a result written by `toJson`. `source` names the file in error messages.
 * `null` metrics come back as `NaN`.
 * @throws Error naming the file when the text is not JSON or not a rackwise result.
 */
export function parseResultJson(text: string, source = 'result'): ParsedResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not valid JSON (${(error as Error).message})`);
  }
  const format =
    typeof value === 'object' && value !== null ? (value as { format?: unknown }).format : undefined;
  if (format === RESULT_FORMAT) return { kind: 'experiment', result: reviveExperiment(value, source) };
  if (format === SWEEP_FORMAT) {
    const sweep = value as SweepResult;
    if (!Array.isArray(sweep.points)) throw new Error(`${source}: field "points" must be an array`);
    return {
      kind: 'sweep',
      result: {
        ...sweep,
        points: sweep.points.map((p, i) => ({
          ...p,
          result: reviveExperiment(p.result, `${source} points[${i}]`),
        })),
      },
    };
  }
  throw new Error(
    `${source}: not a rackwise result (expected "format": "${RESULT_FORMAT}" or "${SWEEP_FORMAT}")`,
  );
}

function reviveExperiment(value: unknown, source: string): ExperimentResult {
  const result = value as ExperimentResult;
  if (typeof result !== 'object' || result === null) throw new Error(`${source}: must be an object`);
  for (const field of ['policies', 'metricNames', 'headline', 'seeds'] as const) {
    if (!Array.isArray(result[field])) throw new Error(`${source}: field "${field}" must be an array`);
  }
  const revive = (metrics: Readonly<Record<string, number | null>>): Record<string, number> =>
    Object.fromEntries(Object.entries(metrics).map(([k, v]) => [k, v === null ? Number.NaN : v]));
  return {
    ...result,
    policies: result.policies.map((p, i) => {
      if (
        typeof p?.policy !== 'string' ||
        typeof p.metrics !== 'object' ||
        p.metrics === null ||
        !Array.isArray(p.runs)
      ) {
        throw new Error(`${source}: policies[${i}] must have a "policy" name, "metrics" and "runs"`);
      }
      return {
        ...p,
        metrics: revive(p.metrics),
        runs: p.runs.map((r) => ({ ...r, metrics: revive(r.metrics) })),
      };
    }),
  };
}
