import {
  type BetweenSolves,
  CONGESTION_LOSSES,
  type CongestionLoss,
  type CongestionTailParameters,
  type FlowModel,
  type FlowNetwork,
  type IncastLossParameters,
  type Topology,
  buildTopology,
  congestionLossOptions,
  createFlowNetwork,
  effectiveResolveTolerance,
} from '@rackwise/topology';
import type { Bytes, Seconds } from '@rackwise/types';
import type { FlowTime, FlowTrace, FlowTraceFabric, FlowTraceRecord } from './flow-trace.js';

/**
 * A network setting to time a flow trace under: the engine's own network parameters
 * (`resolveInterval`, `betweenSolves`, `flowModel`, `congestionLoss`) and the corrections
 * a packet-level comparison may call for (docs/network-validation.md).
 */
export interface FlowReplaySettings {
  /** Minimum simulated time between two solves (0 = exact). Default 0. */
  readonly resolveInterval?: Seconds;
  /** What flows started between two deferred solves get. Default `idle`. */
  readonly betweenSolves?: BetweenSolves;
  /**
   * With `residual`, an interval and the per-flow model, the share drift that calls a solve
   * (0: every change); no effect otherwise. Default 0.
   */
  readonly resolveTolerance?: number;
  /** `per-flow` (default) or `bundled`. */
  readonly flowModel?: FlowModel;
  /**
   * `none` (default, fluid), `incast` (goodput falls with the flows on a link) or
   * `congestion-cost` (RTO stalls past what a port's buffer holds).
   */
  readonly congestionLoss?: CongestionLoss;
  /** The incast model's figures when `congestionLoss` is `incast`; its defaults otherwise. */
  readonly incast?: Partial<IncastLossParameters>;
  /** The congestion-cost term's figures when `congestionLoss` is `congestion-cost`; its defaults otherwise. */
  readonly congestionCost?: Partial<CongestionTailParameters>;
  /**
   * Coarse shuffle paths: `node` (default, as recorded) or `rack` — a shuffle fetch crosses
   * only the rack links and the reducer's NIC, as the engine's `fetchSource: 'rack'`
   * models it (the source NIC is not modelled).
   */
  readonly shufflePath?: 'node' | 'rack';
  /**
   * Goodput as a fraction of every link's capacity (TCP/IP headers, ACKs). Default 1: the
   * fluid model's full line rate.
   */
  readonly linkGoodput?: number;
  /**
   * Seconds before a flow starts moving bytes (handshake, slow start). Default 0. The flow
   * still counts from its recorded start.
   */
  readonly startupLatency?: Seconds;
  /** Record bytes per link in bins of this many seconds (0 = off, the default). */
  readonly linkBin?: Seconds;
  /** A flow is complete when at most this many bytes remain. Default 1e-3. */
  readonly completionTolerance?: Bytes;
}

/** What a replay produced. */
export interface FlowReplayResult {
  /** One timing per flow, in the trace's id order. */
  readonly times: readonly FlowTime[];
  /** With `linkBin`: bytes each link carried per bin, `[link, bin start, bytes]`, nonzero only. */
  readonly linkBytes: readonly (readonly [number, Seconds, Bytes])[];
  readonly solves: number;
  readonly solverMillis: number;
}

/** The topology a flow trace's fabric describes (containers are irrelevant to flows: one each). */
export function fabricTopology(fabric: FlowTraceFabric): Topology {
  return buildTopology({
    name: 'flow-trace',
    racks: fabric.racks,
    nodesPerRack: fabric.nodesPerRack,
    slots: { model: 'container', containers: 1 },
    nicCapacity: fabric.nicBitsPerSecond,
    rackUplinkCapacity: fabric.rackUplinkBitsPerSecond,
    rackDownlinkCapacity: fabric.rackDownlinkBitsPerSecond,
  });
}

function requireFraction(name: string, value: number): number {
  if (!(typeof value === 'number' && value > 0 && value <= 1)) {
    throw new Error(`${name} must be a fraction in (0, 1], got ${String(value)}`);
  }
  return value;
}

function requireSeconds(name: string, value: number): number {
  if (!(typeof value === 'number' && Number.isFinite(value) && value >= 0)) {
    throw new Error(`${name} must be a finite number of seconds >= 0, got ${String(value)}`);
  }
  return value;
}

/** The links a flow crosses under a setting. */
function pathOf(flow: FlowTraceRecord, shufflePath: 'node' | 'rack'): number[] {
  if (shufflePath === 'rack' && flow.kind === 'shuffle' && flow.links.length === 4) {
    return flow.links.slice(1);
  }
  return [...flow.links];
}

/** A replay under way: the network, the flows in start order, and what each has done so far. */
interface ReplayState {
  readonly flows: readonly FlowTraceRecord[];
  readonly network: FlowNetwork;
  /** Seconds before a flow starts moving bytes. */
  readonly latency: Seconds;
  /** Seconds per bin of link bytes (0: not recorded). */
  readonly bin: Seconds;
  /** Flow indices by start, then id. */
  readonly order: readonly number[];
  /** Cancelled flows' indices by recorded end, then id. */
  readonly removals: readonly number[];
  readonly ends: Float64Array;
  readonly delivered: Float64Array;
  /** Each flow's id in the network; -1 before it enters. */
  readonly networkFlow: Int32Array;
  /** Flows in the network now. */
  readonly live: Set<number>;
  /** The links each flow crosses under the setting. */
  readonly paths: readonly number[][];
  /** Bytes per `link\tbin`. */
  readonly linkBins: Map<string, number>;
  /** Where in `order` the next arrival is. */
  next: number;
  /** Where in `removals` the next removal is. */
  nextRemoval: number;
  /** Takes a completed flow out, made once for the network's callback. */
  readonly onComplete: (flow: number, tag: number) => void;
}

/** The settings checked, and the flow network they describe over the trace's fabric. */
function replayNetwork(
  trace: FlowTrace,
  settings: FlowReplaySettings,
): { network: FlowNetwork; latency: Seconds; bin: Seconds; shufflePath: 'node' | 'rack' } {
  const topology = fabricTopology(trace.fabric);
  const goodput = requireFraction('linkGoodput', settings.linkGoodput ?? 1);
  const latency = requireSeconds('startupLatency', settings.startupLatency ?? 0);
  const bin = requireSeconds('linkBin', settings.linkBin ?? 0);
  const shufflePath = settings.shufflePath ?? 'node';
  if (shufflePath !== 'node' && shufflePath !== 'rack') {
    throw new Error(`shufflePath must be 'node' or 'rack', got ${String(shufflePath)}`);
  }
  const capacities = topology.linkCapacitiesBytesPerSecond();
  for (let l = 0; l < capacities.length; l++) capacities[l]! *= goodput;
  const loss = settings.congestionLoss ?? 'none';
  if (!CONGESTION_LOSSES.includes(loss)) {
    throw new Error(`congestionLoss must be one of ${CONGESTION_LOSSES.join(', ')}, got ${String(loss)}`);
  }
  const network = createFlowNetwork({
    capacities,
    resolveInterval: settings.resolveInterval ?? 0,
    betweenSolves: settings.betweenSolves ?? 'idle',
    resolveTolerance: effectiveResolveTolerance(settings),
    model: settings.flowModel ?? 'per-flow',
    completionTolerance: settings.completionTolerance ?? 1e-3,
    ...congestionLossOptions(loss, settings.incast, settings.congestionCost),
  });
  return { network, latency, bin, shufflePath };
}

/** A replay before its first event. */
function createReplayState(trace: FlowTrace, settings: FlowReplaySettings): ReplayState {
  const { network, latency, bin, shufflePath } = replayNetwork(trace, settings);
  const flows = trace.flows;
  const count = flows.length;
  const ends = new Float64Array(count).fill(Number.NaN);
  const delivered = new Float64Array(count);
  const live = new Set<number>();
  return {
    flows,
    network,
    latency,
    bin,
    order: flows
      .map((_, i) => i)
      .sort((a, b) => flows[a]!.start - flows[b]!.start || flows[a]!.id - flows[b]!.id),
    removals: flows
      .map((_, i) => i)
      .filter((i) => flows[i]!.status === 'cancelled')
      .sort((a, b) => flows[a]!.end - flows[b]!.end || flows[a]!.id - flows[b]!.id),
    ends,
    delivered,
    networkFlow: new Int32Array(count).fill(-1),
    live,
    paths: flows.map((f) => pathOf(f, shufflePath)),
    linkBins: new Map(),
    next: 0,
    nextRemoval: 0,
    onComplete: (_flow: number, tag: number): void => {
      ends[tag] = network.now;
      delivered[tag] = flows[tag]!.bytes;
      live.delete(tag);
    },
  };
}

/** Bytes the live flows carried over each link from `from` to `to`, added to their bins. */
function addLinkBytes(state: ReplayState, from: number, to: number): void {
  const { network, networkFlow, paths, linkBins, bin } = state;
  for (const i of state.live) {
    const rate = network.rate(networkFlow[i]!);
    if (rate <= 0) continue;
    for (let b = Math.floor(from / bin); b * bin < to; b++) {
      const overlap = Math.min(to, (b + 1) * bin) - Math.max(from, b * bin);
      if (overlap <= 0) continue;
      for (const l of paths[i]!) {
        const key = `${l}\t${b}`;
        linkBins.set(key, (linkBins.get(key) ?? 0) + rate * overlap);
      }
    }
  }
}

/** When the flow enters the network: its recorded start plus the startup latency. */
const entry = (state: ReplayState, i: number): number => state.flows[i]!.start + state.latency;

/** Cancelled flows whose recorded end has come leave the network with what they delivered. */
function removeCancelled(state: ReplayState): void {
  const { flows, removals, network, networkFlow, live } = state;
  while (state.nextRemoval < removals.length && flows[removals[state.nextRemoval]!]!.end <= network.now) {
    const i = removals[state.nextRemoval++]!;
    if (networkFlow[i]! < 0 || !live.has(i)) continue;
    state.delivered[i] = flows[i]!.bytes - network.removeFlow(networkFlow[i]!);
    state.ends[i] = network.now;
    live.delete(i);
  }
}

/** Flows whose entry has come join the network (a cancelled one already over ends at once). */
function admitArrivals(state: ReplayState): void {
  const { flows, order, network } = state;
  while (state.next < order.length && entry(state, order[state.next]!) <= network.now) {
    const i = order[state.next++]!;
    const f = flows[i]!;
    if (f.status === 'cancelled' && f.end <= network.now) {
      state.ends[i] = f.end;
      continue;
    }
    state.networkFlow[i] = network.addFlow(state.paths[i]!, f.bytes, i);
    state.live.add(i);
  }
}

/** The replay's events in time order — arrivals, removals, completions — each batch solved once. */
function runReplay(state: ReplayState): void {
  const { flows, order, removals, network } = state;
  for (;;) {
    const arrival = state.next < order.length ? entry(state, order[state.next]!) : Number.POSITIVE_INFINITY;
    const removal =
      state.nextRemoval < removals.length
        ? flows[removals[state.nextRemoval]!]!.end
        : Number.POSITIVE_INFINITY;
    const t = Math.min(arrival, removal, network.nextEventTime());
    if (t === Number.POSITIVE_INFINITY) break;
    if (t > network.now) {
      if (state.bin > 0) addLinkBytes(state, network.now, t);
      network.advanceTo(t);
    }
    network.takeCompleted(state.onComplete);
    removeCancelled(state);
    admitArrivals(state);
    network.solve();
  }
}

/**
 * Times the flows of a trace — same starts, same sizes, same links, no scheduler — under
 * a network setting. A `done` flow runs until it has delivered its bytes; a `cancelled`
 * one is removed at its recorded end, as its task was (so what it takes from others is
 * the same), and its time is that end.
 *
 * Replaying a run's own trace under the run's own exact setting gives back its end times
 * (up to floating-point order; a test checks it).
 */
export function replayFlowTrace(trace: FlowTrace, settings: FlowReplaySettings = {}): FlowReplayResult {
  const state = createReplayState(trace, settings);
  runReplay(state);
  const { flows, ends, delivered, bin, network } = state;
  const times: FlowTime[] = state.order
    .slice()
    .sort((a, b) => flows[a]!.id - flows[b]!.id)
    .map((i) => ({ id: flows[i]!.id, start: flows[i]!.start, end: ends[i]!, delivered: delivered[i]! }));
  const linkBytes = [...state.linkBins.entries()]
    .map(([key, bytes]): [number, number, number] => {
      const [l, b] = key.split('\t').map(Number) as [number, number];
      return [l, b * bin, bytes];
    })
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  return { times, linkBytes, solves: network.stats.solves, solverMillis: network.stats.solveMillis };
}
