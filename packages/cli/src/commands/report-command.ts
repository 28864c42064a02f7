import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { ExperimentResult, SweepResult } from '@rackwise/experiments';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, parseCommandLine } from '../command-line.js';
import { type ReportsPackage, loadReports } from '../internal/heavy-packages.js';
import { nameList, stringOption } from '../option-values.js';
import { checkOutputFiles, jobsCsvOutput, writeOutputs } from '../output-files.js';
import { UsageError } from '../usage-error.js';
import { SVG_OPTION } from './experiment-options.js';

/** `rackwise report`: tables, CSV and HTML from a saved JSON result. */
export const REPORT_COMMAND: CommandSpec = {
  name: 'report',
  summary:
    'Print the table of saved results (from --json), several side by side, and write their CSV or HTML report.',
  positionals: ['<result.json>…'],
  requiredPositionals: 1,
  variadic: true,
  options: {
    baseline: {
      type: 'string',
      value: '<policy>',
      description: 'policy to normalise to; default the one the run used',
    },
    metric: {
      type: 'string',
      value: '<a,b,…>',
      description: 'metrics of the table; default the headline ones',
    },
    csv: { type: 'string', value: '<file>', description: 'write the CSV' },
    html: { type: 'string', value: '<file>', description: 'write the HTML report' },
    svg: SVG_OPTION,
    'jobs-csv': { type: 'string', value: '<file>', description: 'write one row per job, policy and seed' },
    help: { type: 'boolean', short: 'h', description: 'show this help' },
  },
};

/** A saved result, parsed. */
type ParsedResult = ReturnType<ReportsPackage['parseResultJson']>;

/** Reads and parses one saved result; a problem is a usage error naming the file. */
function readResult({ parseResultJson }: ReportsPackage, path: string): ParsedResult {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UsageError(
      `${path} cannot be read (${code === 'ENOENT' ? 'no such file' : (code ?? (error as Error).message)})`,
    );
  }
  try {
    return parseResultJson(text, path);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The short name of a result in a side-by-side report: its file name without `.json`. */
function labelOf(path: string): string {
  return basename(path).replace(/\.json$/i, '');
}

/**
 * Reads every saved result and, when there are several, puts them side by side (all
 * experiments, or all sweeps of the same values).
 */
function readResults(reports: ReportsPackage, paths: readonly string[]): ParsedResult {
  const { combineResults, combineSweeps } = reports;
  const parsed = paths.map((path) => ({ label: labelOf(path), parsed: readResult(reports, path) }));
  if (parsed.length === 1) return (parsed[0] as (typeof parsed)[number]).parsed;
  const kinds = new Set(parsed.map((p) => p.parsed.kind));
  if (kinds.size > 1) throw new UsageError('give only experiment results or only sweep results, not both');
  try {
    if (kinds.has('sweep')) {
      return {
        kind: 'sweep',
        result: combineSweeps(
          parsed.map((p) => ({ label: p.label, result: p.parsed.result as SweepResult })),
        ),
      };
    }
    return {
      kind: 'experiment',
      result: combineResults(
        parsed.map((p) => ({ label: p.label, result: p.parsed.result as ExperimentResult })),
      ),
    };
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Runs `report`. */
export async function reportCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(REPORT_COMMAND, argv);
  const paths = positionals.map((p) => resolve(io.cwd, p));
  const path = paths.join(', ');
  const outputs = checkOutputFiles(values, io.cwd);
  const reports = await loadReports();
  const { formatNormalisedTable, formatSweepTable, headlineChartSvg, normalisedTable } = reports;
  const { sweepTable, sweepToCsv, sweepToHtml, toCsv, toHtml } = reports;
  const parsed = readResults(reports, paths);
  const metricText = stringOption(values, 'metric');
  const metrics = metricText === undefined ? undefined : nameList('metric', metricText);
  const known = parsed.result.metricNames;
  for (const metric of metrics ?? []) {
    if (!known.includes(metric)) {
      throw new UsageError(
        `--metric: unknown metric ${JSON.stringify(metric)}; known metrics: ${known.join(', ')}`,
      );
    }
  }
  const baseline = stringOption(values, 'baseline');
  if (parsed.kind === 'sweep') {
    if (baseline !== undefined)
      throw new UsageError('--baseline applies to experiment results, not to sweeps');
    if (outputs.svg !== undefined)
      throw new UsageError('--svg charts an experiment result, not a sweep (--html draws the sweep)');
    const sweep = parsed.result;
    for (const metric of metrics ?? sweep.headline)
      io.stdout(`${formatSweepTable(sweepTable(sweep, metric))}\n\n`);
    writeOutputs(
      outputs,
      {
        csv: () => sweepToCsv(sweep),
        html: () => sweepToHtml(sweep),
        'jobs-csv': jobsCsvOutput(reports, sweep, io),
      },
      io,
    );
    return 0;
  }
  const result = parsed.result;
  const policies = result.policies.map((p) => p.policy);
  if (baseline !== undefined && !policies.includes(baseline)) {
    throw new UsageError(
      `--baseline: ${JSON.stringify(baseline)} is not among the policies of ${path}: ${policies.join(', ')}`,
    );
  }
  const options = {
    ...(baseline === undefined ? {} : { baseline }),
    ...(metrics === undefined ? {} : { metrics }),
  };
  io.stdout(`${formatNormalisedTable(normalisedTable(result, options))}\n`);
  writeOutputs(
    outputs,
    {
      csv: () => toCsv(result),
      html: () => toHtml(result, options),
      svg: () => headlineChartSvg(result, options),
      'jobs-csv': jobsCsvOutput(reports, result, io),
    },
    io,
  );
  return 0;
}
