// What every emitter of a sharded sweep shares: the run it describes and the command a
// shard runs. A leaf: the emitters import it, it imports none of them.

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
  /** The command each shard runs: `sweep` (the default) or `reproduce all`. */
  readonly command?: readonly string[];
  /** What `cells` counts, in words: `cells of a rackwise sweep` (the default). */
  readonly units?: string;
  /** The `rackwise` arguments that read every shard's results once all ran; default `merge <out> --html report.html`. */
  readonly finish?: (out: string) => readonly string[];
  /** Lines the script's header adds before the finishing command (how the array is submitted again, say). */
  readonly note?: readonly string[];
}

/** The `rackwise` arguments that read every shard's results once all ran. */
export function finishArguments(run: ShardedRun, out: string): readonly string[] {
  return run.finish?.(out) ?? ['merge', out, '--html', 'report.html'];
}

/** Memory each simulation of a shard asks for, in GiB (a whole FB-2010 day under NAS peaks at about 1.3). */
export const MEMORY_PER_SIMULATION_GIB = 2;

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
  return [
    'npx',
    '--yes',
    run.package,
    ...(run.command ?? ['sweep']),
    ...run.arguments,
    '--out',
    out,
    '--quiet',
  ]
    .map(shellQuote)
    .join(' ');
}
