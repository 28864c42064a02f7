import { type FlowComparison, NETWORK_SETTINGS, quantile } from '@rackwise/experiments';
/**
 * Gathers the validation's figures: every scenario timed by ns-3 under the TCP settings
 * its family needs and replayed under every model setting, the corrections fitted and
 * judged, the incast model fitted.
 */
import type { FlowReplaySettings, FlowTime } from '@rackwise/flow-replay';
import { type FlowCorrection, type IncastFit, fitFlowCorrection, fitIncast } from './corrections.js';
import {
  type ReferenceTiming,
  evaluateSetting,
  harnessHash,
  incastGoodput,
  rackUtilisation,
  referenceTiming,
} from './evaluate.js';
import { fb2010Scenarios } from './fb2010-traces.js';
import { LINK_BIN } from './ns3.js';
import { TCP_SETTINGS } from './ns3.js';
import { type Scenario, syntheticScenarios } from './scenarios.js';

/** ns-3's headline figures for one scenario under one TCP setting. */
export interface ReferenceFigures {
  readonly medianFct: number;
  readonly lastByte: number;
  readonly cpuSeconds: number;
  /** Incast scenarios: goodput as a fraction of the receiver's line rate. */
  readonly goodput?: number;
}

/** One model setting's figures against one TCP setting. */
export interface SettingFigures extends FlowComparison {
  readonly cpuSeconds: number;
  /** Rack-link utilisation per 100 ms bin: mean |model − ns-3| (points), and each one's mean. */
  readonly utilisation: {
    readonly meanAbsolute: number;
    readonly model: number;
    readonly reference: number;
    readonly bins: number;
  };
  readonly goodput?: number;
}

/** Sorted FCT samples (at most 400 points) for CDF charts. */
export type CdfSamples = Readonly<Record<string, readonly number[]>>;

export interface ScenarioResult {
  readonly name: string;
  readonly family: Scenario['family'];
  readonly half: Scenario['half'];
  readonly facts: Scenario['facts'];
  readonly flows: number;
  readonly bytes: number;
  readonly references: Readonly<Record<string, ReferenceFigures>>;
  /** By model setting, then by TCP setting. */
  readonly settings: Readonly<Record<string, Readonly<Record<string, SettingFigures>>>>;
  /** FCT CDF samples of ns-3 (reno-200ms) and of the exact and day-long models. */
  readonly cdf: CdfSamples;
  /** The rack link that carried most under ns-3, and its utilisation per bin under ns-3 and two models. */
  readonly utilisation: {
    readonly link: number;
    readonly series: Readonly<Record<string, readonly (readonly [number, number])[]>>;
  };
}

export interface CollectedResults {
  readonly quick: boolean;
  readonly scenarios: readonly ScenarioResult[];
  /** Model settings evaluated (the engine's named ones, then the fitted ones), with their replay settings. */
  readonly modelSettings: Readonly<Record<string, FlowReplaySettings>>;
  readonly corrections?: {
    readonly exact: FlowCorrection;
    readonly dayLong: FlowCorrection;
    /** The goodput factor alone (what the engine's `linkGoodput` can carry). */
    readonly goodput: FlowCorrection;
  };
  readonly incast?: Readonly<Record<string, IncastFit>>;
}

/** Which TCP settings each family runs under (the reference, reno-200ms, always). */
const TCP_BY_FAMILY: Readonly<Record<Scenario['family'], readonly string[]>> = {
  'all-to-all': ['reno-200ms', 'reno-1ms', 'hostdrop-200ms', 'fq-1ms'],
  incast: ['reno-200ms', 'reno-1ms', 'hostdrop-200ms'],
  mixed: ['reno-200ms', 'fq-1ms'],
  fb2010: ['reno-200ms'],
};

function cdfSample(fcts: number[]): number[] {
  const sorted = fcts.sort((a, b) => a - b);
  const points = Math.min(400, sorted.length);
  return Array.from({ length: points }, (_, i) => quantile(sorted, points === 1 ? 0.5 : i / (points - 1)));
}

function fcts(scenario: Scenario, times: readonly FlowTime[]): number[] {
  const start = new Map(scenario.trace.flows.map((f) => [f.id, f.start]));
  return times.map((t) => t.end - start.get(t.id)!);
}

/** The rack link that carried the most bytes. */
function busiestRackLink(
  scenario: Scenario,
  linkBytes: readonly (readonly [number, number, number])[],
): number {
  const totals = new Map<number, number>();
  for (const [link, series] of rackUtilisation(scenario, linkBytes)) {
    let sum = 0;
    for (const u of series.values()) sum += u;
    totals.set(link, sum);
  }
  let best = -1;
  for (const [link, sum] of totals) if (best < 0 || sum > totals.get(best)!) best = link;
  return best;
}

/** One rack link's utilisation per bin, as [bin start, utilisation] points with zeros filled in. */
function utilisationSeries(
  scenario: Scenario,
  linkBytes: readonly (readonly [number, number, number])[],
  link: number,
): [number, number][] {
  const series = rackUtilisation(scenario, linkBytes).get(link) ?? new Map<number, number>();
  const bins = [...series.keys()];
  if (bins.length === 0) return [];
  const last = Math.max(...bins);
  const first = Math.min(...bins);
  return Array.from({ length: last - first + 1 }, (_, i) => [
    (first + i) * LINK_BIN,
    series.get(first + i) ?? 0,
  ]);
}

/** Runs everything; `log` hears one line per step. */
export async function collect(
  quick: boolean,
  log: (line: string) => void,
  only?: readonly string[],
): Promise<CollectedResults> {
  const scenarios = [...syntheticScenarios(quick), ...(await fb2010Scenarios(quick))];
  const hash = harnessHash();
  const references = new Map<Scenario, Record<string, readonly FlowTime[]>>();
  const timingsOf = new Map<Scenario, Record<string, ReferenceTiming>>();
  const referenceFigures = new Map<Scenario, Record<string, ReferenceFigures>>();
  for (const scenario of scenarios) {
    references.set(scenario, {});
    timingsOf.set(scenario, {});
    referenceFigures.set(scenario, {});
  }
  // The reference first for every scenario, then the other TCP settings.
  const order = quick ? ['reno-200ms'] : (only ?? Object.keys(TCP_SETTINGS));
  for (const tcp of order) {
    for (const scenario of scenarios) {
      if (!quick && !TCP_BY_FAMILY[scenario.family].includes(tcp)) continue;
      const run = referenceTiming(scenario, TCP_SETTINGS[tcp]!, hash);
      references.get(scenario)![tcp] = run.times;
      timingsOf.get(scenario)![tcp] = run;
      const f = fcts(scenario, run.times).sort((a, b) => a - b);
      referenceFigures.get(scenario)![tcp] = {
        medianFct: quantile(f, 0.5),
        lastByte: run.times.reduce((m, t) => Math.max(m, t.end), 0),
        cpuSeconds: run.cpuSeconds,
        ...(scenario.family === 'incast' ? { goodput: incastGoodput(scenario, run.times) } : {}),
      };
      log(`ns-3 ${tcp.padEnd(14)} ${scenario.name}: ${run.cpuSeconds.toFixed(1)} CPU s`);
    }
  }

  const modelSettings: Record<string, FlowReplaySettings> = Object.fromEntries(
    Object.entries(NETWORK_SETTINGS).map(([name, s]) => [name, s.settings]),
  );
  let corrections: CollectedResults['corrections'];
  let incast: Record<string, IncastFit> | undefined;
  if (!quick) {
    const calibrate = scenarios.filter((s) => s.half === 'calibrate' && s.family !== 'incast');
    const refs = calibrate.map((s) => references.get(s)!['reno-200ms']!);
    const exact = fitFlowCorrection(calibrate, refs, {});
    const dayLong = fitFlowCorrection(calibrate, refs, NETWORK_SETTINGS['day-long']!.settings);
    const goodput = fitFlowCorrection(calibrate, refs, {}, [0]);
    corrections = { exact, dayLong, goodput };
    modelSettings['exact+goodput'] = { linkGoodput: goodput.linkGoodput };
    modelSettings['exact+fit'] = { linkGoodput: exact.linkGoodput, startupLatency: exact.startupLatency };
    modelSettings['day-long+fit'] = {
      ...NETWORK_SETTINGS['day-long']!.settings,
      linkGoodput: dayLong.linkGoodput,
      startupLatency: dayLong.startupLatency,
    };
    log(`fitted: exact ${JSON.stringify(exact)}, day-long ${JSON.stringify(dayLong)}`);
    incast = {};
    for (const [tcp, rto] of [
      ['reno-200ms', 0.2],
      ['reno-1ms', 0.001],
    ] as const) {
      const points = scenarios.filter((s) => s.family === 'incast' && s.half === 'calibrate');
      if (points.some((s) => references.get(s)![tcp] === undefined)) continue;
      incast[tcp] = fitIncast(
        points,
        points.map((s) => references.get(s)![tcp]!),
        rto,
      );
      log(`incast fit ${tcp}: ${JSON.stringify(incast[tcp])}`);
    }
    modelSettings['incast-fit'] = { congestionLoss: 'incast', incast: incast['reno-200ms']!.parameters };
  }

  const results: ScenarioResult[] = scenarios.map((scenario) => {
    const timings = timingsOf.get(scenario)!;
    const settings: Record<string, Record<string, SettingFigures>> = {};
    const cdf: Record<string, number[]> = { 'ns-3': cdfSample(fcts(scenario, timings['reno-200ms']!.times)) };
    const busiest = busiestRackLink(scenario, timings['reno-200ms']!.linkBytes);
    const utilisation: Record<string, [number, number][]> = {
      'ns-3': utilisationSeries(scenario, timings['reno-200ms']!.linkBytes, busiest),
    };
    for (const [name, replay] of Object.entries(modelSettings)) {
      settings[name] = {};
      for (const [tcp, reference] of Object.entries(timings)) {
        const r = evaluateSetting(scenario, name, replay, reference);
        settings[name][tcp] = {
          ...r.comparison,
          cpuSeconds: r.cpuSeconds,
          utilisation: r.utilisation,
          ...(scenario.family === 'incast' ? { goodput: incastGoodput(scenario, r.times) } : {}),
        };
        if (tcp === 'reno-200ms' && (name === 'exact' || name === 'day-long')) {
          cdf[name] = cdfSample(fcts(scenario, r.times));
          utilisation[name] = utilisationSeries(scenario, r.linkBytes, busiest);
        }
      }
    }
    log(`replayed ${scenario.name} under ${Object.keys(modelSettings).length} settings`);
    return {
      name: scenario.name,
      family: scenario.family,
      half: scenario.half,
      facts: scenario.facts,
      flows: scenario.trace.flows.length,
      bytes: scenario.trace.flows.reduce((s, f) => s + f.bytes, 0),
      references: referenceFigures.get(scenario)!,
      settings,
      cdf,
      utilisation: { link: busiest, series: utilisation },
    };
  });
  return {
    quick,
    scenarios: results,
    modelSettings,
    ...(corrections === undefined ? {} : { corrections }),
    ...(incast === undefined ? {} : { incast }),
  };
}
