import { DEFAULT_ENGINE_PARAMETERS } from '@rackwise/engine';
import {
  type Shard,
  type SweepResult,
  type SweepSpec,
  type SweepValue,
  experimentPreset,
  mergeSweepCells,
  prepareSweep,
  runPreparedSweep,
  runSweepCells,
} from '@rackwise/experiments';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, type ParsedCommandLine, parseCommandLine } from '../command-line.js';
import { DEFAULT_EMIT_SHARDS, emitSweep } from '../emit/emit-sweep.js';
import { loadReports } from '../internal/heavy-packages.js';
import { withProgressBar } from '../internal/progress-bar.js';
import { nameList, stringOption } from '../option-values.js';
import { type OutputFiles, jobsCsvOutput, writeOutputs } from '../output-files.js';
import { UsageError } from '../usage-error.js';
import { EXPERIMENT_OPTIONS, checkMetricNames, experimentRequest } from './experiment-options.js';
import { executeExperiment } from './run-command.js';
import { SWEEP_CELL_OPTIONS, cellOptions } from './sweep-cell-options.js';

/** `rackwise sweep`: one experiment per value of a parameter. */
export const SWEEP_COMMAND: CommandSpec = {
  name: 'sweep',
  summary: 'Run an experiment once per value of a parameter and print mean and spread per value.',
  positionals: [],
  requiredPositionals: 0,
  options: {
    param: {
      type: 'string',
      value: '<name=v1,v2,…>',
      description:
        'the parameter and its values: users, hours, engine.<field> (numbers, or names: engine.preemptedFetches=segments,bytes,drop), <policy>.<field>, or seed',
    },
    reference: {
      type: 'string',
      value: '<value>',
      description: 'normalise every value to the baseline at this value',
    },
    metric: {
      type: 'string',
      value: '<name>',
      description: "metric of the printed tables (repeatable as a,b); default the preset's headline ones",
    },
    ...EXPERIMENT_OPTIONS,
    ...SWEEP_CELL_OPTIONS,
  },
};

/**
 * Parses `name=v1,v2,…` into the parameter and its values: numbers, or names for an
 * engine parameter that takes one (`engine.preemptedFetches=segments,bytes,drop`, checked
 * by the engine when the sweep is prepared); a bare `name` takes the values of the
 * preset's own sweep of it (NAS Fig. 3(h): `users` on nas-sim).
 */
export function parseParam(
  text: string,
  presetSweeps: Readonly<Record<string, readonly number[]>> = {},
): { readonly parameter: string; readonly values: SweepValue[] } {
  const eq = text.indexOf('=');
  const parameter = (eq < 0 ? text : text.slice(0, eq)).trim();
  if (eq < 0 && Object.hasOwn(presetSweeps, parameter)) {
    return { parameter, values: [...(presetSweeps[parameter] ?? [])] };
  }
  if (eq <= 0 || parameter === '') {
    const own = Object.keys(presetSweeps);
    throw new UsageError(
      `--param must look like name=v1,v2,… (users=25,50,100)${own.length > 0 ? ` or name a sweep of the preset (${own.join(', ')})` : ''}, got ${JSON.stringify(text)}`,
    );
  }
  const names = parameter.startsWith('engine.') && typeof engineDefault(parameter.slice(7)) === 'string';
  const values = nameList('param', text.slice(eq + 1)).map((v): SweepValue => {
    if (names) return v.trim();
    const value = Number(v);
    if (!Number.isFinite(value) || v.trim() === '') {
      throw new UsageError(`--param ${parameter}: ${JSON.stringify(v)} is not a number`);
    }
    return value;
  });
  return { parameter, values };
}

/** The default of an engine parameter, or undefined when there is none of that name. */
function engineDefault(key: string): unknown {
  const defaults = DEFAULT_ENGINE_PARAMETERS as unknown as Record<string, unknown>;
  return Object.hasOwn(defaults, key) ? defaults[key] : undefined;
}

/** Runs `sweep`. `--param seed=…` runs the seeds as one experiment with mean and spread. */
export async function sweepCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values } = parseCommandLine(SWEEP_COMMAND, argv);
  const paramText = stringOption(values, 'param');
  if (paramText === undefined) throw new UsageError('--param is required: name=v1,v2,… (users=25,50,100)');
  const request = experimentRequest(values, io.cwd);
  const { parameter, values: points } = parseParam(paramText, experimentPreset(request.preset).sweeps);
  const metricText = stringOption(values, 'metric');
  const chosen = metricText === undefined ? undefined : nameList('metric', metricText);
  if (parameter === 'seed' || parameter === 'seeds') {
    const seeded = { ...request, options: { ...request.options, seeds: sweptSeeds(values, points) } };
    return executeExperiment(seeded, io, chosen === undefined ? {} : { metrics: chosen });
  }
  checkMetricNames(chosen, request.preset);
  const referenceValue = referenceOption(stringOption(values, 'reference'), parameter, points);
  const { parallelism, ...experiment } = request.options;
  const spec: SweepSpec = {
    ...experiment,
    parameter,
    values: points,
    ...(referenceValue === undefined ? {} : { referenceValue }),
  };
  let prepared: ReturnType<typeof prepareSweep>;
  try {
    prepared = prepareSweep(spec);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const cells = cellOptions(values, request.outputs, io.cwd);
  if (cells.emit !== undefined) {
    io.stdout(
      emitSweep(
        cells.emit,
        argv,
        spec,
        cells.shardCount ?? DEFAULT_EMIT_SHARDS,
        SWEEP_COMMAND.options,
        cells.out,
        parallelism,
      ),
    );
    return 0;
  }
  if (cells.out !== undefined) {
    const { out, shard } = cells;
    await runIntoCells(spec, out, shard, parallelism, request.quiet, io);
    if (shard === undefined) await printSweep(mergeSweepCells(out), chosen, request.outputs, io);
    return 0;
  }
  const result = await withProgressBar(io, request.quiet, (onProgress) =>
    runPreparedSweep(prepared, {
      ...spec,
      ...(parallelism === undefined ? {} : { parallelism }),
      onProgress,
    }),
  );
  await printSweep(result, chosen, request.outputs, io);
  return 0;
}

/** The seeds of `--param seed=…`, which runs them as one experiment: given once, integers ≥ 0, unsharded. */
function sweptSeeds(values: ParsedCommandLine['values'], points: readonly SweepValue[]): number[] {
  if (values.seed !== undefined || values.seeds !== undefined) {
    throw new UsageError('--param seed=… and --seed/--seeds: give the seeds once');
  }
  const seeds = points.filter((p): p is number => Number.isSafeInteger(p) && (p as number) >= 0);
  if (seeds.length < points.length) {
    throw new UsageError(`--param seed: seeds must be integers >= 0, got ${points.join(', ')}`);
  }
  for (const option of ['out', 'shard', 'emit', 'shards']) {
    if (values[option] !== undefined) {
      throw new UsageError(
        `--param seed runs one experiment and takes no --${option}; shard a sweep of another parameter with --seeds`,
      );
    }
  }
  return seeds;
}

/** The swept value `--reference` names (a number, or a name for an engine parameter that takes one). */
function referenceOption(
  text: string | undefined,
  parameter: string,
  points: readonly SweepValue[],
): SweepValue | undefined {
  if (text === undefined) return undefined;
  const value = points.find((p) => (typeof p === 'number' ? p === Number(text) : p === text.trim()));
  if (value === undefined) {
    throw new UsageError(
      `--reference: ${JSON.stringify(text)} is not one of the values of ${parameter}: ${points.join(', ')}`,
    );
  }
  return value;
}

/** Runs the sweep's cells (one shard's, or all) into `out`, skipping those already there, and says what it did. */
async function runIntoCells(
  spec: SweepSpec,
  out: string,
  shard: Shard | undefined,
  parallelism: number | undefined,
  quiet: boolean,
  io: CliIo,
): Promise<void> {
  const outcome = await withProgressBar(io, quiet, (onProgress) =>
    runSweepCells(spec, out, {
      ...(shard === undefined ? {} : { shard }),
      ...(parallelism === undefined ? {} : { parallelism }),
      onProgress,
    }),
  );
  const which = shard === undefined ? 'sweep' : `shard ${shard.index}/${shard.count}`;
  io.stderr(
    `${which}: ran ${outcome.ran} of its ${outcome.cells} cells, ${outcome.skipped} already done in ${out} (${outcome.total} cells in the sweep)\n`,
  );
  if (shard !== undefined) io.stderr(`when every shard has run: rackwise merge ${out} --html report.html\n`);
}

/** Prints a sweep's tables (the chosen metrics, else its headline ones) and writes the requested reports. */
export async function printSweep(
  result: SweepResult,
  chosen: readonly string[] | undefined,
  outputs: OutputFiles,
  io: CliIo,
): Promise<void> {
  const reports = await loadReports();
  const { formatSweepTable, sweepTable, sweepToCsv, sweepToHtml, toJson } = reports;
  const metrics = chosen ?? result.headline;
  io.stdout(`${result.preset} · sweep of ${result.parameter} · seeds ${result.seeds.join(', ')}\n`);
  for (const metric of metrics) io.stdout(`\n${formatSweepTable(sweepTable(result, metric))}\n`);
  writeOutputs(
    outputs,
    {
      json: () => toJson(result),
      csv: () => sweepToCsv(result),
      html: () => sweepToHtml(result),
      'jobs-csv': jobsCsvOutput(reports, result, io),
    },
    io,
  );
}
