/**
 * The kernel validation's figures: every kernel scenario timed by Linux under each TCP
 * setting (repetitions), by ns-3 (the reference setting, cached) and by every model
 * setting of the engine; each one's error against the others.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { NETWORK_SETTINGS, compareFlowTimes } from '@rackwise/experiments';
import { type FlowTime, replayFlowTrace } from '@rackwise/flow-replay';
import type { ScenarioResult } from '../network/collect.js';
import { harnessHash, incastGoodput, referenceTiming } from '../network/evaluate.js';
import { TCP_SETTINGS } from '../network/ns3.js';
import type { Scenario } from '../network/scenarios.js';
import { againstSpread, traceOrigin } from './cut-origin.js';
import {
  HOST_BITS_PER_SECOND,
  KERNEL_SETTINGS,
  type KernelRun,
  LONE_MIN_SHARE,
  REPETITION_TOLERANCE,
  availableCongestionControl,
  keepCollapsed,
  median,
  medianFct,
  refusal,
  runKernel,
} from './harness.js';

/** A figure over repetitions: their median, least and greatest. */
export interface Spread {
  readonly median: number;
  readonly min: number;
  readonly max: number;
}

export function spreadOf(values: readonly number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/** One model setting against Linux (per repetition, then spread) and against ns-3. */
export interface ModelAgainst {
  /** Last byte, model ÷ Linux − 1. */
  readonly lastByte: Spread;
  /**
   * Job shuffle completion, model ÷ Linux − 1 (median over jobs; one job in most
   * families). Absent for a setting scored after the run (`rescoreLastByte`).
   */
  readonly jobBias?: Spread;
  /** Median |error| of flows ≥ 100 KB against Linux; absent as `jobBias`. */
  readonly largeFlowsAbsP50?: Spread;
  /** Incast: goodput model ÷ Linux. */
  readonly goodputRatio?: Spread;
  /** Last byte, model ÷ ns-3 − 1. */
  readonly lastByteVsNs3: number;
}

/** One scenario under one Linux setting. */
export interface KernelFigures {
  readonly scale: number;
  readonly loneShare: number;
  readonly lastByte: Spread;
  readonly medianFct: Spread;
  readonly rtos: readonly number[];
  readonly retransmissions: readonly number[];
  readonly reorderedFlows: readonly number[];
  readonly startLag: number;
  readonly goodput?: Spread;
  /** Linux ÷ ns-3 − 1 (ns-3 under its reference, reno-200ms). */
  readonly vsNs3: { readonly lastByte: Spread; readonly medianFct: Spread; readonly goodputRatio?: Spread };
  readonly models: Readonly<Record<string, ModelAgainst>>;
  readonly wallSeconds: number;
  /**
   * The all-to-all family's flows per repetition, in the trace's time and seconds to the
   * microsecond: `[id, start, end]` in id order. Written to `all-to-all-flow-times.json`,
   * not to results.json.
   */
  readonly flowTimes?: RunFlowTimes;
  /** Tries of this setting that were refused before or besides this run, oldest first. */
  readonly otherTries?: readonly string[];
}

/** One run's flows per repetition: `[flow id, start, end]` in trace seconds. */
export type RunFlowTimes = readonly (readonly (readonly [number, number, number])[])[];

/** A setting whose run was refused, and why. */
export interface RefusedRun {
  readonly refused: string;
  /** Earlier tries of the setting that were refused too, oldest first. */
  readonly otherTries?: readonly string[];
}

export interface KernelScenarioResult
  extends Pick<ScenarioResult, 'name' | 'family' | 'half' | 'facts' | 'flows' | 'bytes'> {
  readonly ns3?: { readonly lastByte: number; readonly medianFct: number; readonly goodput?: number };
  /** By Linux setting; a refused run keeps its reason instead. */
  readonly linux: Readonly<Record<string, KernelFigures | RefusedRun>>;
  /** The run that timed it (the latest, where its settings were timed apart); absent in results written before runs were named. */
  readonly timed?: Timed;
}

/** When, on which kernel and at which commit figures were timed. */
export interface Timed {
  readonly date: string;
  readonly kernel: string;
  readonly commit: string;
}

export interface KernelResults {
  readonly quick: boolean;
  readonly date: string;
  readonly kernel: string;
  readonly commit: string;
  readonly hostBitsPerSecond: number;
  readonly repetitions: number;
  readonly checks: { readonly loneMinShare: number; readonly repetitionTolerance: number };
  readonly settings: Readonly<
    Record<string, { readonly description: string; readonly applied?: Readonly<Record<string, string>> }>
  >;
  /** Settings this kernel cannot run, with the reason. */
  readonly skipped: Readonly<Record<string, string>>;
  readonly scenarios: readonly KernelScenarioResult[];
}

/** Model settings compared: the engine's named ones and the header-overhead goodput. */
export function modelSettings(): Record<string, Parameters<typeof replayFlowTrace>[1]> {
  return {
    ...Object.fromEntries(Object.entries(NETWORK_SETTINGS).map(([n, s]) => [n, s.settings])),
    'exact+goodput': { linkGoodput: 0.96 },
  };
}

const lastByteOf = (times: readonly { end: number }[]): number =>
  times.reduce((m, t) => Math.max(m, t.end), 0);

function figuresOf(scenario: Scenario, run: KernelRun, ns3: KernelScenarioResult['ns3']): KernelFigures {
  const reps = run.repetitions;
  const lastBytes = reps.map((r) => lastByteOf(r.times));
  const fcts = reps.map((r) => medianFct(r.times));
  const incast = scenario.family === 'incast';
  // A cut of a recorded run is judged on its own span (`cut-origin.ts`).
  const origin = traceOrigin(scenario.trace);
  const vsNs3 = (x: number): number =>
    ns3 === undefined ? Number.NaN : (x - origin) / (ns3.lastByte - origin) - 1;
  const goodputs = incast ? reps.map((r) => incastGoodput(scenario, r.times)) : [];
  const models: Record<string, ModelAgainst> = {};
  for (const [name, settings] of Object.entries(modelSettings())) {
    const model = replayFlowTrace(scenario.trace, settings).times;
    const comparisons = reps.map((r) => compareFlowTimes(scenario.trace, model, r.times));
    const modelLast = lastByteOf(model);
    models[name] = {
      lastByte: spreadOf(comparisons.map((c) => c.makespanError)),
      jobBias: spreadOf(comparisons.map((c) => c.jobs.bias)),
      largeFlowsAbsP50: spreadOf(comparisons.map((c) => c.largeFlows.absP50)),
      ...(incast ? { goodputRatio: spreadOf(goodputs.map((g) => incastGoodput(scenario, model) / g)) } : {}),
      lastByteVsNs3: vsNs3(modelLast),
    };
  }
  return {
    scale: run.scale,
    loneShare: run.loneShare,
    lastByte: spreadOf(lastBytes),
    medianFct: spreadOf(fcts),
    rtos: reps.map((r) => r.rtos),
    retransmissions: reps.map((r) => r.retransmissions),
    reorderedFlows: reps.map((r) => r.reordered),
    startLag: Math.max(...reps.map((r) => r.startLag)),
    ...(incast ? { goodput: spreadOf(goodputs) } : {}),
    vsNs3: {
      lastByte: spreadOf(lastBytes.map(vsNs3)),
      medianFct: spreadOf(fcts.map((x) => (ns3 === undefined ? Number.NaN : x / ns3.medianFct - 1))),
      ...(incast && ns3?.goodput !== undefined
        ? { goodputRatio: spreadOf(goodputs.map((g) => g / ns3.goodput!)) }
        : {}),
    },
    models,
    wallSeconds: run.wallSeconds,
    ...(scenario.family === 'all-to-all' ? { flowTimes: reps.map((r) => flowTimesOf(r.times)) } : {}),
  };
}

const micro = (seconds: number): number => Math.round(seconds * 1e6) / 1e6;

/** One repetition's flows as `[id, start, end]` in id order, to the microsecond. */
function flowTimesOf(times: readonly FlowTime[]): [number, number, number][] {
  return [...times].sort((a, b) => a.id - b.id).map((t) => [t.id, micro(t.start), micro(t.end)]);
}

/**
 * What an interrupted run kept of a scenario (each setting timed without a refusal) and
 * which of the settings `names` still need running (refused or missing).
 */
export function resumed(
  kept: Pick<KernelScenarioResult, 'linux'> | undefined,
  names: readonly string[],
): {
  linux: Record<string, KernelFigures | RefusedRun>;
  toRun: string[];
  /** Per setting to run: the refusals of its earlier tries, oldest first. */
  refusals: Record<string, string[]>;
} {
  const linux: Record<string, KernelFigures | RefusedRun> = {};
  const refusals: Record<string, string[]> = {};
  for (const [name, f] of Object.entries(kept?.linux ?? {})) {
    if ('refused' in f) refusals[name] = [...(f.otherTries ?? []), f.refused];
    else linux[name] = f;
  }
  return { linux, toRun: names.filter((n) => linux[n] === undefined), refusals };
}

/**
 * Adds the last-byte figures of model settings the run did not score (a setting added
 * since), and scores `again` anew (a setting whose figures were fitted since), from the
 * stored Linux spreads: model ÷ x − 1 falls as x grows, so the errors' median and range
 * are those of the last bytes' (both read from the trace's first start, `cut-origin.ts`). Incast goodput ratios likewise.
 */
export function rescoreLastByte(
  results: KernelResults,
  scenarios: readonly Scenario[],
  again: readonly string[] = ['congestion-cost'],
): KernelResults {
  const settings = modelSettings();
  return mapScenarios(results, scenarios, (s, scenario) => {
    const linux = Object.fromEntries(
      Object.entries(s.linux).map(([name, f]) => {
        if ('refused' in f) return [name, f];
        const models = { ...f.models };
        for (const [model, setting] of Object.entries(settings)) {
          if (models[model] !== undefined && !again.includes(model)) continue;
          const times = replayFlowTrace(scenario.trace, setting).times;
          const last = lastByteOf(times);
          const origin = traceOrigin(scenario.trace);
          const goodput = scenario.family === 'incast' ? incastGoodput(scenario, times) : undefined;
          models[model] = {
            lastByte: againstSpread(last, f.lastByte, origin),
            ...(goodput === undefined || f.goodput === undefined
              ? {}
              : {
                  goodputRatio: {
                    median: goodput / f.goodput.median,
                    min: goodput / f.goodput.max,
                    max: goodput / f.goodput.min,
                  },
                }),
            lastByteVsNs3: s.ns3 === undefined ? Number.NaN : (last - origin) / (s.ns3.lastByte - origin) - 1,
          };
        }
        return [name, { ...f, models }];
      }),
    );
    return { ...s, half: scenario.half, linux };
  });
}

/** Each stored scenario result through `f` with its scenario; results of scenarios not given are kept. */
export function mapScenarios(
  results: KernelResults,
  scenarios: readonly Scenario[],
  f: (result: KernelScenarioResult, scenario: Scenario) => KernelScenarioResult,
): KernelResults {
  const byName = new Map(scenarios.map((s) => [s.name, s]));
  return {
    ...results,
    scenarios: results.scenarios.map((s) => {
      const scenario = byName.get(s.name);
      return scenario === undefined ? s : f(s, scenario);
    }),
  };
}

const NS3_RESULTS = new URL('../../docs/network-validation/results.json', import.meta.url).pathname;
let ns3Committed:
  | Map<string, { flows: number; references: Record<string, KernelScenarioResult['ns3']> }>
  | undefined;

/** ns-3's figures (reno-200ms) for a scenario the committed ns-3 validation timed on the same trace. */
function committedNs3(scenario: Scenario): KernelScenarioResult['ns3'] {
  if (ns3Committed === undefined) {
    ns3Committed = new Map();
    if (existsSync(NS3_RESULTS)) {
      const all = JSON.parse(readFileSync(NS3_RESULTS, 'utf8')) as {
        scenarios: { name: string; flows: number; references: Record<string, KernelScenarioResult['ns3']> }[];
      };
      for (const s of all.scenarios) ns3Committed.set(s.name, s);
    }
  }
  const found = ns3Committed.get(scenario.name);
  if (found === undefined || found.flows !== scenario.trace.flows.length) return undefined;
  const r = found.references['reno-200ms'];
  return r === undefined
    ? undefined
    : {
        lastByte: r.lastByte,
        medianFct: r.medianFct,
        ...(r.goodput === undefined ? {} : { goodput: r.goodput }),
      };
}

function commitOf(): string {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

/**
 * Times every scenario; `ns3`: also time each one in ns-3 (reno-200ms, cached). `log`
 * hears one line per run.
 */
export function collectKernel(
  scenarios: readonly Scenario[],
  options: {
    quick: boolean;
    repetitions: number;
    settings: readonly string[];
    ns3: boolean;
    /** The settings a scenario runs under (default: all of `settings`). */
    settingsFor?: (scenario: Scenario) => readonly string[];
    /** Hears the results so far after each scenario. */
    checkpoint?: (partial: KernelResults) => void;
    /**
     * Scenarios an interrupted run already timed (by name): each setting timed without a
     * refusal is kept, not run again; the others are run.
     */
    done?: readonly KernelScenarioResult[];
    /** When the `done` scenarios that carry no `timed` of their own were timed. */
    doneTimed?: Timed;
    /**
     * The scenarios that may run (default: all); the others keep what `done` holds of
     * them as it is, refusals included, or are left out.
     */
    only?: (scenario: Scenario) => boolean;
    /**
     * Scenarios whose outcome is a mixture: their figures stand on the repetitions that met a
     * retransmission timeout (`keepCollapsed`), the others are counted and set aside.
     */
    collapseOnly?: (scenario: Scenario) => boolean;
  },
  log: (line: string) => void,
): KernelResults {
  const available = availableCongestionControl();
  const skipped: Record<string, string> = {};
  const settings: Record<string, { description: string; applied?: Record<string, string> }> = {};
  const runnable = options.settings.filter((name) => {
    const s = KERNEL_SETTINGS[name]!;
    settings[name] = { description: s.description };
    if (available.includes(s.cc)) return true;
    skipped[name] =
      `${s.cc} is not in this kernel (tcp_available_congestion_control: ${available.join(' ')})`;
    return false;
  });
  const hash = options.ns3 ? harnessHash() : '';
  const now: Timed = {
    date: new Date().toISOString(),
    kernel: execSync('uname -r', { encoding: 'utf8' }).trim(),
    commit: commitOf(),
  };
  const results: KernelScenarioResult[] = [];
  const done = new Map((options.done ?? []).map((r) => [r.name, r]));
  for (const scenario of scenarios) {
    const kept = done.get(scenario.name);
    if (options.only?.(scenario) === false) {
      if (kept === undefined) continue;
      const timed = kept.timed ?? options.doneTimed;
      results.push({ ...kept, half: scenario.half, ...(timed === undefined ? {} : { timed }) });
      continue;
    }
    const wanted = options.settingsFor?.(scenario);
    const names = wanted === undefined ? runnable : runnable.filter((n) => wanted.includes(n));
    const { linux, toRun, refusals } = resumed(kept, names);
    if (kept !== undefined && toRun.length === 0) {
      // The half is the scenario's as defined now: the split may have moved since.
      const timed = kept.timed ?? options.doneTimed;
      results.push({ ...kept, half: scenario.half, linux, ...(timed === undefined ? {} : { timed }) });
      log(`kept from the interrupted run: ${scenario.name}`);
      continue;
    }
    let ns3: KernelScenarioResult['ns3'] = kept?.ns3 ?? committedNs3(scenario);
    if (options.ns3 && ns3 === undefined) {
      const timing = referenceTiming(scenario, TCP_SETTINGS['reno-200ms']!, hash);
      ns3 = {
        lastByte: lastByteOf(timing.times),
        medianFct: medianFct(timing.times),
        ...(scenario.family === 'incast' ? { goodput: incastGoodput(scenario, timing.times) } : {}),
      };
    }
    for (const name of toRun) {
      const timed = runKernel(scenario.trace, KERNEL_SETTINGS[name]!, options.repetitions);
      settings[name]!.applied = { ...timed.applied };
      const collapsed = options.collapseOnly?.(scenario) ? keepCollapsed(timed) : undefined;
      const run = collapsed?.run ?? timed;
      const why = collapsed?.why ?? refusal(run);
      const lasts = timed.repetitions.map((r) => lastByteOf(r.times).toFixed(3)).join(', ');
      const aside = collapsed?.setAside ? `, ${collapsed.setAside} without a timeout set aside` : '';
      log(
        `linux ${name.padEnd(12)} ${scenario.name}: lone ${(timed.loneShare * 100).toFixed(1)} %, last byte ${lasts} s (trace time), RTOs ${timed.repetitions.map((r) => r.rtos).join(', ')}${aside}, ${timed.wallSeconds.toFixed(0)} s wall${why === undefined ? '' : ` — REFUSED: ${why}`}`,
      );
      const earlier = refusals[name] ?? [];
      const tries = earlier.length === 0 ? {} : { otherTries: earlier };
      linux[name] =
        why === undefined ? { ...figuresOf(scenario, run, ns3), ...tries } : { refused: why, ...tries };
    }
    results.push({
      name: scenario.name,
      family: scenario.family,
      half: scenario.half,
      facts: scenario.facts,
      flows: scenario.trace.flows.length,
      bytes: scenario.trace.flows.reduce((s, f) => s + f.bytes, 0),
      ...(ns3 === undefined ? {} : { ns3 }),
      linux,
      timed: now,
    });
    // What an interrupted run had timed of the scenarios not reached yet stays in the checkpoint.
    const reached = new Set(results.map((r) => r.name));
    options.checkpoint?.(summary([...results, ...[...done.values()].filter((r) => !reached.has(r.name))]));
  }
  return summary(results);

  function summary(scenarios: KernelScenarioResult[]): KernelResults {
    return {
      quick: options.quick,
      ...now,
      hostBitsPerSecond: HOST_BITS_PER_SECOND,
      repetitions: options.repetitions,
      checks: { loneMinShare: LONE_MIN_SHARE, repetitionTolerance: REPETITION_TOLERANCE },
      settings,
      skipped,
      scenarios: [...scenarios],
    };
  }
}
