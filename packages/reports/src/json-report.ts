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
  // A binary file (an archive, an image) holds control bytes JSON never does: say so,
  // rather than quote them back to a terminal.
  if ([...text.slice(0, 4096)].some((c) => c === '\ufffd' || (isControl(c) && !'\t\n\r\f\v'.includes(c))))
    throw new Error(`${source}: a binary file, not a rackwise result (JSON written by --json)`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source}: not valid JSON (${printable((error as Error).message)})`);
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

/** A C0 or C1 control character (or DEL), which a terminal may act on. */
function isControl(c: string): boolean {
  const code = c.charCodeAt(0);
  return code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

/** A message with its control characters written as `\uXXXX`, safe to print on a terminal. */
function printable(message: string): string {
  return [...message]
    .map((c) => (isControl(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c))
    .join('');
}
