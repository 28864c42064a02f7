import type { EngineParameters } from '@rackwise/engine';
import { type CoflowRecord, coflowFabric, replayCoflows } from '@rackwise/flow-replay';
import { detectTraceFormat, readCoflowTrace } from '@rackwise/workloads';
import type { CliIo } from '../cli-io.js';
import { type OutputFiles, writeOutputs } from '../output-files.js';
import { UsageError } from '../usage-error.js';

/**
 * Whether a trace file is in the coflow-benchmark format: its first non-blank line is
 * `<ports> <coflows>` (two integers). SWIM traces start with a six-field job line.
 */
export function isCoflowTrace(path: string): boolean {
  return detectTraceFormat(path) === 'coflow';
}

/**
 * Replays a coflow-benchmark trace at CoflowSim's fabric — one machine per rack, every
 * rack link 2^30 bit/s — through the exact max-min flow network, and prints the coflow
 * completion times (mean, p50, p95, max) and what the replay cost. `hours` keeps the
 * coflows that arrive in the trace's first hours. `--json` writes the whole result,
 * `--csv` one row per coflow, `--html` a self-contained page with both. Engine
 * parameters used: `resolveInterval` and `flowModel` (the caller refuses the others).
 */
export function replayCoflowTraceCommand(
  path: string,
  engine: Partial<EngineParameters> | undefined,
  outputs: OutputFiles,
  io: CliIo,
  hours?: number,
): number {
  let trace: ReturnType<typeof readCoflowTrace>;
  try {
    trace = readCoflowTrace(path);
  } catch (error) {
    throw new UsageError(`--trace: ${(error as Error).message}`);
  }
  if (hours !== undefined) {
    const first = trace.coflows.reduce((m, c) => Math.min(m, c.arrivalTime), Number.POSITIVE_INFINITY);
    trace = { ...trace, coflows: trace.coflows.filter((c) => c.arrivalTime < first + hours * 3600) };
  }
  const topology = coflowFabric(trace.rackCount);
  const cpu = process.cpuUsage();
  const result = replayCoflows(topology, trace.coflows, {
    ...(engine?.resolveInterval === undefined ? {} : { resolveInterval: engine.resolveInterval }),
    ...(engine?.flowModel === undefined ? {} : { flowModel: engine.flowModel }),
  });
  const used = process.cpuUsage(cpu);
  const durations = result.coflows.map((c) => c.duration).sort((a, b) => a - b);
  const at = (q: number) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))] ?? 0;
  const s = (x: number) => `${x.toFixed(3)} s`;
  const lines = [
    `${trace.name} · ${trace.coflows.length} coflows on ${trace.rackCount} racks (one machine each, 2^30 bit/s links)${hours === undefined ? '' : ` · first ${hours} h`}`,
    `coflow completion time: mean ${s(result.meanDuration)}, p50 ${s(at(0.5))}, p95 ${s(at(0.95))}, max ${s(at(1))}`,
    `${result.flows} flows, ${result.solves} solves, at most ${result.peakBundles} paths at once; ${((used.user + used.system) / 1e6).toFixed(2)} CPU s`,
  ];
  io.stdout(`${lines.join('\n')}\n`);
  writeOutputs(
    outputs,
    {
      json: () => `${JSON.stringify(result, null, 2)}\n`,
      csv: () => coflowCsv(result.coflows),
      html: () => coflowHtml(trace.name, lines, result.coflows),
    },
    io,
  );
  return 0;
}

const CSV_COLUMNS = ['id', 'arrivalTime', 'completionTime', 'duration', 'crossRackBytes', 'flows'] as const;

/** One row per coflow, numbers in their shortest round-trip form. */
export function coflowCsv(coflows: readonly CoflowRecord[]): string {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v);
  const rows = coflows.map((c) =>
    CSV_COLUMNS.map((k) => (k === 'id' ? quote(c.id) : String(c[k]))).join(','),
  );
  return `${[CSV_COLUMNS.join(','), ...rows].join('\n')}\n`;
}

const escapeHtml = (v: string): string =>
  v.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** A self-contained page: the summary lines and every coflow's record in a table. */
export function coflowHtml(
  name: string,
  summary: readonly string[],
  coflows: readonly CoflowRecord[],
): string {
  const head = CSV_COLUMNS.map((k) => `<th>${k}</th>`).join('');
  const rows = coflows
    .map((c) => `<tr>${CSV_COLUMNS.map((k) => `<td>${escapeHtml(String(c[k]))}</td>`).join('')}</tr>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(name)} — coflow replay</title>
<style>body{font-family:system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{padding:2px 8px;text-align:right;border-bottom:1px solid #ddd}</style></head>
<body><h1>${escapeHtml(name)}</h1>
${summary.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<table><thead><tr>${head}</tr></thead><tbody>
${rows}
</tbody></table></body></html>
`;
}
