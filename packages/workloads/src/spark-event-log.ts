import { readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { foreignTraceError } from './internal/foreign-traces.js';
import { type EventLine, eventLines } from './internal/spark-events.js';
import { createSparkLogState, readSparkEvent } from './internal/spark-log-events.js';
import { buildSparkTrace } from './internal/spark-trace.js';
import { readTraceText } from './internal/trace-bytes.js';
import type { RecordedTrace } from './recorded-trace.js';

/** A rolling event log directory's name: `eventlog_v2_<application id>`. */
const ROLLING_DIR = /^eventlog_v2_/;
/** A rolling event log part: `events_<n>_<application id>[.<codec>]`. */
const ROLLING_PART = /^events_(\d+)_/;

/**
 * Reads a Spark event log: one file (JSON lines, plain or zstd-compressed) or a rolling
 * `eventlog_v2_*` directory (its `events_<n>_*` parts in order).
 *
 * Kept: the application (id, name, user, `spark.scheduler.mode`), executors' hosts and
 * cores (a host's slots: the most cores of executors alive on it at once, as executors are
 * added and removed), each stage that completed (its parents, submission and completion, and one
 * successful attempt per task: host, launch, finish, executor run time minus fetch wait,
 * input, shuffle read — local and remote —, shuffle written, fetch wait). Failed and
 * speculative attempts and skipped stages are counted in `assumptions`, not replayed.
 *
 * @throws Error naming the file, line and field of the first malformed event; a stage
 * submitted but never completed, or completed with tasks missing (a truncated or
 * in-progress log); binary content; an unsupported compression codec by name.
 */
export function readSparkEventLog(path: string): RecordedTrace {
  const parts = sparkLogParts(path);
  const lines: EventLine[] = [];
  let cut: string | undefined;
  parts.forEach((part, i) => {
    const text = readTraceText(part, basename(part), 'readSparkEventLog');
    // Only the last part of a log can be under way.
    const events = eventLines(refuseForeign(text, basename(part)), basename(part), i === parts.length - 1);
    lines.push(...events.lines);
    cut = events.cut;
  });
  return parseSparkEvents(lines, basename(path), cut);
}

/**
 * Parses the text of one Spark event log file (already decompressed).
 * @throws Error as {@link readSparkEventLog}.
 */
export function parseSparkEventLog(text: string, fileName: string): RecordedTrace {
  if (typeof text !== 'string') throw new Error(`parseSparkEventLog: text of ${fileName} must be a string`);
  const events = eventLines(refuseForeign(text, fileName), fileName, true);
  return parseSparkEvents(events.lines, fileName, events.cut);
}

/** The text, unless it is a `.jhist` or a JSON array (refused by their own names). */
function refuseForeign(text: string, fileName: string): string {
  const foreign = foreignTraceError(text.slice(0, 4096), fileName, false);
  if (foreign !== undefined) throw foreign;
  return text;
}

/** The files of an event log: the file itself, or a rolling directory's parts in order. */
function sparkLogParts(path: string): string[] {
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    throw new Error(`readSparkEventLog: cannot read ${path}: ${(error as Error).message}`);
  }
  if (!isDirectory) return [path];
  const name = basename(path);
  if (!ROLLING_DIR.test(name)) {
    throw new Error(
      `readSparkEventLog: ${name} is a directory but not a rolling event log (eventlog_v2_<app id>)`,
    );
  }
  const parts = readdirSync(path)
    .map((file) => ({ file, match: ROLLING_PART.exec(file) }))
    .filter((p) => p.match !== null)
    .map((p) => ({ file: p.file, n: Number(p.match![1]) }))
    .sort((a, b) => a.n - b.n);
  if (parts.length === 0) throw new Error(`readSparkEventLog: ${name} holds no events_<n>_* file`);
  for (let i = 1; i < parts.length; i++) {
    if (parts[i]!.n !== parts[i - 1]!.n + 1) {
      throw new Error(
        `readSparkEventLog: ${name} lacks events_${parts[i - 1]!.n + 1}_*: the rolling log has a gap`,
      );
    }
  }
  return parts.map((p) => join(path, p.file));
}

function parseSparkEvents(lines: readonly EventLine[], name: string, cut: string | undefined): RecordedTrace {
  if (lines.length === 0) throw new Error(`${name}: no events (an empty event log)`);
  const start = lines.find((l) => l.event === 'SparkListenerApplicationStart');
  if (start === undefined)
    throw new Error(`${name}: no SparkListenerApplicationStart event: not a whole Spark event log`);
  const log = createSparkLogState(start.fields.integer('Timestamp'));
  for (const line of lines) readSparkEvent(log, line);
  return buildSparkTrace(name, start, log, cut);
}
