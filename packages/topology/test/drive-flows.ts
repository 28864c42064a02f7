import { fc } from '@fast-check/vitest';
import { expect } from 'vitest';
import type { FlowNetwork } from '../src/flow-network.js';
import type { Topology } from '../src/topology.js';
import { topologyArb as clusterArb, pathArb } from './topology-arbitraries.js';

/** Flows arriving over time on random paths of a random cluster, with the network host protocol to drive them. */
export interface Arrival {
  readonly links: readonly number[];
  readonly bytes: number;
  /** Seconds after the previous arrival. */
  readonly gap: number;
}

export function arrivalsArb(topology: Topology): fc.Arbitrary<Arrival[]> {
  return fc
    .array(
      fc.record({
        links: pathArb(topology),
        mb: fc.integer({ min: 1, max: 200 }),
        gapMs: fc.integer({ min: 0, max: 300 }),
      }),
      { minLength: 1, maxLength: 40 },
    )
    .map((flows) => flows.map(({ links, mb, gapMs }) => ({ links, bytes: mb * 1e6, gap: gapMs / 1000 })));
}

export const scenarioArb = clusterArb().chain((t) => fc.tuple(fc.constant(t), arrivalsArb(t)));

export interface Live {
  readonly id: number;
  readonly index: number;
  readonly links: readonly number[];
}

/**
 * Drives the host protocol with flows arriving over time; `afterSolve` sees the network and
 * the flows added at this instant after every `solve()`. Returns each flow's delivered bytes.
 */
export function drive(
  net: FlowNetwork,
  arrivals: readonly Arrival[],
  afterSolve: (fresh: readonly Live[], live: readonly Live[]) => void,
): number[] {
  const delivered = arrivals.map(() => 0);
  const live: Live[] = [];
  let next = 0;
  let arrivalAt = arrivals[0]!.gap;
  for (let steps = 0; next < arrivals.length || live.length > 0; steps++) {
    if (steps > 20 * arrivals.length + 20) expect.fail('the event loop does not terminate');
    const t = Math.min(net.nextEventTime(), next < arrivals.length ? arrivalAt : Number.POSITIVE_INFINITY);
    for (const f of live) delivered[f.index]! += net.rate(f.id) * (t - net.now);
    net.advanceTo(t);
    net.takeCompleted((flow) => {
      live.splice(
        live.findIndex((f) => f.id === flow),
        1,
      );
    });
    const fresh: Live[] = [];
    while (next < arrivals.length && arrivalAt <= net.now) {
      const a = arrivals[next]!;
      fresh.push({ id: net.addFlow(a.links, a.bytes, next), index: next, links: a.links });
      next++;
      if (next < arrivals.length) arrivalAt += arrivals[next]!.gap;
    }
    live.push(...fresh);
    net.solve();
    afterSolve(fresh, live);
  }
  return delivered;
}

export function loads(linkCount: number, net: FlowNetwork, live: readonly Live[]): number[] {
  const sum = new Array<number>(linkCount).fill(0);
  for (const f of live) for (const l of f.links) sum[l]! += net.rate(f.id);
  return sum;
}

/** Drives `arrivals` through `net` (`afterSolve` as in `drive`) and fails if a flow delivers other than its size. */
export function expectDelivered(
  net: FlowNetwork,
  arrivals: readonly Arrival[],
  afterSolve: (fresh: readonly Live[], live: readonly Live[]) => void,
): void {
  const delivered = drive(net, arrivals, afterSolve);
  arrivals.forEach((a, i) => {
    if (Math.abs(delivered[i]! - a.bytes) > 1e-3 + 1e-9 * a.bytes) {
      expect.fail(`flow ${i}: delivered ${delivered[i]} of ${a.bytes} bytes`);
    }
  });
}

/**
 * Drives `arrivals` through `net` and fails if a link ever carries more than its capacity
 * (or `linkLoad` disagrees with the flows' rates), or a flow delivers other than its size.
 */
export function expectWithinCapacityAndDelivered(
  net: FlowNetwork,
  arrivals: readonly Arrival[],
  capacities: Float64Array,
): void {
  expectDelivered(net, arrivals, (_, live) => {
    loads(capacities.length, net, live).forEach((load, l) => {
      if (load > capacities[l]! * (1 + 1e-9)) expect.fail(`link ${l} carries ${load} > ${capacities[l]}`);
      expect(net.linkLoad(l)).toBeCloseTo(load, -1);
    });
  });
}
