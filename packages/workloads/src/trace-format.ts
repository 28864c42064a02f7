import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { foreignTraceError } from './internal/foreign-traces.js';
import { isJobHistory } from './internal/job-history-events.js';
import { codecOfName, decodeTraceHead } from './internal/trace-bytes.js';

const HEAD_BYTES = 1 << 20;

/** Trace formats `rackwise run --trace` reads. */
export const TRACE_FORMATS = ['swim', 'coflow', 'spark', 'rumen'] as const;
/** One of {@link TRACE_FORMATS}. */
export type TraceFormat = (typeof TRACE_FORMATS)[number];

/**
 * The format of a trace file from its start: a rolling `eventlog_v2_*` directory or JSON
 * lines with an `"Event"` field are Spark; JSON with a `"jobID"` field is Rumen; a first
 * line of two integers is coflow-benchmark; a MapReduce job history (`.jhist`) is read as
 * Rumen; anything else is taken for SWIM (whose reader
 * then says what is wrong). Compressed files are looked at decompressed.
 * @throws Error naming the file when it cannot be read, is empty, or is a JSON array (each by its own name), and as the readers for a refused codec.
 */
export function detectTraceFormat(path: string): TraceFormat {
  let directory: boolean;
  try {
    directory = statSync(path).isDirectory();
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (directory) return 'spark';
  // Enough for the first events or records of a compressed file (its blocks decode whole).
  const buffer = Buffer.alloc(HEAD_BYTES);
  const fd = openSync(path, 'r');
  let length: number;
  try {
    length = readSync(fd, buffer, 0, buffer.length, 0);
  } finally {
    closeSync(fd);
  }
  const text = decodeTraceHead(buffer.subarray(0, length), basename(path));
  if (isJobHistory(text)) return 'rumen';
  const foreign = foreignTraceError(text, basename(path), length < buffer.length);
  if (foreign !== undefined) throw foreign;
  const start = text.trimStart();
  if (start.startsWith('{')) return /"Event"\s*:/.test(start.slice(0, 2000)) ? 'spark' : 'rumen';
  if (text === '' && codecOfName(path) === 'zstd') return 'spark';
  const first = start.split('\n')[0]?.trim().split(/\s+/) ?? [];
  if (first.length === 2 && first.every((f) => /^\d+$/.test(f))) return 'coflow';
  return 'swim';
}
