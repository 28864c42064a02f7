import type { SweepSpec } from '@rackwise/experiments';
import { sweepCells, sweepFingerprint } from '@rackwise/experiments';
import type { OptionSpec } from '../command-line.js';
import { cliVersion } from '../version.js';
import { kubernetesJob } from './kubernetes-job.js';
import { slurmArrayScript } from './slurm-script.js';

/** Where `--emit` can send a sweep. */
export const EMIT_TARGETS = ['kubernetes', 'slurm'] as const;
export type EmitTarget = (typeof EMIT_TARGETS)[number];

/** What the emitters need to know: the command each shard runs and how many shards. */
export interface ShardedRun {
  /** A short name for the job (`rackwise-sweep-<fingerprint>`). */
  readonly name: string;
  /** `rackwise sweep …` arguments without the shard and the output directory. */
  readonly arguments: readonly string[];
  readonly shards: number;
  /** Cells in the sweep. */
  readonly cells: number;
  /** The published package the shards run: `rackwise@<version>`. */
  readonly package: string;
  /** Results directory of the cells, when the user chose one. */
  readonly out: string | undefined;
  /** Simulations a shard runs at once (`--parallel`, default 1): the CPUs each shard asks for. */
  readonly parallel: number;
}

/** Memory each simulation of a shard asks for, in GiB (a whole FB-2010 day under NAS peaks at about 1.3). */
export const MEMORY_PER_SIMULATION_GIB = 2;

/** Options of `sweep` the emitted command sets itself or that make no sense on a cluster node. */
const DROPPED = new Set(['emit', 'shards', 'out', 'shard', 'parallel', 'quiet', 'help']);

/**
 * The command line a shard runs: the user's `sweep` arguments less the options the
 * emitted job sets itself (`--emit`, `--shards`, `--out`, `--parallel`, `--quiet`), with
 * short options written long.
 */
export function shardArguments(
  argv: readonly string[],
  options: Readonly<Record<string, OptionSpec>>,
): string[] {
  const byShort = new Map(
    Object.entries(options)
      .filter(([, o]) => o.short !== undefined)
      .map(([name, o]) => [o.short as string, name]),
  );
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    const long = /^--([^=]+)(=.*)?$/.exec(token);
    const short = /^-([^-])$/.exec(token);
    const name = long?.[1] ?? (short === null ? undefined : byShort.get(short[1] as string));
    if (name === undefined) {
      kept.push(token);
      continue;
    }
    const spec = options[name];
    const inline = long?.[2];
    const value = spec?.type === 'string' && inline === undefined ? argv[++i] : inline?.slice(1);
    if (DROPPED.has(name)) continue;
    kept.push(`--${name}`);
    if (spec?.type === 'string' && value !== undefined) kept.push(value);
  }
  return kept;
}

/** Quotes a word for a POSIX shell (single quotes; plain words stay as they are). */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/**
 * The shell command a shard runs, without its `--parallel` and `--shard` (the emitter
 * appends them from the scheduler's variables): the exact published package through
 * `npx`, cells written to `out`.
 */
export function shardCommand(run: ShardedRun, out: string): string {
  return ['npx', '--yes', run.package, 'sweep', ...run.arguments, '--out', out, '--quiet']
    .map(shellQuote)
    .join(' ');
}

/** Default number of shards of `--emit`: one per cell. */
export const DEFAULT_EMIT_SHARDS = 0;

/**
 * The Kubernetes manifest or Slurm script that runs the sweep's shards with the
 * published `rackwise` package. `shards` 0 means one shard per cell; each shard runs
 * `parallel` simulations at once and asks for as many CPUs.
 */
export function emitSweep(
  target: EmitTarget,
  argv: readonly string[],
  spec: SweepSpec,
  shards: number,
  options: Readonly<Record<string, OptionSpec>>,
  out?: string,
  parallel = 1,
): string {
  const cells = sweepCells(spec).length;
  const run: ShardedRun = {
    name: `rackwise-sweep-${sweepFingerprint(spec).slice(0, 8)}`,
    arguments: shardArguments(argv, options),
    shards: Math.min(shards === 0 ? cells : shards, cells),
    cells,
    package: `rackwise@${cliVersion()}`,
    out,
    parallel,
  };
  return target === 'kubernetes' ? `${JSON.stringify(kubernetesJob(run), null, 2)}\n` : slurmArrayScript(run);
}
