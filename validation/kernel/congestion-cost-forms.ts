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
import type { KernelResults, RunFlowTimes } from './collect.js';
import { COST_GRID, type CostPoint, costSetting, familyErrors, familyMeanError } from './congestion-cost.js';
import { median } from './harness.js';

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

/** The last byte of a trace under a form: the fluid replay, then the recovery tail where the form has it. */
export function formLastByte(
  trace: FlowTrace,
  form: CostForm,
  fit: Fit,
  cache: Map<string, FlowReplayResult> = new Map(),
): number {
  const withTail = form !== 'derating';
  const settings = { ...fluidSetting(form, fit), ...(withTail ? { linkBin: SATURATION_BIN } : {}) };
  const key = JSON.stringify(settings);
  const replay = cache.get(key) ?? replayFlowTrace(trace, settings);
  cache.set(key, replay);
  if (!withTail) return replay.times.reduce((m, t) => Math.max(m, t.end), 0);
  const capacities = fabricTopology(trace.fabric).linkCapacitiesBytesPerSecond();
  const parameters = { ...CONGESTION_COST_DEFAULTS, ...fit };
  const binBytes = new Map<string, number>();
  for (const [link, start, bytes] of replay.linkBytes)
    binBytes.set(`${link}:${Math.round(start / SATURATION_BIN)}`, bytes);
  const byLink = new Map<number, { start: number; end: number }[]>();
  const ends = new Map(replay.times.map((t) => [t.id, t]));
  for (const f of trace.flows) {
    const t = ends.get(f.id)!;
    for (const l of f.links) byLink.set(l, [...(byLink.get(l) ?? []), { start: t.start, end: t.end }]);
  }
  let last = 0;
  for (const f of trace.flows) {
    const t = ends.get(f.id)!;
    const bin = Math.floor(t.end / SATURATION_BIN) - 1;
    const exposed = f.links.some((l) => {
      const capacity = capacities[l]!;
      const n = byLink.get(l)!.filter((o) => o.start <= t.end && o.end >= t.end).length;
      if (n <= timeoutFreeFlows(capacity, parameters)) return false;
      const derated = form === 'recovery-tail' ? 1 : congestionCostFraction(n, capacity, parameters);
      return (binBytes.get(`${l}:${bin}`) ?? 0) >= SATURATED_SHARE * derated * capacity * SATURATION_BIN;
    });
    last = Math.max(last, t.end + (exposed ? (fit.tailRtos ?? 1) * parameters.rtoMinSeconds : 0));
  }
  return last;
}

/** One form fitted on the calibration half (same grid and error as the term) and judged on the rest. */
export interface FormFit {
  readonly form: CostForm;
  readonly fitted: Fit;
  readonly calibrationError: number;
  readonly heldOut: {
    readonly linux: Record<string, { points: number; exact: number; cost: number }>;
    readonly cubic?: Record<string, { points: number; exact: number; cost: number }>;
    readonly ns3: Record<string, { points: number; exact: number; cost: number }>;
  };
  /** Per point: the form's last byte ÷ reference − 1. */
  readonly points: readonly { scenario: string; source: string; half: string; error: number }[];
}

/** Fits every form on the Linux calibration points and judges each on the others. */
export function fitForms(points: readonly CostPoint[]): FormFit[] {
  const calibrate = points.filter((p) => p.half === 'calibrate' && p.source === 'linux-reno');
  const exact = new Map(points.map((p) => [p, lastByteExact(p.trace) / p.lastByte - 1]));
  // Replays by point and fluid setting: the recovery tail alone replays each trace once.
  const caches = new Map(points.map((p) => [p, new Map<string, FlowReplayResult>()]));
  return COST_FORMS.map((form) => {
    const rounds = form === 'recovery-tail' ? [COST_GRID.roundBytes[0]!] : COST_GRID.roundBytes;
    const tails = form === 'derating' ? [undefined] : TAIL_RTOS;
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
    const judged = points.map((p) => ({
      scenario: p.scenario,
      family: p.family,
      half: p.half,
      source: p.source,
      reference: p.lastByte,
      exact: exact.get(p)!,
      cost: formLastByte(p.trace, form, best.fitted, caches.get(p)) / p.lastByte - 1,
    }));
    return {
      form,
      fitted: best.fitted,
      calibrationError: best.error,
      heldOut: {
        linux: familyErrors(judged.filter((j) => j.source === 'linux-reno' && j.half === 'judge')),
        cubic: familyErrors(judged.filter((j) => j.source === 'linux-cubic')),
        ns3: familyErrors(judged.filter((j) => j.source === 'ns-3')),
      },
      points: judged.map((j) => ({ scenario: j.scenario, source: j.source, half: j.half, error: j.cost })),
    };
  });
}

const lastByteExact = (trace: FlowTrace): number =>
  replayFlowTrace(trace, {}).times.reduce((m, t) => Math.max(m, t.end), 0);

/** One Linux setting's all-to-all figures (medians over repetitions). */
export interface LinuxTimeline {
  lastByte: number;
  /** Least and greatest last byte over repetitions. */
  lastByteRange: readonly [number, number];
  medianFct: number;
  rtosPerRun: readonly number[];
  /**
   * From the runs' per-flow times where kept (`all-to-all-flow-times.json`), medians over
   * repetitions: when 90 % of the flows had ended, and the share of flows ending more than
   * half an RTO_min after the exact model's last byte (the fluid model ends every flow of
   * the symmetric all-to-all near its last byte).
   */
  bulkEnd?: number;
  lateShare?: number;
  /** Tries of the setting refused besides the run kept (`KernelFigures.otherTries`). */
  otherTries?: readonly string[];
}

/** Per run (`<scenario> · <setting>`), per repetition: `[flow id, start, end]`. */
export type FlowTimesFile = Readonly<Record<string, RunFlowTimes>>;

/** One all-to-all scenario: Linux's timelines beside the exact model's and the term's. */
export interface AllToAllTimeline {
  readonly scenario: string;
  readonly half: string;
  /** Rack uplink over the hosts' links behind it: 1 to 5 (for 1:1 … 5:1). */
  readonly oversubscription: number;
  /** Bytes each host sends each other host. */
  readonly bytesPerPair: number;
  /** Reno's figures; absent where its run was refused (`renoRefused` says why). */
  readonly linux?: LinuxTimeline;
  readonly renoRefused?: string;
  readonly cubic?: LinuxTimeline;
  readonly exact: { lastByte: number; medianFct: number };
  readonly term: { lastByte: number; medianFct: number };
  /** The term's last byte without its start-burst stall. */
  readonly termWithoutBurst: number;
  /** Flows crossing a rack uplink: the ones a congested uplink can stall. */
  readonly crossRackFlows: number;
  /** The term's RTO stalls over a run: per cross-rack flow `(bytes ÷ R) × (1 − n0 ÷ n)` on its uplink. */
  readonly termStallsPerRun: number;
  /** The term's goodput fraction of a rack uplink while every flow crosses it. */
  readonly termUplinkFraction: number;
}

/** A Linux setting's figures of a scenario, or undefined where it was not run or refused. */
function linuxTimeline(
  f: KernelResults['scenarios'][number]['linux'][string] | undefined,
  flows: FlowTimesFile[string] | undefined,
  exactLast: number,
): LinuxTimeline | undefined {
  if (f === undefined || 'refused' in f) return undefined;
  const ends = (flows ?? []).map((rep) => rep.map((r) => r[2]).sort((a, b) => a - b));
  return {
    lastByte: f.lastByte.median,
    lastByteRange: [f.lastByte.min, f.lastByte.max],
    medianFct: f.medianFct.median,
    rtosPerRun: f.rtos,
    ...(f.otherTries === undefined ? {} : { otherTries: f.otherTries }),
    ...(ends.length === 0
      ? {}
      : {
          bulkEnd: median(ends.map((e) => e[Math.floor(0.9 * (e.length - 1))]!)),
          lateShare: median(
            ends.map(
              (e) =>
                e.filter((t) => t > exactLast + CONGESTION_COST_DEFAULTS.rtoMinSeconds / 2).length / e.length,
            ),
          ),
        }),
  };
}

/** Linux's all-to-all figures (Reno and CUBIC) against the exact model's and the term's timelines. */
export function allToAllTimelines(
  results: KernelResults,
  points: readonly CostPoint[],
  fit: Fit,
  flowTimes: FlowTimesFile = {},
): AllToAllTimeline[] {
  const out: AllToAllTimeline[] = [];
  for (const s of results.scenarios.filter((r) => r.family === 'all-to-all')) {
    const p = points.find((q) => q.scenario === s.name && q.source !== 'ns-3');
    if (p === undefined) continue;
    const reno = s.linux['linux-reno'];
    const fabric = p.trace.fabric;
    const uplink = fabric.rackUplinkBitsPerSecond / 8;
    const hosts = fabric.racks * fabric.nodesPerRack;
    const perUplink = fabric.nodesPerRack * (hosts - fabric.nodesPerRack);
    const cross = fabric.racks * perUplink;
    const parameters = { ...CONGESTION_COST_DEFAULTS, ...fit };
    const share = Math.max(0, 1 - timeoutFreeFlows(uplink, parameters) / perUplink);
    const bytes = p.trace.flows[0]!.bytes;
    const timeline = (settings: FlowReplaySettings) => {
      const times = replayFlowTrace(p.trace, settings).times;
      return {
        lastByte: times.reduce((m, t) => Math.max(m, t.end), 0),
        medianFct: median(times.map((t) => t.end - t.start)),
      };
    };
    const exact = timeline({});
    const linux = linuxTimeline(reno, flowTimes[`${s.name} · linux-reno`], exact.lastByte);
    const cubic = linuxTimeline(s.linux['linux-cubic'], flowTimes[`${s.name} · linux-cubic`], exact.lastByte);
    out.push({
      scenario: s.name,
      half: s.half,
      oversubscription: (fabric.nodesPerRack * fabric.nicBitsPerSecond) / fabric.rackUplinkBitsPerSecond,
      bytesPerPair: bytes,
      ...(linux === undefined ? {} : { linux }),
      ...(reno !== undefined && 'refused' in reno ? { renoRefused: reno.refused } : {}),
      ...(cubic === undefined ? {} : { cubic }),
      exact,
      term: timeline(costSetting(fit)),
      termWithoutBurst: timeline({
        congestionLoss: 'congestion-cost',
        congestionCost: { ...fit, initialWindowSegments: 1e-9 },
      }).lastByte,
      crossRackFlows: cross,
      termStallsPerRun: cross * (bytes / parameters.roundBytes) * share,
      termUplinkFraction: congestionCostFraction(perUplink, uplink, parameters),
    });
  }
  return out;
}
