import { type EngineParameters, coflowFabric, replayCoflows } from '@rackwise/engine';
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
 * completion times (mean, p50, p95, max) and what the replay cost. `--json` writes every
 * coflow's record. Engine parameters used: `resolveInterval` and `flowModel`.
 */
export function replayCoflowTraceCommand(
  path: string,
  engine: Partial<EngineParameters> | undefined,
  outputs: OutputFiles,
  io: CliIo,
): number {
  let trace: ReturnType<typeof readCoflowTrace>;
  try {
    trace = readCoflowTrace(path);
  } catch (error) {
    throw new UsageError(`--trace: ${(error as Error).message}`);
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
  io.stdout(
    `${trace.name} · ${trace.coflows.length} coflows on ${trace.rackCount} racks (one machine each, 2^30 bit/s links)\n`,
  );
  io.stdout(
    `coflow completion time: mean ${s(result.meanDuration)}, p50 ${s(at(0.5))}, p95 ${s(at(0.95))}, max ${s(at(1))}\n`,
  );
  io.stdout(
    `${result.flows} flows, ${result.solves} solves, at most ${result.peakBundles} paths at once; ${((used.user + used.system) / 1e6).toFixed(2)} CPU s\n`,
  );
  writeOutputs(outputs, { json: () => `${JSON.stringify(result, null, 2)}\n` }, io);
  return 0;
}
