/**
 * Scenario family (d): flows recorded from FB-2010 runs under Fair and NAS, on a fabric
 * small enough for packet-level simulation — nas-sim's racks of 20 nodes (250 Mbps NICs,
 * 1 Gbps rack links, 5:1), 4 racks instead of 30, the trace's sizes scaled by SWIM's rule
 * (80 / 3,000 machines), its first 15 minutes, exact network model. Of each recorded
 * trace the flows that start in a window from 120 s and one from 200 s are kept, each as
 * long as keeps the bytes under a cap (packet-level cost grows with bytes).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { experimentPreset, runExperiment } from '@rackwise/experiments';
import { type FlowTrace, parseFlowTrace } from '@rackwise/flow-replay';
import type { Scenario } from './scenarios.js';

/** Nodes of the validation fabric, and SWIM's size scale for it (FB-2010: ~3,000 machines). */
export const FB_FABRIC = { racks: 4, nodesPerRack: 20 } as const;
export const FB_SIZE_SCALE = (FB_FABRIC.racks * FB_FABRIC.nodesPerRack) / 3000;

/**
 * Where the windows start: at 120 s three large shuffles overlap; at 200 s a dozen small
 * ones (FB-2010's bytes sit in a few huge jobs, so one window holds few jobs).
 */
const WINDOW_STARTS = [120, 200] as const;

/** Records one run's flow trace. */
export async function recordFb2010(policy: string, seed: number, hours: number): Promise<FlowTrace> {
  const base = experimentPreset('nas-sim');
  const preset = {
    ...base,
    name: 'nas-sim-4-racks',
    topology: { ...base.topology, name: 'nas-sim-4-racks', ...FB_FABRIC },
    // Fixed heartbeat phases: the recorded traces (and the ns-3 timings cached by them)
    // stay those of every earlier run, whatever the engine's default.
    engine: { ...base.engine, resolveInterval: 0, heartbeatPhases: 'spread' as const },
  };
  const dir = mkdtempSync(join(tmpdir(), 'rackwise-fb-'));
  try {
    const file = join(dir, 'flows.tsv');
    await runExperiment({
      preset,
      policies: [policy],
      seed,
      overrides: { hours, sizeScale: FB_SIZE_SCALE, users: 20 },
      parallelism: 1,
      flowTrace: file,
    });
    return parseFlowTrace(readFileSync(file, 'utf8'), file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The flows of a trace that start in `[from, from + w)`, with `w` the longest window
 * (in steps of 1 s) whose flows carry at most `maxBytes`. Returns the cut and `w`.
 */
export function windowOf(
  trace: FlowTrace,
  from: number,
  maxBytes: number,
): { trace: FlowTrace; seconds: number } {
  const sorted = trace.flows.filter((f) => f.start >= from).sort((a, b) => a.start - b.start || a.id - b.id);
  let bytes = 0;
  let seconds = 0;
  let taken = 0;
  for (let w = 1; w <= 3600; w++) {
    let k = taken;
    let add = 0;
    while (k < sorted.length && sorted[k]!.start < from + w) add += sorted[k++]!.bytes;
    if (bytes + add > maxBytes) break;
    bytes += add;
    taken = k;
    seconds = w;
  }
  return { trace: { fabric: trace.fabric, flows: sorted.slice(0, taken) }, seconds };
}

/** Family (d): Fair and NAS, seeds 1–3 (seed 1 calibrates, 2 and 3 judge); `quick` gives none. */
export async function fb2010Scenarios(
  quick: boolean,
  maxBytes = 1e9,
  seeds: readonly number[] = [1, 2, 3],
): Promise<Scenario[]> {
  if (quick) return [];
  const scenarios: Scenario[] = [];
  for (const policy of ['fair', 'nas']) {
    for (const seed of seeds) {
      const recorded = await recordFb2010(policy, seed, 0.25);
      for (const from of WINDOW_STARTS) {
        const { trace, seconds } = windowOf(recorded, from, maxBytes);
        const bytes = trace.flows.reduce((s, f) => s + f.bytes, 0);
        scenarios.push({
          name: `FB-2010 ${policy} seed ${seed} from ${from} s`,
          family: 'fb2010',
          trace,
          half: seed === seeds[0] ? 'calibrate' : 'judge',
          facts: {
            policy,
            seed,
            window: `${seconds} s from ${from} s`,
            flows: trace.flows.length,
            gigabytes: Number((bytes / 1e9).toFixed(2)),
          },
        });
      }
    }
  }
  return scenarios;
}
