import { resolve } from 'node:path';
import { mergeSweepCells } from '@rackwise/experiments';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, parseCommandLine } from '../command-line.js';
import { nameList, stringOption } from '../option-values.js';
import { checkOutputFiles } from '../output-files.js';
import { UsageError } from '../usage-error.js';
import { EXPERIMENT_OPTIONS } from './experiment-options.js';
import { printSweep } from './sweep-command.js';

/** `rackwise merge`: join the cells of a sharded sweep into one result. */
export const MERGE_COMMAND: CommandSpec = {
  name: 'merge',
  summary: 'Join the cells that `sweep --shard i/N --out <dir>` wrote into the result of the whole sweep.',
  positionals: ['<dir>'],
  requiredPositionals: 1,
  options: {
    metric: {
      type: 'string',
      value: '<a,b,…>',
      description: "metrics of the printed tables; default the preset's headline ones",
    },
    json: EXPERIMENT_OPTIONS.json as (typeof EXPERIMENT_OPTIONS)[string],
    csv: EXPERIMENT_OPTIONS.csv as (typeof EXPERIMENT_OPTIONS)[string],
    html: EXPERIMENT_OPTIONS.html as (typeof EXPERIMENT_OPTIONS)[string],
    'jobs-csv': EXPERIMENT_OPTIONS['jobs-csv'] as (typeof EXPERIMENT_OPTIONS)[string],
    help: { type: 'boolean', short: 'h', description: 'show this help' },
  },
};

/** Runs `merge`: every cell must be there; the tables and reports are those of the whole sweep. */
export async function mergeCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(MERGE_COMMAND, argv);
  const directory = resolve(io.cwd, positionals[0] as string);
  const outputs = checkOutputFiles(values, io.cwd);
  let result: ReturnType<typeof mergeSweepCells>;
  try {
    result = mergeSweepCells(directory);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const metricText = stringOption(values, 'metric');
  const metrics = metricText === undefined ? undefined : nameList('metric', metricText);
  for (const metric of metrics ?? []) {
    if (!result.metricNames.includes(metric)) {
      throw new UsageError(
        `--metric: unknown metric ${JSON.stringify(metric)}; known metrics: ${result.metricNames.join(', ')}`,
      );
    }
  }
  await printSweep(result, metrics, outputs, io);
  return 0;
}
