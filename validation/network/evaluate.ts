/**
 * Times every scenario in ns-3 (cached by content) and under every model setting, and
 * states each setting's error against ns-3.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import {
  type FlowReplaySettings,
  type FlowTime,
  formatFlowTimes,
  formatFlowTrace,
  parseFlowTimes,
  replayFlowTrace,
} from '@rackwise/engine';
import { type FlowComparison, compareFlowTimes } from '@rackwise/experiments';
import { type TcpSetting, runNs3 } from './ns3.js';
import type { Scenario } from './scenarios.js';

/** ns-3's timing of one scenario under one TCP setting. */
export interface ReferenceTiming {
  readonly times: readonly FlowTime[];
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
  if (existsSync(file)) {
    const text = readFileSync(file, 'utf8');
    const cpu = /# cpu seconds (\S+)/.exec(text);
    return { times: parseFlowTimes(text, file), cpuSeconds: cpu === null ? Number.NaN : Number(cpu[1]) };
  }
  const run = runNs3(scenario.trace, setting);
  mkdirSync(CACHE, { recursive: true });
  writeFileSync(
    file,
    formatFlowTimes(run.times, [`cpu seconds ${run.cpuSeconds}`, `scenario ${scenario.name}`]),
  );
  return { times: run.times, cpuSeconds: run.cpuSeconds };
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
}

/** Replays a scenario under a model setting and compares it with ns-3's timing. */
export function evaluateSetting(
  scenario: Scenario,
  name: string,
  settings: FlowReplaySettings,
  reference: readonly FlowTime[],
): SettingResult {
  const before = process.cpuUsage();
  const replay = replayFlowTrace(scenario.trace, settings);
  const used = process.cpuUsage(before);
  return {
    setting: name,
    times: replay.times,
    comparison: compareFlowTimes(scenario.trace, replay.times, reference),
    cpuSeconds: (used.user + used.system) / 1e6,
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
