import { resolve } from 'node:path';
import {
  type StageTable,
  type TraceSummary,
  assignRacks,
  stageTable,
  summarizeTrace,
} from '@rackwise/workloads';
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
  summary:
    'Describe a recorded trace: `trace info <file>` (Spark event log or Rumen job history), `--stages` per stage.',
  positionals: ['info', '<file>'],
  requiredPositionals: 2,
  options: {
    ...RECORDED_TRACE_OPTIONS,
    json: { type: 'boolean', description: 'print the description as JSON instead of a table' },
    stages: {
      type: 'boolean',
      description:
        'a table per stage: tasks, input, shuffle read and written, task-time p50/p90/max, skew (max ÷ median) and the critical path',
    },
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
  if (values.stages === true) {
    const table = stageTable(trace);
    io.stdout(values.json === true ? `${JSON.stringify(table, null, 2)}\n` : stagesText(table));
    return 0;
  }
  io.stdout(values.json === true ? `${JSON.stringify(summary, null, 2)}\n` : summaryTable(summary));
  return 0;
}

/** The per-stage table (critical-path stages marked `*`) and the path below it. */
export function stagesText(t: StageTable): string {
  const head = [
    'stage',
    'tasks',
    'input',
    'shuffle read',
    'shuffle written',
    'task p50 s',
    'p90 s',
    'max s',
    'skew',
    'stage s',
  ];
  const rows = t.stages.map((s) => [
    `${s.onCriticalPath ? '*' : ' '} ${s.stage}`,
    String(s.tasks),
    bytes(s.inputBytes),
    bytes(s.shuffleReadBytes),
    bytes(s.shuffleWriteBytes),
    s.taskSecondsP50.toFixed(2),
    s.taskSecondsP90.toFixed(2),
    s.taskSecondsMax.toFixed(2),
    Number.isFinite(s.skew) ? s.skew.toFixed(2) : '—',
    s.seconds.toFixed(2),
  ]);
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c]!.length)));
  const line = (cells: readonly string[]) =>
    cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ');
  return `${[line(head), ...rows.map(line)].join('\n')}\n\ncritical path (*): ${t.criticalPath.join(' → ')} — ${t.criticalPathSeconds.toFixed(2)} s of recorded stage time\n`;
}

const MB = 1024 * 1024;

/** Bytes in B, KiB, MiB or GiB. */
function bytes(b: number): string {
  if (b < 1024) return `${b} B`;
  const [unit, size] = b < MB ? ['KiB', 1024] : b < 1024 * MB ? ['MiB', MB] : ['GiB', 1024 * MB];
  return `${(b / size).toFixed(1)} ${unit}`;
}

/** The summary as a two-column table and the assumptions below it. */
export function summaryTable(s: TraceSummary): string {
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
