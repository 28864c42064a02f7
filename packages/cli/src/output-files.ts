import { statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CliIo } from './cli-io.js';
import { stringOption } from './option-values.js';
import { UsageError } from './usage-error.js';

/** Where to write reports (absolute paths). */
export interface OutputFiles {
  readonly json?: string;
  readonly csv?: string;
  readonly html?: string;
}

/**
 * Resolves `--json`, `--csv` and `--html` against `cwd` and checks, before anything
 * runs, that each names a file in an existing directory.
 */
export function checkOutputFiles(
  values: Readonly<Record<string, string | boolean | undefined>>,
  cwd: string,
): OutputFiles {
  const files: Record<string, string> = {};
  for (const option of ['json', 'csv', 'html'] as const) {
    const text = stringOption(values, option);
    if (text === undefined) continue;
    if (text === '') throw new UsageError(`--${option} needs a file name`);
    const path = resolve(cwd, text);
    const directory = dirname(path);
    let isDirectory = false;
    try {
      isDirectory = statSync(directory).isDirectory();
    } catch {}
    if (!isDirectory) throw new UsageError(`--${option}: directory ${directory} does not exist`);
    try {
      if (statSync(path).isDirectory())
        throw new UsageError(`--${option}: ${path} is a directory, not a file`);
    } catch (error) {
      if (error instanceof UsageError) throw error;
    }
    files[option] = path;
  }
  return files;
}

/** Writes each requested report and says so on standard error (`wrote <path>`). */
export function writeOutputs(
  outputs: OutputFiles,
  render: Partial<Record<keyof OutputFiles, () => string>>,
  io: CliIo,
): void {
  for (const kind of ['json', 'csv', 'html'] as const) {
    const path = outputs[kind];
    const write = render[kind];
    if (path === undefined || write === undefined) continue;
    writeFileSync(path, write());
    io.stderr(`wrote ${path}\n`);
  }
}
