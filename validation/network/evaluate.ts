/**
 * Times every scenario in ns-3 (cached by content) and under every model setting, and
 * states each setting's error against ns-3.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type FlowComparison, compareFlowTimes } from '@rackwise/experiments';
import {
  type FlowReplaySettings,
  type FlowTime,
  formatFlowTimes,
  formatFlowTrace,
  parseFlowTimes,
  replayFlowTrace,
} from '@rackwise/flow-replay';
import { LINK_BIN, type TcpSetting, parseLinkBytes, runNs3 } from './ns3.js';
import type { Scenario } from './scenarios.js';

/** ns-3's timing of one scenario under one TCP setting. */
export interface ReferenceTiming {
  readonly times: readonly FlowTime[];
  readonly linkBytes: readonly (readonly [number, number, number])[];
  readonly cpuSeconds: number;
}

const CACHE = new URL('../.cache/', import.meta.url).pathname;

/**
 * ns-3's timing, from the cache when the same trace ran under the same setting and harness
 * sources before (the key hashes all three), else run now.
 */
export function referenceTiming(
  scenario: Scenario,
  setting: TcpSetting,
  harnessHash: string,
): ReferenceTiming {
  const key = createHash('sha256')
    .update(formatFlowTrace(scenario.trace))
    .update(setting.args.join(' '))
    .update(harnessHash)
    .digest('hex')
    .slice(0, 24);
  const file = `${CACHE}${key}.tsv`;
  const links = `${CACHE}${key}.links.tsv`;
  if (existsSync(file) && existsSync(links)) {
    const text = readFileSync(file, 'utf8');
    const cpu = /# cpu seconds (\S+)/.exec(text);
    return {
      times: parseFlowTimes(text, file),
      linkBytes: parseLinkBytes(readFileSync(links, 'utf8')),
      cpuSeconds: cpu === null ? Number.NaN : Number(cpu[1]),
    };
  }
  const run = runNs3(scenario.trace, setting);
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(links, run.linkBytes.map((r) => r.join('\t')).join('\n'));
  writeFileSync(
    file,
    formatFlowTimes(run.times, [`cpu seconds ${run.cpuSeconds}`, `scenario ${scenario.name}`]),
  );
  return { times: run.times, linkBytes: run.linkBytes, cpuSeconds: run.cpuSeconds };
}

/** A hash of the harness sources, so a changed harness is run again. */
export function harnessHash(): string {
  const dir = new URL('../ns3/', import.meta.url).pathname;
  const hash = createHash('sha256');
  for (const f of [
    'trace.h',
    'trace.cc',
    'network.h',
    'network.cc',
    'flows.h',
    'flows.cc',
    'rackwise-ns3.cc',
  ]) {
    if (existsSync(`${dir}${f}`)) hash.update(readFileSync(`${dir}${f}`));
  }
  return hash.digest('hex');
}

/** A model setting's timing of a scenario and its error against the reference. */
export interface SettingResult {
  readonly setting: string;
  readonly times: readonly FlowTime[];
  readonly comparison: FlowComparison;
  /** CPU seconds of the replay (this process). */
  readonly cpuSeconds: number;
  /** Rack-link utilisation per 100 ms bin against ns-3's. */
  readonly utilisation: ReturnType<typeof utilisationError>;
  readonly linkBytes: readonly (readonly [number, number, number])[];
}

/** Replays a scenario under a model setting and compares it with ns-3's timing. */
export function evaluateSetting(
  scenario: Scenario,
  name: string,
  settings: FlowReplaySettings,
  reference: ReferenceTiming,
): SettingResult {
  const before = process.cpuUsage();
  const replay = replayFlowTrace(scenario.trace, settings);
  const used = process.cpuUsage(before);
  const binned = replayFlowTrace(scenario.trace, { ...settings, linkBin: LINK_BIN });
  return {
    setting: name,
    times: replay.times,
    comparison: compareFlowTimes(scenario.trace, replay.times, reference.times),
    cpuSeconds: (used.user + used.system) / 1e6,
    utilisation: utilisationError(scenario, binned.linkBytes, reference.linkBytes),
    linkBytes: binned.linkBytes,
  };
}

/**
 * Goodput of an incast: the bytes all senders delivered over the time from the first
 * start to the last byte, as a fraction of the receiver's line rate.
 */
export function incastGoodput(scenario: Scenario, times: readonly FlowTime[]): number {
  const flows = scenario.trace.flows;
  const bytes = flows.reduce((s, f) => s + f.bytes, 0);
  const start = flows.reduce((s, f) => Math.min(s, f.start), Number.POSITIVE_INFINITY);
  const end = times.reduce((s, t) => Math.max(s, t.end), 0);
  return (bytes * 8) / (end - start) / scenario.trace.fabric.nicBitsPerSecond;
}

/** Utilisation of every rack link per bin (`LINK_BIN`), by link: bytes × 8 ÷ (bin × capacity). */
export function rackUtilisation(
  scenario: Scenario,
  linkBytes: readonly (readonly [number, number, number])[],
): Map<number, Map<number, number>> {
  const { fabric } = scenario.trace;
  const nodes = fabric.racks * fabric.nodesPerRack;
  const series = new Map<number, Map<number, number>>();
  for (const [link, start, bytes] of linkBytes) {
    if (link < 2 * nodes) continue;
    const capacity =
      link < 2 * nodes + fabric.racks ? fabric.rackUplinkBitsPerSecond : fabric.rackDownlinkBitsPerSecond;
    const bin = Math.round(start / LINK_BIN);
    const perLink = series.get(link) ?? new Map<number, number>();
    perLink.set(bin, (perLink.get(bin) ?? 0) + (bytes * 8) / (LINK_BIN * capacity));
    series.set(link, perLink);
  }
  return series;
}

/**
 * Mean |model − ns-3| utilisation over the rack-link bins where either carried bytes
 * (utilisation points, 0–1), and the mean utilisation of those bins under each.
 */
export function utilisationError(
  scenario: Scenario,
  model: readonly (readonly [number, number, number])[],
  reference: readonly (readonly [number, number, number])[],
): {
  readonly meanAbsolute: number;
  readonly model: number;
  readonly reference: number;
  readonly bins: number;
} {
  const m = rackUtilisation(scenario, model);
  const r = rackUtilisation(scenario, reference);
  let sum = 0;
  let sumModel = 0;
  let sumReference = 0;
  let bins = 0;
  for (const link of new Set([...m.keys(), ...r.keys()])) {
    const a = m.get(link) ?? new Map<number, number>();
    const b = r.get(link) ?? new Map<number, number>();
    for (const bin of new Set([...a.keys(), ...b.keys()])) {
      const x = a.get(bin) ?? 0;
      const y = b.get(bin) ?? 0;
      sum += Math.abs(x - y);
      sumModel += x;
      sumReference += y;
      bins++;
    }
  }
  return bins === 0
    ? { meanAbsolute: Number.NaN, model: Number.NaN, reference: Number.NaN, bins }
    : { meanAbsolute: sum / bins, model: sumModel / bins, reference: sumReference / bins, bins };
}
