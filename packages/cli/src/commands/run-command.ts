import { resolve } from 'node:path';
import {
  type ExperimentResult,
  type PreparedExperiment,
  checkReadable,
  isBuiltinTrace,
  prepareExperiment,
  runPreparedExperiment,
} from '@rackwise/experiments';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, parseCommandLine } from '../command-line.js';
import { loadReports } from '../internal/heavy-packages.js';
import { withProgressBar } from '../internal/progress-bar.js';
import { positiveNumber, stringOption } from '../option-values.js';
import { checkOutputFile, checkOutputFiles, jobsCsvOutput, writeOutputs } from '../output-files.js';
import { UsageError } from '../usage-error.js';
import { isCoflowTrace, replayCoflowTraceCommand } from './coflow-replay-command.js';
import {
  EXPERIMENT_OPTIONS,
  type ExperimentRequest,
  SVG_OPTION,
  checkMetricNames,
  engineParameters,
  experimentRequest,
} from './experiment-options.js';
import { RECORDED_RUN_OPTIONS, recordedTraceRun, reportReplayError } from './recorded-trace-run.js';

/** `rackwise run`: one experiment, a normalised table, reports. */
export const RUN_COMMAND: CommandSpec = {
  name: 'run',
  summary: "Run a preset's experiment and print its metrics normalised to the baseline policy.",
  positionals: [],
  requiredPositionals: 0,
  options: {
    ...EXPERIMENT_OPTIONS,
    ...RECORDED_RUN_OPTIONS,
    svg: SVG_OPTION,
    'flow-trace': {
      type: 'string',
      value: '<file>',
      description:
        'write every network flow of the run (start, nodes, bytes, links, end, job, task) as a flow trace; several runs: -<policy>-seed<N> before the extension',
    },
  },
};

/** `rackwise compare`: as `run`, but the table shows every metric, not only the preset's headline ones. */
export const COMPARE_COMMAND: CommandSpec = {
  ...RUN_COMMAND,
  name: 'compare',
  summary: 'Run policies side by side like `run`, and print every metric normalised to the baseline.',
};

/** `rackwise demo`: the NAS real-cluster setup, Fair against Delay and NAS, in seconds. */
export const DEMO_COMMAND: CommandSpec = {
  ...RUN_COMMAND,
  name: 'demo',
  summary: "Compare Fair, Delay and NAS on NAS's 40-node cluster with 200 FB-2010-mix jobs (seconds).",
};

/** Defaults of `demo`. */
const DEMO_DEFAULTS = { preset: 'nas-cluster', policies: ['fair', 'delay', 'nas'] } as const;

/**
 * Checks a request against the runner (preset fields, trace contents, policy
 * configuration) before anything runs; a problem is a usage error.
 */
export function prepareRequest(request: ExperimentRequest): PreparedExperiment {
  try {
    return prepareExperiment(request.options);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** How `executeExperiment` prints. */
export interface PrintOptions {
  /** Metrics of the table; the preset's headline ones by default. */
  readonly metrics?: readonly string[];
  /** Every metric in the table. */
  readonly allMetrics?: boolean;
  /** Hears of the result once the table is printed. */
  readonly onResult?: (result: ExperimentResult) => void;
}

/** Runs `run`, `compare` or `demo`. */
export function runCommand(spec: CommandSpec, argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine(spec, argv);
  const recorded = recordedTraceRun(values, io.cwd);
  if (recorded !== undefined) {
    return executeExperiment(withFlowTrace(recorded.request, values, io.cwd), io, {
      allMetrics: spec.name === 'compare',
      onResult: (result) => reportReplayError(recorded, result, io),
    });
  }
  const coflows = coflowTrace(values, io.cwd);
  if (coflows !== undefined) return Promise.resolve(coflows(io));
  const request = withFlowTrace(
    experimentRequest(values, io.cwd, spec.name === 'demo' ? DEMO_DEFAULTS : undefined),
    values,
    io.cwd,
  );
  return executeExperiment(request, io, { allMetrics: spec.name === 'compare' }).then((code) => {
    if (spec.name === 'demo')
      io.stderr('More: `rackwise presets`, `rackwise policies`, `rackwise run --help`.\n');
    return code;
  });
}

/** `--flow-trace`: checked like an output file and passed to the runner. */
function withFlowTrace(
  request: ExperimentRequest,
  values: Readonly<Record<string, string | boolean | undefined>>,
  cwd: string,
): ExperimentRequest {
  const text = stringOption(values, 'flow-trace');
  if (text === undefined) return request;
  const path = checkOutputFile('flow-trace', text, cwd);
  return { ...request, options: { ...request.options, flowTrace: path } };
}

/** Options of `run` a coflow-benchmark replay cannot honour: refused by name, never ignored. */
const COFLOW_REFUSED: Readonly<Record<string, string>> = {
  preset: "it runs at CoflowSim's fabric, not a preset's",
  policies: 'it schedules no tasks',
  baseline: 'it compares no policies',
  users: 'a coflow has no user',
  'size-scale': 'it replays the recorded sizes',
  seed: 'it draws nothing at random',
  seeds: 'it draws nothing at random',
  parallel: 'it is one replay',
  'jobs-csv': 'it has coflows, not jobs (--csv writes one row per coflow)',
  'flow-trace': 'it records no flow trace',
  svg: 'it compares no policies to chart (--html draws its completion times)',
};

function refuseCoflowOptions(values: Readonly<Record<string, string | boolean | undefined>>): void {
  for (const [option, why] of Object.entries(COFLOW_REFUSED)) {
    if (values[option] !== undefined) {
      throw new UsageError(`--${option}: not taken by a coflow-benchmark replay: ${why}`);
    }
  }
}

/**
 * `--trace` naming a coflow-benchmark file (detected, or `--trace-format coflow`): the
 * replay to run instead of an experiment. It takes `--hours`, `--engine` (resolveInterval,
 * flowModel), `--json`, `--csv`, `--html` and `--quiet`; every other option is refused
 * by name.
 */
function coflowTrace(
  values: Readonly<Record<string, string | boolean | undefined>>,
  cwd: string,
): ((io: CliIo) => number) | undefined {
  const text = stringOption(values, 'trace');
  if (text === undefined || isBuiltinTrace(text)) return undefined;
  const path = resolve(cwd, text);
  try {
    checkReadable(path);
  } catch (error) {
    throw new UsageError(`--trace: ${(error as Error).message}`);
  }
  // `--trace-format` (already checked) overrides the detection either way.
  const format = stringOption(values, 'trace-format');
  if (format === undefined ? !isCoflowTrace(path) : format !== 'coflow') return undefined;
  refuseCoflowOptions(values);
  const engineText = stringOption(values, 'engine');
  const engine = engineText === undefined ? undefined : engineParameters(engineText);
  for (const key of Object.keys(engine ?? {})) {
    if (key !== 'resolveInterval' && key !== 'flowModel') {
      throw new UsageError(
        `--engine ${key}: a coflow-benchmark replay takes only resolveInterval and flowModel (it runs no tasks)`,
      );
    }
  }
  const hoursText = stringOption(values, 'hours');
  const hours = hoursText === undefined ? undefined : positiveNumber('hours', hoursText, 8760);
  const outputs = checkOutputFiles(values, cwd);
  return (io) => replayCoflowTraceCommand(path, engine, outputs, io, hours);
}

/**
 * Checks a request in full, runs it with a progress bar, prints the normalised table
 * and writes the requested reports.
 */
export async function executeExperiment(
  request: ExperimentRequest,
  io: CliIo,
  print: PrintOptions = {},
): Promise<number> {
  const metrics = print.allMetrics === true ? undefined : print.metrics;
  checkMetricNames(metrics, request.preset);
  const prepared = prepareRequest(request);
  const reports = await loadReports();
  const { formatNormalisedTable, headlineChartSvg, normalisedTable, offeredLoadLine, toCsv, toHtml, toJson } =
    reports;
  const result = await withProgressBar(io, request.quiet, (onProgress) =>
    runPreparedExperiment(prepared, {
      ...(request.options.parallelism === undefined ? {} : { parallelism: request.options.parallelism }),
      onProgress,
    }),
  );
  const shown = print.allMetrics === true ? result.metricNames : metrics;
  const table = normalisedTable(result, shown === undefined ? {} : { metrics: shown });
  io.stdout(
    `${result.preset} · ${prepared.workload.name} (${prepared.workload.jobs} jobs) · seeds ${result.seeds.join(', ')}\n`,
  );
  const load = offeredLoadLine(result);
  if (load !== undefined) io.stdout(`${load}\n`);
  io.stdout(`${formatNormalisedTable(table)}\n`);
  print.onResult?.(result);
  writeOutputs(
    request.outputs,
    {
      json: () => toJson(result),
      csv: () => toCsv(result),
      html: () => toHtml(result),
      svg: () => headlineChartSvg(result),
      'jobs-csv': jobsCsvOutput(reports, result, io),
    },
    io,
  );
  return 0;
}
