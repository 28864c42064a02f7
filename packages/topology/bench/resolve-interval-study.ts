import { type Topology, createFlowNetwork } from '../src/index.js';
import { seededRandom } from './random.js';
import { type BenchFlow, randomShuffleFlow } from './shuffle-flows.js';
import { round } from './solve-timing.js';

interface Arrival extends BenchFlow {
  readonly time: number;
}

/** Poisson arrivals of shuffle-like flows at `load` × the racks' cross-rack capacity. */
export function poissonShuffleArrivals(
  topology: Topology,
  count: number,
  load: number,
  seed: number,
): Arrival[] {
  const random = seededRandom(seed);
  const meanBytes = 64.5 * 2 ** 20;
  let crossRack = 0;
  for (let r = 0; r < topology.rackCount; r++)
    crossRack += topology.linkCapacity(2 * topology.nodeCount + r) / 8;
  const rate = (load * crossRack) / meanBytes;
  let time = 0;
  return Array.from({ length: count }, () => {
    time += -Math.log(1 - random()) / rate;
    return { time, ...randomShuffleFlow(topology, random) };
  });
}

/** Completion time of each flow (end − arrival) under one resolve interval, and the run's cost. */
export function replay(topology: Topology, arrivals: readonly Arrival[], resolveInterval: number) {
  const net = createFlowNetwork({ capacities: topology.linkCapacitiesBytesPerSecond(), resolveInterval });
  const fct = new Float64Array(arrivals.length);
  const record = (_flow: number, tag: number) => {
    fct[tag] = net.now - arrivals[tag]!.time;
  };
  const started = performance.now();
  let next = 0;
  let events = 0;
  while (next < arrivals.length || net.activeFlowCount > 0) {
    const arrival = next < arrivals.length ? arrivals[next]!.time : Number.POSITIVE_INFINITY;
    const t = Math.min(arrival, net.nextEventTime());
    net.advanceTo(t);
    net.takeCompleted(record);
    while (next < arrivals.length && arrivals[next]!.time <= t) {
      const a = arrivals[next]!;
      net.addFlow(a.links, a.bytes, next++);
    }
    net.solve();
    events++;
  }
  return {
    fct,
    events,
    solves: net.stats.solves,
    meanActiveFlows: round(net.stats.activeFlowsAtSolves / net.stats.solves),
    peakActiveFlows: net.stats.peakActiveFlows,
    wallMs: round(performance.now() - started),
  };
}

/** Mean and max relative error of completion times against the exact run. */
export function relativeErrors(exact: Float64Array, approx: Float64Array): { mean: number; max: number } {
  let sum = 0;
  let max = 0;
  for (let i = 0; i < exact.length; i++) {
    const e = Math.abs(approx[i]! - exact[i]!) / exact[i]!;
    sum += e;
    if (e > max) max = e;
  }
  return { mean: round(sum / exact.length), max: round(max) };
}
