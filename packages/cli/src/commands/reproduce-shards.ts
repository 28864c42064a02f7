import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { GridShard, SequentialRule } from '@rackwise/reproduce';
import type { OptionSpec } from '../command-line.js';
import { shardArguments } from '../emit/emit-sweep.js';
import type { ShardedRun } from '../emit/sharded-run.js';
import { slurmArrayScript } from '../emit/slurm-script.js';
import { integerInRange, stringOption } from '../option-values.js';
import { UsageError } from '../usage-error.js';
import { cliVersion } from '../version.js';

/** Where `reproduce all` keeps its runs unless `--out` says otherwise, so running it again resumes. */
export const ALL_RESULTS_DIRECTORY = 'reproduction-runs';

/** The seeds of `reproduce all --quick`: one, so every grid of every paper runs in minutes. */
export const ALL_QUICK_SEEDS: readonly number[] = [1];

/** Options of `reproduce` that keep runs, split the grids into shards and emit a cluster script. */
export const REPRODUCE_SHARD_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  out: {
    type: 'string',
    value: '<dir>',
    description: `keep every run here (a file per run and seed) and read the runs found there instead of simulating them: an interrupted grid resumes (all: default ${ALL_RESULTS_DIRECTORY})`,
  },
  shard: {
    type: 'string',
    value: '<i/N>',
    description:
      "run only shard i of N (0 <= i < N) of the grids' batches into --out and write no map; then the same command without --shard reads every map",
  },
  emit: {
    type: 'string',
    value: '<slurm>',
    description: 'print a Slurm array script that runs the shards, each a task',
  },
  shards: { type: 'string', value: '<N>', description: 'shards of --emit; default one per batch' },
};

/** `--out`, `--shard`, `--emit` and `--shards`, checked together. */
export interface ShardChoice {
  /** The results directory as given (emitted scripts run it from where they are submitted). */
  readonly outText?: string;
  /** The results directory resolved against the working directory. */
  readonly out?: string;
  readonly shard?: GridShard;
  readonly emit?: 'slurm';
  readonly shards?: number;
}

/** Most shards a grid may be split into. */
const MAX_SHARDS = 100_000;

/**
 * Checks the shard options: a shard and an emitted script write no map (`outputs` names
 * the map files asked for), `--shards` goes with `--emit`, and a shard needs a results
 * directory (`all` has one by default).
 */
export function shardChoice(
  values: Readonly<Record<string, string | boolean | undefined>>,
  name: string,
  cwd: string,
  outputs: readonly string[],
): ShardChoice {
  const outText = stringOption(values, 'out') ?? (name === 'all' ? ALL_RESULTS_DIRECTORY : undefined);
  if (outText === '') throw new UsageError('--out needs a directory');
  const shardText = stringOption(values, 'shard');
  const emitText = stringOption(values, 'emit');
  const shardsText = stringOption(values, 'shards');
  const out = outText === undefined ? {} : { outText, out: resolve(cwd, outText) };
  if (emitText !== undefined) {
    if (emitText !== 'slurm')
      throw new UsageError(`--emit: unknown target ${JSON.stringify(emitText)}; targets: slurm`);
    if (shardText !== undefined)
      throw new UsageError('--emit and --shard: the emitted script sets each shard itself');
    if (outputs.length > 0)
      throw new UsageError(
        `--emit runs nothing here, so ${outputs.join(', ')} would stay empty; the script ends with the command that writes the maps`,
      );
    const shards =
      shardsText === undefined ? {} : { shards: integerInRange('shards', shardsText, 1, MAX_SHARDS) };
    return { ...out, emit: 'slurm', ...shards };
  }
  if (shardsText !== undefined)
    throw new UsageError('--shards applies to --emit; run one shard with --shard i/N');
  if (shardText === undefined) return out;
  const match = /^(\d+)\/(\d+)$/.exec(shardText.trim());
  const [index, count] = [Number(match?.[1]), Number(match?.[2])];
  if (match === null || !(count >= 1 && count <= MAX_SHARDS && index < count))
    throw new UsageError(`--shard must be i/N with 0 <= i < N (0/4 … 3/4), got ${JSON.stringify(shardText)}`);
  if (outText === undefined) throw new UsageError('--shard needs --out <dir> for the runs it simulates');
  if (outputs.length > 0)
    throw new UsageError(
      `--shard runs part of the grids; write ${outputs.join(', ')} by running the command again without --shard once every shard ran`,
    );
  return { ...out, shard: { index, count } };
}

/**
 * The Slurm array script that runs `reproduce`'s batches in shards into the results
 * directory, and names the command that then writes the maps from it; with adaptive seeds,
 * it says that each submission of the array is one round.
 */
export function reproduceSlurmScript(
  argv: readonly string[],
  options: Readonly<Record<string, OptionSpec>>,
  choice: ShardChoice,
  batches: number,
  parallel: number,
  adaptive?: SequentialRule,
): string {
  const args = shardArguments(argv, options);
  const out = choice.outText ?? ALL_RESULTS_DIRECTORY;
  const digest = createHash('sha256').update(args.join('\0')).digest('hex').slice(0, 8);
  const run: ShardedRun = {
    name: `rackwise-reproduce-${digest}`,
    arguments: args,
    shards: Math.min(choice.shards ?? batches, batches),
    cells: batches,
    package: `rackwise@${cliVersion()}`,
    out,
    parallel,
    command: ['reproduce'],
    units: 'batches (a policy on one configuration, every seed) of rackwise reproduce',
    ...(adaptive === undefined
      ? {}
      : {
          note: [
            `--seeds adaptive: each run of the array is one round, each undecided cell's next seed; submit it`,
            `again after the last task ends, up to ${adaptive.max - adaptive.min + 1} rounds in all (a task whose log ends in "no batch of this`,
            'shard needs more seeds now" had nothing left); the command below runs any rounds left itself.',
          ],
        }),
    finish: (dir) => [
      'reproduce',
      ...args,
      '--out',
      dir,
      '--json',
      'reproduction-maps.json',
      '--markdown',
      'reproduction.md',
      '--html',
      'reproduction.html',
    ],
  };
  return slurmArrayScript(run);
}
