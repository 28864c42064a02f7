import { quantile } from '@rackwise/experiments';
/**
 * Corrections to the fluid model, fitted on the calibration half of the scenarios and
 * judged on the held-out half (docs/network-validation.md, "Corrections"): a goodput
 * factor (TCP/IP headers and ACKs) with a startup latency (handshake and slow start),
 * and the incast loss model's buffer and round size fitted to ns-3's goodput.
 */
import { type FlowReplaySettings, type FlowTime, replayFlowTrace } from '@rackwise/flow-replay';
import { INCAST_LOSS_DEFAULTS, type IncastLossParameters } from '@rackwise/topology';
import { incastGoodput } from './evaluate.js';
import type { Scenario } from './scenarios.js';

/** Median |model ÷ reference − 1| over every flow of a scenario that delivered its bytes. */
export function medianFlowError(
  scenario: Scenario,
  model: readonly FlowTime[],
  reference: readonly FlowTime[],
): number {
  const modelEnd = new Map(model.map((t) => [t.id, t.end]));
  const referenceEnd = new Map(reference.map((t) => [t.id, t.end]));
  const errors: number[] = [];
  for (const f of scenario.trace.flows) {
    if (f.status !== 'done') continue;
    const r = referenceEnd.get(f.id)! - f.start;
    const m = modelEnd.get(f.id)! - f.start;
    if (r > 0) errors.push(Math.abs(m / r - 1));
  }
  return quantile(
    errors.sort((a, b) => a - b),
    0.5,
  );
}

/** A fitted flow correction and the calibration objective it reached. */
export interface FlowCorrection {
  readonly linkGoodput: number;
  readonly startupLatency: number;
  /** Mean over the calibration scenarios of the median per-flow |error|, before and after. */
  readonly before: number;
  readonly after: number;
}

/** Goodput factors and startup latencies (seconds) searched. */
const GOODPUT_GRID = Array.from({ length: 51 }, (_, i) => 0.5 + i * 0.01);
const LATENCY_GRID = [0, 1e-4, 2e-4, 5e-4, 1e-3, 2e-3, 5e-3, 1e-2, 2e-2, 5e-2];

/**
 * Fits a goodput factor and a startup latency on top of `base` by grid search, minimising
 * the mean over `scenarios` of the median per-flow |FCT error| against each one's reference.
 */
export function fitFlowCorrection(
  scenarios: readonly Scenario[],
  references: readonly (readonly FlowTime[])[],
  base: FlowReplaySettings,
  latencies: readonly number[] = LATENCY_GRID,
): FlowCorrection {
  const objective = (settings: FlowReplaySettings): number => {
    let sum = 0;
    scenarios.forEach((s, i) => {
      sum += medianFlowError(s, replayFlowTrace(s.trace, settings).times, references[i]!);
    });
    return sum / scenarios.length;
  };
  const before = objective(base);
  let best = { linkGoodput: 1, startupLatency: 0, after: before };
  for (const linkGoodput of GOODPUT_GRID) {
    for (const startupLatency of latencies) {
      const value = objective({ ...base, linkGoodput, startupLatency });
      if (value < best.after - 1e-12) best = { linkGoodput, startupLatency, after: value };
    }
  }
  return { ...best, before };
}

/** A fitted incast model and its calibration error. */
export interface IncastFit {
  readonly parameters: Partial<IncastLossParameters>;
  /** Mean |log(model goodput ÷ ns-3 goodput)| over the calibration points, default and fitted. */
  readonly before: number;
  readonly after: number;
}

/** Mean |ln(model ÷ reference)| of incast goodput over scenarios under an incast setting. */
export function incastError(
  scenarios: readonly Scenario[],
  references: readonly (readonly FlowTime[])[],
  settings: FlowReplaySettings,
): number {
  let sum = 0;
  scenarios.forEach((s, i) => {
    const model = incastGoodput(s, replayFlowTrace(s.trace, settings).times);
    const truth = incastGoodput(s, references[i]!);
    sum += Math.abs(Math.log(model / truth));
  });
  return sum / scenarios.length;
}

const BUFFER_GRID = [16, 32, 64, 128, 256, 512, 1024, 2048].map((k) => k * 1024);
const ROUND_GRID = [16, 32, 64, 128, 256, 512, 1024].map((k) => k * 1024);

/**
 * Fits the incast model's buffer and round size (its two figures that are not a protocol
 * constant) to ns-3's goodput on the calibration points, with ns-3's RTO_min.
 */
export function fitIncast(
  scenarios: readonly Scenario[],
  references: readonly (readonly FlowTime[])[],
  rtoMinSeconds: number,
): IncastFit {
  const setting = (p: Partial<IncastLossParameters>): FlowReplaySettings => ({
    congestionLoss: 'incast',
    incast: { rtoMinSeconds, ...p },
  });
  const before = incastError(scenarios, references, setting({}));
  let best: IncastFit = { parameters: { rtoMinSeconds }, before, after: before };
  for (const bufferBytes of BUFFER_GRID) {
    for (const roundBytes of ROUND_GRID) {
      const parameters = { rtoMinSeconds, bufferBytes, roundBytes };
      const after = incastError(scenarios, references, setting(parameters));
      if (after < best.after - 1e-12) best = { parameters, before, after };
    }
  }
  return best;
}

export { INCAST_LOSS_DEFAULTS };
