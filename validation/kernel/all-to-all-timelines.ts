/**
 * Linux's all-to-all runs as timelines (last byte, median FCT, tail, RTOs, per-flow ends)
 * beside the exact model's and the congestion-cost term's, for the forms' section of
 * docs/network-validation.md (`congestion-cost-forms.json`, `timelines`).
 */
import { type FlowReplaySettings, replayFlowTrace } from '@rackwise/flow-replay';
import { CONGESTION_COST_DEFAULTS, congestionCostFraction, timeoutFreeFlows } from '@rackwise/topology';
import type { KernelResults, RunFlowTimes } from './collect.js';
import { type CostPoint, costSetting } from './congestion-cost.js';
import { median } from './harness.js';

/** The term's fitted figures. */
interface Fit {
  readonly windowSegments: number;
  readonly roundBytes: number;
}

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
  /** Racks of the fabric (4 but for the two-rack traces). */
  readonly racks: number;
  /** Reno's figures; absent where its run was refused (`renoRefused` says why). */
  readonly linux?: LinuxTimeline;
  readonly renoRefused?: string;
  /** Why CUBIC's run was refused, where it was. */
  readonly cubicRefused?: string;
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
    const cubicRun = s.linux['linux-cubic'];
    const cubic = linuxTimeline(cubicRun, flowTimes[`${s.name} · linux-cubic`], exact.lastByte);
    out.push({
      scenario: s.name,
      half: s.half,
      oversubscription: (fabric.nodesPerRack * fabric.nicBitsPerSecond) / fabric.rackUplinkBitsPerSecond,
      bytesPerPair: bytes,
      ...(linux === undefined ? {} : { linux }),
      racks: fabric.racks,
      ...(reno !== undefined && 'refused' in reno ? { renoRefused: reno.refused } : {}),
      ...(cubicRun !== undefined && 'refused' in cubicRun ? { cubicRefused: cubicRun.refused } : {}),
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
