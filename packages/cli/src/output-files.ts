import { statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CliIo } from './cli-io.js';
import type { ReportsPackage } from './internal/heavy-packages.js';
import { stringOption } from './option-values.js';
import { UsageError } from './usage-error.js';

/** The options that name a file to write, in the order they are written. */
export const OUTPUT_KINDS = ['json', 'csv', 'html', 'svg', 'jobs-csv'] as const;

/** One kind of output file, named after its option (`jobs-csv` for `--jobs-csv`). */
export type OutputKind = (typeof OUTPUT_KINDS)[number];

/** Where to write reports (absolute paths). */
export type OutputFiles = Partial<Record<OutputKind, string>>;

/**
 * Resolves `--json`, `--csv`, `--html` and `--jobs-csv` against `cwd` and checks, before
 * anything runs, that each names a file in an existing directory and that no two name
 * the same file (the later write would silently replace the earlier one).
 */
export function checkOutputFiles(
  values: Readonly<Record<string, string | boolean | undefined>>,
  cwd: string,
): OutputFiles {
  const files: OutputFiles = {};
  const owner = new Map<string, OutputKind>();
  for (const option of OUTPUT_KINDS) {
    const text = stringOption(values, option);
    if (text === undefined) continue;
    const path = checkOutputFile(option, text, cwd);
    const earlier = owner.get(path);
    if (earlier !== undefined) {
      throw new UsageError(`--${earlier} and --${option} both name ${path}; give each output its own file`);
    }
    owner.set(path, option);
    files[option] = path;
  }
  return files;
}

/**
 * Resolves one output file option against `cwd`, checking that it names a file (not a
 * directory) in an existing directory.
 */
export function checkOutputFile(option: string, text: string, cwd: string): string {
  if (text === '') throw new UsageError(`--${option} needs a file name`);
  const path = resolve(cwd, text);
  const directory = dirname(path);
  let isDirectory = false;
  try {
    isDirectory = statSync(directory).isDirectory();
  } catch {}
  if (!isDirectory) throw new UsageError(`--${option}: directory ${directory} does not exist`);
  try {
    if (statSync(path).isDirectory()) throw new UsageError(`--${option}: ${path} is a directory, not a file`);
  } catch (error) {
    if (error instanceof UsageError) throw error;
  }
  return path;
}

/**
 * The per-job CSV of a result for `writeOutputs`, warning on standard error about
 * columns the runs' job records do not give (left empty).
 */
export function jobsCsvOutput(
  { jobsToCsv }: Pick<ReportsPackage, 'jobsToCsv'>,
  result: Parameters<ReportsPackage['jobsToCsv']>[0],
  io: CliIo,
): () => string {
  return () => {
    const { text, missing } = jobsToCsv(result);
    if (missing.length > 0) {
      io.stderr(
        `--jobs-csv: the job records of this result give no ${missing.join(', ')}; those columns are empty\n`,
      );
    }
    return text;
  };
}

/** Writes each requested report and says so on standard error (`wrote <path>`). */
export function writeOutputs(
  outputs: OutputFiles,
  render: Partial<Record<OutputKind, () => string>>,
  io: CliIo,
): void {
  for (const kind of OUTPUT_KINDS) {
    const path = outputs[kind];
    const write = render[kind];
    if (path === undefined || write === undefined) continue;
    writeFileSync(path, write());
    io.stderr(`wrote ${path}\n`);
  }
}
