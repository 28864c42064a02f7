import type { SweepSpec } from '@rackwise/experiments';
import { sweepCells, sweepFingerprint } from '@rackwise/experiments';
import type { OptionSpec } from '../command-line.js';
import { cliVersion } from '../version.js';
import { kubernetesJob } from './kubernetes-job.js';
import type { ShardedRun } from './sharded-run.js';
import { slurmArrayScript } from './slurm-script.js';

/** Where `--emit` can send a sweep. */
export const EMIT_TARGETS = ['kubernetes', 'slurm'] as const;
export type EmitTarget = (typeof EMIT_TARGETS)[number];

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
