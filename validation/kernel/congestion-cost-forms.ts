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
import type { KernelResults } from './collect.js';
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
}

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
    last = Math.max(last, t.end + (exposed ? parameters.rtoMinSeconds : 0));
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
    let best = { fitted: { windowSegments: 0, roundBytes: 0 }, error: Number.POSITIVE_INFINITY };
    for (const windowSegments of COST_GRID.windowSegments) {
      for (const roundBytes of rounds) {
        const fitted = { windowSegments, roundBytes };
        const error = familyMeanError(
          calibrate.map((p) => ({
            family: p.family,
            error: formLastByte(p.trace, form, fitted, caches.get(p)) / p.lastByte - 1,
          })),
        );
        if (error < best.error) best = { fitted, error };
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
        ns3: familyErrors(judged.filter((j) => j.source === 'ns-3')),
      },
      points: judged.map((j) => ({ scenario: j.scenario, source: j.source, half: j.half, error: j.cost })),
    };
  });
}

const lastByteExact = (trace: FlowTrace): number =>
  replayFlowTrace(trace, {}).times.reduce((m, t) => Math.max(m, t.end), 0);

/** One all-to-all scenario: Linux's timeline beside the exact model's and the term's. */
export interface AllToAllTimeline {
  readonly scenario: string;
  readonly half: string;
  /** Rack uplink over the hosts' links behind it: 1, 2 or 5 (for 1:1 … 5:1). */
  readonly oversubscription: number;
  readonly linux: {
    lastByte: number;
    /** Least and greatest last byte over repetitions. */
    lastByteRange: readonly [number, number];
    medianFct: number;
    rtosPerRun: readonly number[];
  };
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

/** Linux's committed all-to-all figures against the exact model's and the term's timelines. */
export function allToAllTimelines(
  results: KernelResults,
  points: readonly CostPoint[],
  fit: Fit,
): AllToAllTimeline[] {
  const out: AllToAllTimeline[] = [];
  for (const p of points.filter((q) => q.family === 'all-to-all' && q.source === 'linux-reno')) {
    const s = results.scenarios.find((r) => r.name === p.scenario);
    const f = s?.linux['linux-reno'];
    if (s === undefined || f === undefined || 'refused' in f) continue;
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
    out.push({
      scenario: p.scenario,
      half: p.half,
      oversubscription: (fabric.nodesPerRack * fabric.nicBitsPerSecond) / fabric.rackUplinkBitsPerSecond,
      linux: {
        lastByte: f.lastByte.median,
        lastByteRange: [f.lastByte.min, f.lastByte.max],
        medianFct: f.medianFct.median,
        rtosPerRun: f.rtos,
      },
      exact: timeline({}),
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
