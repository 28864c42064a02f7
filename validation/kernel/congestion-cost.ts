/**
 * The congestion-cost term (`congestionLoss: 'congestion-cost'` of the engine) fitted to
 * the Linux kernel's TCP and judged: its two free figures (segments per flow the port
 * must hold, bytes per round) by grid search on the kernel scenarios of the calibration
 * half, its last-byte error then stated on the held-out half against Linux and on every
 * ns-3 scenario (none of which it was fitted on).
 */
import { type FlowReplaySettings, type FlowTrace, replayFlowTrace } from '@rackwise/flow-replay';
import { CONGESTION_COST_DEFAULTS, type CongestionCostParameters } from '@rackwise/topology';
import type { Scenario } from '../network/scenarios.js';
import type { KernelResults } from './collect.js';
import { median } from './harness.js';

/** A measured last byte the term is fitted to or judged on. */
export interface CostPoint {
  readonly scenario: string;
  readonly family: Scenario['family'];
  readonly half: Scenario['half'];
  /** Fitted on linux-reno's calibration half only; linux-cubic and ns-3 are held out whole. */
  readonly source: 'linux-reno' | 'linux-cubic' | 'ns-3';
  /** The reference's last byte (median over repetitions for Linux), trace seconds. */
  readonly lastByte: number;
  readonly trace: FlowTrace;
}

/** The grid searched: segments per flow and bytes per round. */
export const COST_GRID = {
  windowSegments: [2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32],
  roundBytes: [64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384].map((k) => k * 1024),
} as const;

const lastByteOf = (trace: FlowTrace, settings: FlowReplaySettings): number =>
  replayFlowTrace(trace, settings).times.reduce((m, t) => Math.max(m, t.end), 0);

/** The term's setting with fitted figures. */
export function costSetting(
  fit: Pick<CongestionCostParameters, 'windowSegments' | 'roundBytes'>,
): FlowReplaySettings {
  return { congestionLoss: 'congestion-cost', congestionCost: { ...fit } };
}

/** Mean over families of the mean |last-byte error| of the family's points. */
export function familyMeanError(errors: readonly { family: string; error: number }[]): number {
  const byFamily = new Map<string, number[]>();
  for (const e of errors) byFamily.set(e.family, [...(byFamily.get(e.family) ?? []), Math.abs(e.error)]);
  const means = [...byFamily.values()].map((v) => v.reduce((s, x) => s + x, 0) / v.length);
  return means.reduce((s, x) => s + x, 0) / means.length;
}

/** The figures minimising the calibration points' error (mean over families of the mean |error|). */
export function fitCongestionCost(points: readonly CostPoint[]): {
  windowSegments: number;
  roundBytes: number;
  calibrationError: number;
  exactCalibrationError: number;
} {
  const calibrate = points.filter((p) => p.half === 'calibrate' && p.source === 'linux-reno');
  if (calibrate.length === 0) throw new Error('no Linux point of the calibration half to fit on');
  const errorOf = (settings: FlowReplaySettings): number =>
    familyMeanError(
      calibrate.map((p) => ({ family: p.family, error: lastByteOf(p.trace, settings) / p.lastByte - 1 })),
    );
  let best = { windowSegments: 0, roundBytes: 0, calibrationError: Number.POSITIVE_INFINITY };
  for (const windowSegments of COST_GRID.windowSegments) {
    for (const roundBytes of COST_GRID.roundBytes) {
      const error = errorOf(costSetting({ windowSegments, roundBytes }));
      if (error < best.calibrationError) best = { windowSegments, roundBytes, calibrationError: error };
    }
  }
  return { ...best, exactCalibrationError: errorOf({}) };
}

/** One point's last-byte error under the exact model and under the term. */
export interface JudgedPoint extends Pick<CostPoint, 'scenario' | 'family' | 'half' | 'source'> {
  readonly reference: number;
  /** model ÷ reference − 1 of the last byte. */
  readonly exact: number;
  readonly cost: number;
}

/** Every point under the exact model and under the term with the fitted figures. */
export function judgeCongestionCost(
  points: readonly CostPoint[],
  settings: FlowReplaySettings,
): JudgedPoint[] {
  return points.map((p) => ({
    scenario: p.scenario,
    family: p.family,
    half: p.half,
    source: p.source,
    reference: p.lastByte,
    exact: lastByteOf(p.trace, {}) / p.lastByte - 1,
    cost: lastByteOf(p.trace, settings) / p.lastByte - 1,
  }));
}

/** Per family: the median |error| of the exact model and of the term over some points. */
export function familyErrors(
  judged: readonly JudgedPoint[],
): Record<string, { points: number; exact: number; cost: number }> {
  const out: Record<string, { points: number; exact: number; cost: number }> = {};
  for (const family of [...new Set(judged.map((j) => j.family))]) {
    const in_ = judged.filter((j) => j.family === family);
    out[family] = {
      points: in_.length,
      exact: median(in_.map((j) => Math.abs(j.exact))),
      cost: median(in_.map((j) => Math.abs(j.cost))),
    };
  }
  return out;
}

/**
 * The Linux points of the kernel results (medians over repetitions): linux-reno's in the
 * scenario's half, linux-cubic's all held out (the term is never fitted on CUBIC).
 */
export function linuxPoints(results: KernelResults, traces: ReadonlyMap<string, Scenario>): CostPoint[] {
  const points: CostPoint[] = [];
  for (const source of ['linux-reno', 'linux-cubic'] as const) {
    for (const s of results.scenarios) {
      const f = s.linux[source];
      const scenario = traces.get(s.name);
      if (f === undefined || 'refused' in f || scenario === undefined) continue;
      points.push({
        scenario: s.name,
        family: s.family,
        half: source === 'linux-reno' ? scenario.half : 'judge',
        source,
        lastByte: f.lastByte.median,
        trace: scenario.trace,
      });
    }
  }
  return points;
}

/** The figures of the term as fitted, for the report. */
export interface CostFit {
  readonly date: string;
  readonly grid: typeof COST_GRID;
  readonly fixed: Omit<CongestionCostParameters, 'windowSegments' | 'roundBytes'>;
  readonly fitted: { readonly windowSegments: number; readonly roundBytes: number };
  readonly calibrationError: { readonly exact: number; readonly cost: number };
  readonly calibrate: readonly string[];
  readonly heldOut: {
    readonly linux: Record<string, { points: number; exact: number; cost: number }>;
    /** linux-cubic's points, none of which the term was fitted on. */
    readonly cubic?: Record<string, { points: number; exact: number; cost: number }>;
    readonly ns3: Record<string, { points: number; exact: number; cost: number }>;
  };
  /**
   * CPU milliseconds replaying every point's trace under the exact model and with the term
   * (the term's goodput hook keeps the solver in JavaScript, as any \`congestionLoss\`).
   */
  readonly replayMillis: { readonly exact: number; readonly cost: number };
  /** Whether the term lowers the held-out error against Linux in every family. */
  readonly lowersEveryFamily: boolean;
  readonly points: readonly JudgedPoint[];
}

/** Fits on the Linux calibration points, judges on the rest. */
export function costFit(points: readonly CostPoint[]): CostFit {
  const fit = fitCongestionCost(points);
  const fitted = { windowSegments: fit.windowSegments, roundBytes: fit.roundBytes };
  const judged = judgeCongestionCost(points, costSetting(fitted));
  const heldLinux = familyErrors(judged.filter((j) => j.source === 'linux-reno' && j.half === 'judge'));
  const { windowSegments: _w, roundBytes: _r, ...fixed } = CONGESTION_COST_DEFAULTS;
  const millis = (settings: FlowReplaySettings): number => {
    const started = performance.now();
    for (const p of points) replayFlowTrace(p.trace, settings);
    return performance.now() - started;
  };
  return {
    date: new Date().toISOString(),
    grid: COST_GRID,
    fixed,
    fitted,
    calibrationError: { exact: fit.exactCalibrationError, cost: fit.calibrationError },
    calibrate: points
      .filter((p) => p.half === 'calibrate' && p.source === 'linux-reno')
      .map((p) => p.scenario),
    heldOut: {
      linux: heldLinux,
      cubic: familyErrors(judged.filter((j) => j.source === 'linux-cubic')),
      ns3: familyErrors(judged.filter((j) => j.source === 'ns-3')),
    },
    replayMillis: { exact: millis({}), cost: millis(costSetting(fitted)) },
    lowersEveryFamily: Object.values(heldLinux).every((f) => f.cost < f.exact),
    points: judged,
  };
}
