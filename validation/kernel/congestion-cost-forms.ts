/**
 * Forms of the congestion-cost term weighed against each other on the calibration half
 * only (`congestion-cost.ts` fits and judges the one the engine runs). Besides the term's
 * own form — a congested port's links deliver less (`derating`) — a form where the port
 * stays work-conserving and the flows whose last window meets a port fuller than it holds
 * wait one RTO_min more for it (`recovery-tail`: the tail that waits for recovery, which
 * the Linux all-to-all runs show), and both together. The tail moves no bytes (a last
 * window is a few segments), so it is applied to a replay's ends: a flow is delayed when,
 * as it ends, a link of its path is saturated and carries more than `n0` flows.
 */
import {
  type FlowReplayResult,
  type FlowReplaySettings,
  type FlowTrace,
  fabricTopology,
  replayFlowTrace,
} from '@rackwise/flow-replay';
import { CONGESTION_COST_DEFAULTS, congestionCostFraction, timeoutFreeFlows } from '@rackwise/topology';
import { COST_GRID, type CostPoint, costSetting, familyErrors, familyMeanError } from './congestion-cost.js';
import { SECOND_ROUND_SCENARIOS, TIMED_AFTER_FIRST_ROUND } from './scenarios.js';

/** The forms weighed: the term's (derating), the recovery tail alone, both. */
export type CostForm = 'derating' | 'recovery-tail' | 'derating+recovery-tail';
export const COST_FORMS: readonly CostForm[] = ['derating', 'recovery-tail', 'derating+recovery-tail'];

/** Width of the bins a link's load is read from to tell whether it is saturated, trace seconds. */
const SATURATION_BIN = 5e-3;
/** A link is saturated in a bin where it carried at least this share of what it could. */
const SATURATED_SHARE = 0.95;

interface Fit {
  readonly windowSegments: number;
  readonly roundBytes: number;
  /** The recovery tail's wait in RTO_min (a tail form's third figure; 1 when absent). */
  readonly tailRtos?: number;
}

/**
 * The tail's waits searched, in RTO_min: one timeout, and the backed-off waits of a
 * retransmission lost again (1 + 2 = 3) and between.
 */
export const TAIL_RTOS: readonly number[] = [1, 1.5, 2, 2.5, 3];

/** The replay settings of a form's fluid part (the tail is applied after). */
function fluidSetting(form: CostForm, fit: Fit): FlowReplaySettings {
  // No derating: a port holds every flow (w → 0), the start burst stays as in the term.
  if (form === 'recovery-tail') return costSetting({ windowSegments: 1e-9, roundBytes: fit.roundBytes });
  return costSetting(fit);
}

/**
 * A trace's ends under a form's fluid part: the last end of the flows the tail spares, and
 * of those it delays (−∞ where none), so the last byte for any k is one max.
 */
/** A trace's replays and tail exposures already computed, by setting (`formLastByte`). */
export interface FormCache {
  readonly replays: Map<string, FlowReplayResult>;
  readonly ends: Map<string, FormEnds>;
}

export const newFormCache = (): FormCache => ({ replays: new Map(), ends: new Map() });

interface FormEnds {
  readonly spared: number;
  readonly exposed: number;
}

/** The last byte of a trace under a form: the fluid replay, then the recovery tail where the form has it. */
export function formLastByte(
  trace: FlowTrace,
  form: CostForm,
  fit: Fit,
  cache: FormCache = newFormCache(),
): number {
  const ends = formEnds(trace, form, fit, cache);
  const tail = form === 'derating' ? 0 : (fit.tailRtos ?? 1) * CONGESTION_COST_DEFAULTS.rtoMinSeconds;
  return Math.max(ends.spared, ends.exposed + tail);
}

function formEnds(trace: FlowTrace, form: CostForm, fit: Fit, cache: FormCache): FormEnds {
  const withTail = form !== 'derating';
  const settings = { ...fluidSetting(form, fit), ...(withTail ? { linkBin: SATURATION_BIN } : {}) };
  const key = JSON.stringify(settings);
  // The tail's exposure depends on the form and the fit's window, not on k.
  const endsKey = `${key}|${form}|${fit.windowSegments}|${fit.roundBytes}`;
  const known = cache.ends.get(endsKey);
  if (known !== undefined) return known;
  const replay = cache.replays.get(key) ?? replayFlowTrace(trace, settings);
  // Only the recovery tail's replay serves more than one fit (its fluid part has no window):
  // the others' ends are kept and their replays, with every link's load, let go.
  if (form === 'recovery-tail') cache.replays.set(key, replay);
  const lastEnd = replay.times.reduce((m, t) => Math.max(m, t.end), 0);
  if (!withTail) {
    const ends = { spared: lastEnd, exposed: Number.NEGATIVE_INFINITY };
    cache.ends.set(endsKey, ends);
    return ends;
  }
  const capacities = fabricTopology(trace.fabric).linkCapacitiesBytesPerSecond();
  const parameters = { ...CONGESTION_COST_DEFAULTS, ...fit };
  const binBytes = new Map<string, number>();
  for (const [link, start, bytes] of replay.linkBytes)
    binBytes.set(`${link}:${Math.round(start / SATURATION_BIN)}`, bytes);
  const byLink = new Map<number, { start: number; end: number }[]>();
  const times = new Map(replay.times.map((t) => [t.id, t]));
  for (const f of trace.flows) {
    const t = times.get(f.id)!;
    for (const l of f.links) byLink.set(l, [...(byLink.get(l) ?? []), { start: t.start, end: t.end }]);
  }
  let spared = 0;
  let exposed = Number.NEGATIVE_INFINITY;
  for (const f of trace.flows) {
    const t = times.get(f.id)!;
    const bin = Math.floor(t.end / SATURATION_BIN) - 1;
    const isExposed = f.links.some((l) => {
      const capacity = capacities[l]!;
      const n = byLink.get(l)!.filter((o) => o.start <= t.end && o.end >= t.end).length;
      if (n <= timeoutFreeFlows(capacity, parameters)) return false;
      const derated = form === 'recovery-tail' ? 1 : congestionCostFraction(n, capacity, parameters);
      return (binBytes.get(`${l}:${bin}`) ?? 0) >= SATURATED_SHARE * derated * capacity * SATURATION_BIN;
    });
    if (isExposed) exposed = Math.max(exposed, t.end);
    else spared = Math.max(spared, t.end);
  }
  const ends = { spared, exposed };
  cache.ends.set(endsKey, ends);
  return ends;
}

/** One form fitted on a round's calibration points (same grid and error as the term) and judged on its held-out ones. */
export interface FormFit {
  readonly form: CostForm;
  readonly fitted: Fit;
  readonly calibrationError: number;
  readonly heldOut: {
    readonly linux: Record<string, { points: number; exact: number; cost: number }>;
    readonly cubic?: Record<string, { points: number; exact: number; cost: number }>;
    readonly ns3: Record<string, { points: number; exact: number; cost: number }>;
  };
  /** Per point of the round: the form's last byte ÷ reference − 1; `half` is the round's. */
  readonly points: readonly { scenario: string; source: string; half: string; error: number }[];
}

/** Which points a round of the weighing fits the forms on and judges them on, and its grid of k. */
export interface FormsRound {
  readonly calibrate: (p: CostPoint) => boolean;
  readonly heldOut: (p: CostPoint) => boolean;
  readonly tails: readonly number[];
}

/**
 * The first round: Reno's calibration half fits, everything else timed before the second
 * round judges (every CUBIC and ns-3 point among it).
 */
export const FIRST_ROUND: FormsRound = {
  calibrate: (p) => p.half === 'calibrate' && p.source === 'linux-reno',
  heldOut: (p) => p.half === 'judge' && !TIMED_AFTER_FIRST_ROUND.has(p.scenario),
  tails: TAIL_RTOS,
};

/**
 * The second round, fixed before any of its traces was timed: every Reno point the first
 * round saw (fitted on or judged) fits, so the 1 MB all-to-alls that showed the tail's
 * constant wait now shape the fit; only traces timed after it (`SECOND_ROUND_SCENARIOS`)
 * judge, under Reno, CUBIC and ns-3. k on a finer grid, 1 to 3 RTO_min in quarters.
 */
export const SECOND_ROUND: FormsRound = {
  calibrate: (p) => p.source === 'linux-reno' && !TIMED_AFTER_FIRST_ROUND.has(p.scenario),
  heldOut: (p) => SECOND_ROUND_SCENARIOS.has(p.scenario),
  tails: [1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 2.75, 3],
};

/** Fits every form on a round's calibration points and judges each on its held-out ones. */
export function fitForms(points: readonly CostPoint[], round: FormsRound = FIRST_ROUND): FormFit[] {
  const inRound = points.filter((p) => round.calibrate(p) || round.heldOut(p));
  const calibrate = inRound.filter(round.calibrate);
  const exact = new Map(inRound.map((p) => [p, lastByteExact(p.trace) / p.lastByte - 1]));
  // Replays and tail exposures by point and fluid setting: the tail's k costs one max.
  const caches = new Map(inRound.map((p) => [p, newFormCache()]));
  return COST_FORMS.map((form) => {
    const rounds = form === 'recovery-tail' ? [COST_GRID.roundBytes[0]!] : COST_GRID.roundBytes;
    const tails = form === 'derating' ? [undefined] : round.tails;
    let best: { fitted: Fit; error: number } = {
      fitted: { windowSegments: 0, roundBytes: 0 },
      error: Number.POSITIVE_INFINITY,
    };
    for (const windowSegments of COST_GRID.windowSegments) {
      for (const roundBytes of rounds) {
        for (const tailRtos of tails) {
          const fitted = { windowSegments, roundBytes, ...(tailRtos === undefined ? {} : { tailRtos }) };
          const error = familyMeanError(
            calibrate.map((p) => ({
              family: p.family,
              error: formLastByte(p.trace, form, fitted, caches.get(p)) / p.lastByte - 1,
            })),
          );
          if (error < best.error) best = { fitted, error };
        }
      }
    }
    const judged = inRound.map((p) => ({
      scenario: p.scenario,
      family: p.family,
      half: round.calibrate(p) ? ('calibrate' as const) : ('judge' as const),
      source: p.source,
      reference: p.lastByte,
      exact: exact.get(p)!,
      cost: formLastByte(p.trace, form, best.fitted, caches.get(p)) / p.lastByte - 1,
    }));
    const held = judged.filter((j) => j.half === 'judge');
    return {
      form,
      fitted: best.fitted,
      calibrationError: best.error,
      heldOut: {
        linux: familyErrors(held.filter((j) => j.source === 'linux-reno')),
        cubic: familyErrors(held.filter((j) => j.source === 'linux-cubic')),
        ns3: familyErrors(held.filter((j) => j.source === 'ns-3')),
      },
      points: judged.map((j) => ({ scenario: j.scenario, source: j.source, half: j.half, error: j.cost })),
    };
  });
}

/**
 * Each form's last byte, as fitted, on traces before they are timed (the second round's
 * predictions, kept beside its fits): trace seconds, with the exact model's.
 */
export function predictLastBytes(
  scenarios: readonly { readonly name: string; readonly trace: FlowTrace }[],
  forms: readonly FormFit[],
): { scenario: string; exact: number; forms: Partial<Record<CostForm, number>> }[] {
  return scenarios.map((s) => ({
    scenario: s.name,
    exact: lastByteExact(s.trace),
    forms: Object.fromEntries(forms.map((f) => [f.form, formLastByte(s.trace, f.form, f.fitted)])),
  }));
}

const lastByteExact = (trace: FlowTrace): number =>
  replayFlowTrace(trace, {}).times.reduce((m, t) => Math.max(m, t.end), 0);

/** What the second round keeps (`congestion-cost-forms.json`, `secondRound`). */
export interface SecondRoundFile {
  /** The scenarios whose Reno points fitted the forms. */
  readonly calibrate: readonly string[];
  /** The traces the round judges on, timed after its fits were kept. */
  readonly heldOut: readonly string[];
  /** `<scenario> · <source>` of every held-out timing the judgement used. */
  readonly timed: readonly string[];
  readonly tails: readonly number[];
  readonly forms: readonly FormFit[];
  /** Each form's last byte on each held-out trace, computed from the fits before any was timed. */
  readonly predictions: ReturnType<typeof predictLastBytes>;
  /**
   * The engine's `congestion-tail` reading (the chosen form with the round's figures, its
   * saturation read from the load at the instant a flow ends): its last byte on every
   * all-to-all, trace seconds. Added after the round was judged; not a prediction.
   */
  readonly engineReading?: readonly { scenario: string; lastByte: number }[];
}

/** The engine's `congestion-tail` reading's last byte on each trace. */
export function engineReadingLastBytes(
  scenarios: readonly { readonly name: string; readonly trace: FlowTrace }[],
): { scenario: string; lastByte: number }[] {
  return scenarios.map((s) => ({
    scenario: s.name,
    lastByte: replayFlowTrace(s.trace, { congestionLoss: 'congestion-tail' }).times.reduce(
      (m, t) => Math.max(m, t.end),
      0,
    ),
  }));
}
