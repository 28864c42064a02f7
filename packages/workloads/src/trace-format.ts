import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { decodeTraceBytes } from './internal/trace-bytes.js';

/** Trace formats `rackwise run --trace` reads. */
export const TRACE_FORMATS = ['swim', 'coflow', 'spark', 'rumen'] as const;
/** One of {@link TRACE_FORMATS}. */
export type TraceFormat = (typeof TRACE_FORMATS)[number];

/**
 * The format of a trace file from its start: a rolling `eventlog_v2_*` directory or JSON
 * lines with an `"Event"` field are Spark; JSON with a `"jobID"` field is Rumen; a first
 * line of two integers is coflow-benchmark; anything else is taken for SWIM (whose reader
 * then says what is wrong).
 * @throws Error naming the file when it cannot be read, and as the readers for a refused
 * compression codec.
 */
export function detectTraceFormat(path: string): TraceFormat {
  let directory: boolean;
  try {
    directory = statSync(path).isDirectory();
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (directory) return 'spark';
  const buffer = Buffer.alloc(65_536);
  const fd = openSync(path, 'r');
  let length: number;
  try {
    length = readSync(fd, buffer, 0, buffer.length, 0);
  } finally {
    closeSync(fd);
  }
  const head = buffer.subarray(0, length);
  let text: string;
  try {
    text = decodeTraceBytes(head, basename(path));
  } catch (error) {
    // A compressed file's head is not a whole stream: decompression of a prefix fails;
    // a refused codec or binary content stays an error.
    if (/not supported|binary content/.test((error as Error).message)) throw error;
    text = '';
  }
  const start = text.trimStart();
  if (start.startsWith('{')) return /"Event"\s*:/.test(start.slice(0, 2000)) ? 'spark' : 'rumen';
  if (text === '' && /\.(zstd|zst)$/.test(path)) return 'spark';
  if (text === '' && /\.gz$/.test(path)) return 'rumen';
  const first = start.split('\n')[0]?.trim().split(/\s+/) ?? [];
  if (first.length === 2 && first.every((f) => /^\d+$/.test(f))) return 'coflow';
  return 'swim';
}
