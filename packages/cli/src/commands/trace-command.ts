import { resolve } from 'node:path';
import { type TraceSummary, assignRacks, summarizeTrace } from '@rackwise/workloads';
import type { CliIo } from '../cli-io.js';
import { type CommandSpec, parseCommandLine } from '../command-line.js';
import { UsageError } from '../usage-error.js';
import {
  RECORDED_TRACE_OPTIONS,
  rackRuleOf,
  readRecordedTrace,
  traceFormatOf,
} from './recorded-trace-options.js';

/** `rackwise trace info <file>`: what a Spark event log or Rumen job history holds. */
export const TRACE_COMMAND: CommandSpec = {
  name: 'trace',
  summary: 'Describe a recorded trace: `trace info <file>` (Spark event log or Rumen job history).',
  positionals: ['info', '<file>'],
  requiredPositionals: 2,
  options: {
    ...RECORDED_TRACE_OPTIONS,
    json: { type: 'boolean', description: 'print the description as JSON instead of a table' },
    help: { type: 'boolean', short: 'h', description: 'show this help' },
  },
};

/** Runs `trace info`. */
export function traceCommand(argv: readonly string[], io: CliIo): number {
  const { values, positionals } = parseCommandLine(TRACE_COMMAND, argv);
  if (positionals[0] !== 'info')
    throw new UsageError(`unknown trace verb ${JSON.stringify(positionals[0])}; verbs: info`);
  const path = resolve(io.cwd, positionals[1] as string);
  const trace = readRecordedTrace(path, traceFormatOf(path, values));
  let racks: ReturnType<typeof assignRacks>;
  try {
    racks = assignRacks(trace, rackRuleOf(values, io.cwd));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const summary = summarizeTrace(trace, racks);
  io.stdout(values.json === true ? `${JSON.stringify(summary, null, 2)}\n` : summaryTable(summary));
  return 0;
}

const MB = 1024 * 1024;

/** The summary as a two-column table and the assumptions below it. */
export function summaryTable(s: TraceSummary): string {
  const bytes = (b: number) => {
    if (b < 1024) return `${b} B`;
    const [unit, size] = b < MB ? ['KiB', 1024] : b < 1024 * MB ? ['MiB', MB] : ['GiB', 1024 * MB];
    return `${(b / size).toFixed(1)} ${unit}`;
  };
  const rows: [string, string][] = [
    ['file', `${s.file} (${s.format})`],
    ['applications', `${s.applications} (scheduler: ${s.schedulers.join(', ')})`],
    ['stages', `${s.stages} (${s.dependentStages} wait for parents)`],
    ['tasks', String(s.tasks)],
    ['input', bytes(s.inputBytes)],
    ['shuffle written', bytes(s.shuffleWriteBytes)],
    ['shuffle read', `${bytes(s.shuffleReadBytes)} (remote ${bytes(s.remoteShuffleReadBytes)})`],
    ['fetch wait', `${s.fetchWaitSeconds.toFixed(1)} task-s`],
    ['hosts', `${s.hosts} (${s.slots} slots)`],
    ['racks', `${s.racks.map((r) => `${r.name}: ${r.hosts}`).join(', ')} — ${s.rackRule}`],
    ['time span', `${s.span.toFixed(1)} s from ${s.start}`],
  ];
  const width = Math.max(...rows.map((r) => r[0].length));
  const table = rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n');
  return `${table}\n\nassumptions:\n${s.assumptions.map((a) => `  - ${a}`).join('\n')}\n`;
}
