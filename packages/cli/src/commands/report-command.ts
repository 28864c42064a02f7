import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  formatNormalisedTable,
  formatSweepTable,
  normalisedTable,
  parseResultJson,
  sweepTable,
  sweepToCsv,
  sweepToHtml,
  toCsv,
  toHtml,
} from '@rackwise/experiments';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, parseCommandLine } from '../command-line.js';
import { nameList, stringOption } from '../option-values.js';
import { checkOutputFiles, jobsCsvOutput, writeOutputs } from '../output-files.js';
import { UsageError } from '../usage-error.js';

/** `rackwise report`: tables, CSV and HTML from a saved JSON result. */
export const REPORT_COMMAND: CommandSpec = {
  name: 'report',
  summary: 'Print the table of a saved result (from --json) and write its CSV or HTML report.',
  positionals: ['<result.json>'],
  requiredPositionals: 1,
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
    'jobs-csv': { type: 'string', value: '<file>', description: 'write one row per job, policy and seed' },
    help: { type: 'boolean', short: 'h', description: 'show this help' },
  },
};

/** Runs `report`. */
export function reportCommand(argv: readonly string[], io: CliIo): number {
  const { values, positionals } = parseCommandLine(REPORT_COMMAND, argv);
  const path = resolve(io.cwd, positionals[0] as string);
  const outputs = checkOutputFiles(values, io.cwd);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UsageError(
      `${path} cannot be read (${code === 'ENOENT' ? 'no such file' : (code ?? (error as Error).message)})`,
    );
  }
  let parsed: ReturnType<typeof parseResultJson>;
  try {
    parsed = parseResultJson(text, path);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
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
    const sweep = parsed.result;
    for (const metric of metrics ?? sweep.headline)
      io.stdout(`${formatSweepTable(sweepTable(sweep, metric))}\n\n`);
    writeOutputs(
      outputs,
      {
        csv: () => sweepToCsv(sweep),
        html: () => sweepToHtml(sweep),
        'jobs-csv': jobsCsvOutput(sweep, io),
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
      'jobs-csv': jobsCsvOutput(result, io),
    },
    io,
  );
  return 0;
}
