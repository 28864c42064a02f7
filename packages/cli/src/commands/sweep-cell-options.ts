import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Shard } from '@rackwise/experiments';
import type { OptionSpec } from '../command-line.js';
import { EMIT_TARGETS, type EmitTarget } from '../emit/emit-sweep.js';
import { KUBERNETES_RESULTS_PATH } from '../emit/kubernetes-job.js';
import { integerInRange, stringOption } from '../option-values.js';
import { OUTPUT_KINDS, type OutputFiles } from '../output-files.js';
import { UsageError } from '../usage-error.js';

/** Options of `sweep` that split it into cells: shards, a results directory, cluster scripts. */
export const SWEEP_CELL_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  out: {
    type: 'string',
    value: '<dir>',
    description: 'write one result file per cell here; cells already there are skipped (resume)',
  },
  shard: {
    type: 'string',
    value: '<i/N>',
    description: 'run only shard i of N (0 <= i < N) of the cells; needs --out, join with `rackwise merge`',
  },
  emit: {
    type: 'string',
    value: '<kubernetes|slurm>',
    description: 'print a Kubernetes Indexed Job or a Slurm array script that runs the shards',
  },
  shards: {
    type: 'string',
    value: '<N>',
    description: 'shards of --emit; default one per cell',
  },
};

/** The cell options, checked. */
export interface CellOptions {
  readonly out?: string;
  readonly shard?: Shard;
  readonly emit?: EmitTarget;
  readonly shardCount?: number;
}

/** Most shards a sweep may be split into. */
const MAX_SHARDS = 100_000;

/**
 * Checks `--out`, `--shard`, `--emit` and `--shards` together: a shard needs a
 * directory, reports of a shard come from `merge`, `--emit` runs nothing here.
 */
export function cellOptions(
  values: Readonly<Record<string, string | boolean | undefined>>,
  outputs: OutputFiles,
  cwd: string,
): CellOptions {
  const outText = stringOption(values, 'out');
  const shardText = stringOption(values, 'shard');
  const emitText = stringOption(values, 'emit');
  const shardsText = stringOption(values, 'shards');
  const reports = OUTPUT_KINDS.filter((kind) => outputs[kind] !== undefined).map((k) => `--${k}`);
  if (emitText !== undefined) {
    if (!(EMIT_TARGETS as readonly string[]).includes(emitText)) {
      throw new UsageError(
        `--emit: unknown target ${JSON.stringify(emitText)}; targets: ${EMIT_TARGETS.join(', ')}`,
      );
    }
    if (shardText !== undefined)
      throw new UsageError('--emit and --shard: the emitted job sets each shard itself');
    if (reports.length > 0) {
      throw new UsageError(
        `--emit runs nothing here, so ${reports.join(', ')} would stay empty; write reports with \`rackwise merge\``,
      );
    }
    if (
      emitText === 'kubernetes' &&
      outText !== undefined &&
      !outText.startsWith(`${KUBERNETES_RESULTS_PATH}/`)
    ) {
      throw new UsageError(
        `--out: the pods write their cells to the shared volume mounted at ${KUBERNETES_RESULTS_PATH}; give a directory under it, got ${JSON.stringify(outText)}`,
      );
    }
    return {
      emit: emitText as EmitTarget,
      ...(outText === undefined ? {} : { out: outText }),
      ...(shardsText === undefined
        ? {}
        : { shardCount: integerInRange('shards', shardsText, 1, MAX_SHARDS) }),
    };
  }
  if (shardsText !== undefined)
    throw new UsageError('--shards applies to --emit; run one shard with --shard i/N');
  let shard: Shard | undefined;
  if (shardText !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(shardText.trim());
    const index = Number(match?.[1]);
    const count = Number(match?.[2]);
    if (match === null || !(count >= 1 && count <= MAX_SHARDS && index < count)) {
      throw new UsageError(
        `--shard must be i/N with 0 <= i < N (0/4 … 3/4), got ${JSON.stringify(shardText)}`,
      );
    }
    if (outText === undefined) throw new UsageError('--shard needs --out <dir> for the cells it runs');
    if (reports.length > 0) {
      throw new UsageError(
        `--shard runs part of the sweep; write ${reports.join(', ')} with \`rackwise merge <dir>\``,
      );
    }
    shard = { index, count };
  }
  if (outText === undefined) return {};
  if (outText === '') throw new UsageError('--out needs a directory');
  const out = resolve(cwd, outText);
  let isFile = false;
  try {
    isFile = !statSync(out).isDirectory();
  } catch {}
  if (isFile) throw new UsageError(`--out: ${out} is a file, not a directory`);
  return { out, ...(shard === undefined ? {} : { shard }) };
}
