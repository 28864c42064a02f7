import { resolve } from 'node:path';
import {
  type RackRule,
  type RecordedTrace,
  TRACE_FORMATS,
  type TraceFormat,
  detectTraceFormat,
  readRumenJobHistory,
  readSparkEventLog,
} from '@rackwise/workloads';
import type { OptionSpec } from '../command-line.js';
import { stringOption } from '../option-values.js';
import { UsageError } from '../usage-error.js';

/** Options every command reading a recorded trace takes. */
export const RECORDED_TRACE_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  'trace-format': {
    type: 'string',
    value: '<format>',
    description: `the trace's format, one of ${TRACE_FORMATS.join(', ')}; default: detected from the file`,
  },
  'racks-from': {
    type: 'string',
    value: '<regex>',
    description: "a host's rack: the regex's first capture group (or whole match) on its name",
  },
  'racks-file': {
    type: 'string',
    value: '<path>',
    description:
      'a host → rack file, "<host> <rack>" per line; default: racks the trace records, else one "default-rack"',
  },
};

/**
 * The trace format: `--trace-format` or detected. A file that cannot be detected is
 * refused under `option` (`--trace` when the file came with it); the detector's message
 * already names the file, so a file given as a positional (`trace info <file>`) passes
 * no option.
 */
export function traceFormatOf(
  path: string,
  values: Readonly<Record<string, string | boolean | undefined>>,
  option?: string,
): TraceFormat {
  const given = stringOption(values, 'trace-format');
  if (given !== undefined) {
    if (!(TRACE_FORMATS as readonly string[]).includes(given)) {
      throw new UsageError(
        `--trace-format: expected one of ${TRACE_FORMATS.join(', ')}, got ${JSON.stringify(given)}`,
      );
    }
    return given as TraceFormat;
  }
  try {
    return detectTraceFormat(path);
  } catch (error) {
    const message = (error as Error).message;
    throw new UsageError(option === undefined ? message : `${option}: ${message}`);
  }
}

/** Reads a Spark or Rumen trace; a refusal is a usage error (nothing ran). */
export function readRecordedTrace(path: string, format: TraceFormat): RecordedTrace {
  if (format !== 'spark' && format !== 'rumen') {
    throw new UsageError(
      `${path}: a ${format} trace records no tasks; trace info and replays read spark or rumen traces`,
    );
  }
  try {
    return format === 'spark' ? readSparkEventLog(path) : readRumenJobHistory(path);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** The rack rule of `--racks-from` / `--racks-file` (not both). */
export function rackRuleOf(
  values: Readonly<Record<string, string | boolean | undefined>>,
  cwd: string,
): RackRule {
  const pattern = stringOption(values, 'racks-from');
  const file = stringOption(values, 'racks-file');
  if (pattern !== undefined && file !== undefined)
    throw new UsageError('give --racks-from or --racks-file, not both');
  if (pattern !== undefined) return { kind: 'regex', pattern };
  if (file !== undefined) return { kind: 'file', path: resolve(cwd, file) };
  return { kind: 'recorded' };
}
