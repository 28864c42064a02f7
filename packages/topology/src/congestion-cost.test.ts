import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { expectWithinCapacityAndDelivered, scenarioArb } from '../test/drive-flows.js';
import {
  CONGESTION_COST_DEFAULTS,
  congestionCostCapacity,
  congestionCostFraction,
  congestionCostOptions,
  timeoutFreeFlows,
} from './congestion-cost.js';
import { createFlowNetwork } from './flow-network.js';
import { burstHeldFlows } from './internal/start-burst-network.js';

const GBPS = 1e9 / 8;

describe('the congestion-cost term', () => {
  it('charges nothing while the port holds every flow, then one RTO_min per round for the overflow', () => {
    const p = { ...CONGESTION_COST_DEFAULTS, windowSegments: 10, roundBytes: 256 * 1024 };
    // 128 KiB + 12.5 KB of pipe over 10 segments of 1448 B: 9.9 flows.
    expect(timeoutFreeFlows(GBPS, p)).toBeCloseTo((131072 + 12500) / 14480, 9);
    expect(congestionCostFraction(9, GBPS, p)).toBe(1);
    expect(congestionCostFraction(0, GBPS, p)).toBe(1);
    // 20 flows: a round of 20 × 256 KiB takes 41.9 ms; half the flows overflow the port,
    // so the round pays half of 200 ms.
    const held = (131072 + 12500) / 14480;
    const round = (20 * 262144) / GBPS;
    expect(congestionCostFraction(20, GBPS, p)).toBeCloseTo(round / (round + (1 - held / 20) * 0.2), 12);
  });

  it('costs less with microsecond timers and more with a shallower buffer', () => {
    const flows = 40;
    const base = congestionCostFraction(flows, GBPS);
    expect(
      congestionCostFraction(flows, GBPS, { ...CONGESTION_COST_DEFAULTS, rtoMinSeconds: 200e-6 }),
    ).toBeGreaterThan(base);
    expect(
      congestionCostFraction(flows, GBPS, { ...CONGESTION_COST_DEFAULTS, bufferBytes: 32 * 1024 }),
    ).toBeLessThan(base);
  });

  test.prop([
    fc.double({ min: 0, max: 5000, noNaN: true }),
    fc.constantFrom(1e8 / 8, GBPS, 1e10 / 8),
    fc.integer({ min: 4 * 1024, max: 16 * 1024 * 1024 }),
    fc.integer({ min: 1, max: 64 }),
    fc.integer({ min: 1024, max: 64 * 1024 * 1024 }),
  ])(
    'is a fraction in (0, 1] that more buffer never lowers',
    (flows, capacity, buffer, windowSegments, roundBytes) => {
      const p = { ...CONGESTION_COST_DEFAULTS, bufferBytes: buffer, windowSegments, roundBytes };
      const f = congestionCostFraction(flows, capacity, p);
      expect(f).toBeGreaterThan(0);
      expect(f).toBeLessThanOrEqual(1);
      expect(
        congestionCostFraction(flows, capacity, { ...p, bufferBytes: 2 * buffer }),
      ).toBeGreaterThanOrEqual(f);
    },
  );

  test.prop([scenarioArb, fc.constantFrom<'per-flow' | 'bundled'>('per-flow', 'bundled')])(
    'never loads a link past its capacity and delivers every byte, in either solver',
    ([topology, arrivals], model) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const network = createFlowNetwork({ capacities, model, effectiveCapacity: congestionCostCapacity() });
      expectWithinCapacityAndDelivered(network, arrivals, capacities);
    },
  );

  it('refuses impossible inputs', () => {
    expect(() => congestionCostFraction(-1, GBPS)).toThrow(/flows must be a finite number >= 0/);
    expect(() => congestionCostFraction(2, 0)).toThrow(/capacity must be a positive/);
  });

  test.prop([scenarioArb, fc.constantFrom<'per-flow' | 'bundled'>('per-flow', 'bundled')])(
    'with the start stall too, never loads a link past its capacity and delivers every byte',
    ([topology, arrivals], model) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const network = createFlowNetwork({ capacities, model, ...congestionCostOptions() });
      expectWithinCapacityAndDelivered(network, arrivals, capacities);
    },
  );
});

/** One 1 Gbps link under the term's start stall, solved at most every 50 ms (new flows take the residual). */
const deferredOneLink = () =>
  createFlowNetwork({
    capacities: Float64Array.from([GBPS]),
    startBurst: congestionCostOptions().startBurst,
    resolveInterval: 0.05,
    betweenSolves: 'residual',
  });

describe('the start stall', () => {
  it('holds back the flows of one instant past what the port takes of their initial windows, for RTO_min', () => {
    const { startBurst } = congestionCostOptions();
    // 128 KiB + 12.5 KB of pipe over 10 segments of 1448 B: 9 flows start; 7 of 16 wait.
    expect(burstHeldFlows(GBPS, startBurst)).toBe(9);
    const network = createFlowNetwork({ capacities: Float64Array.from([GBPS]), startBurst });
    const ids = Array.from({ length: 16 }, (_, i) => network.addFlow([0], 256e3, i));
    network.solve();
    expect(ids.map((f) => network.rate(f) > 0)).toEqual(ids.map((_, i) => i < 9));
    expect(network.remaining(ids[15]!)).toBe(256e3);
    const ends: number[] = [];
    for (let guard = 0; network.activeFlowCount > 0 && guard < 100; guard++) {
      network.advanceTo(network.nextEventTime());
      network.takeCompleted((_, tag) => {
        ends[tag] = network.now;
      });
      network.solve();
    }
    // The 9 share the link (9 × 256 KB at 125 MB/s), the 7 start at 200 ms and share it then.
    expect(ends[0]).toBeCloseTo((9 * 256e3) / GBPS, 9);
    expect(ends[15]).toBeCloseTo(0.2 + (7 * 256e3) / GBPS, 9);
  });

  it('leaves flows that start at different instants alone', () => {
    const { startBurst } = congestionCostOptions();
    const network = createFlowNetwork({ capacities: Float64Array.from([GBPS]), startBurst });
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) {
      network.advanceTo(i * 1e-4);
      ids.push(network.addFlow([0], 256e3, i));
      network.solve();
    }
    expect(ids.every((f) => network.rate(f) > 0)).toBe(true);
  });

  it('with deferred solves, counts the flows since the last solve by the instant each started', () => {
    const network = deferredOneLink();
    network.advanceTo(0.001);
    const ids = Array.from({ length: 8 }, (_, i) => network.addFlow([0], 256e3, i));
    network.advanceTo(0.002);
    ids.push(...Array.from({ length: 8 }, (_, i) => network.addFlow([0], 256e3, 8 + i)));
    network.solve();
    const ends = new Map<number, number>();
    for (let guard = 0; network.activeFlowCount > 0 && guard < 1000; guard++) {
      network.advanceTo(network.nextEventTime());
      network.takeCompleted((flow) => {
        ends.set(flow, network.now);
      });
      network.solve();
    }
    // Eight at each instant fit the port's burst of nine: none waits for RTO_min.
    expect(ends.size).toBe(16);
    expect(Math.max(...ends.values())).toBeLessThan(0.1);
  });

  it('counts in a burst the flows of its instant still in the network or ended, not those removed', () => {
    const burst = (removeFirst: boolean) => {
      const network = deferredOneLink();
      network.advanceTo(0.001);
      const ids = Array.from({ length: 10 }, (_, i) => network.addFlow([0], 256e3, i));
      if (removeFirst) network.removeFlow(ids[0]!);
      network.solve();
      return ids.slice(1).map((f) => network.rate(f) > 0);
    };
    // Ten at one instant: the tenth waits; with the first removed before the solve, nine fit.
    expect(burst(false)).toEqual([...Array(8).fill(true), false]);
    expect(burst(true)).toEqual(Array(9).fill(true));
  });

  it('keeps the ids straight when flows start from the completions of one batch', () => {
    const { startBurst } = congestionCostOptions();
    const network = createFlowNetwork({ capacities: Float64Array.from([GBPS, GBPS]), startBurst });
    // The second to end takes the lower slot: the freed slot of a flow removed before it.
    const gone = network.addFlow([0], 1e6, 9);
    const a = network.addFlow([0], 1e6, 0);
    network.removeFlow(gone);
    const b = network.addFlow([0], 1e6, 1);
    network.solve();
    network.advanceTo(network.nextEventTime());
    // Both end at once; as the first is reported, a flow starts (a fetch starting the next).
    const reported: [number, number][] = [];
    let started = -1;
    network.takeCompleted((flow, tag) => {
      reported.push([flow, tag]);
      if (started < 0) started = network.addFlow([1], 5e6, 2);
    });
    expect(reported).toEqual([
      [a, 0],
      [b, 1],
    ]);
    network.solve();
    expect(network.rate(started)).toBeCloseTo(GBPS, 3);
    expect(network.removeFlow(started)).toBe(5e6);
  });

  test.prop([scenarioArb, fc.constantFrom(0, 0.05)])(
    'gives no two live flows one id, nor a flow started as others end the id of one that ended since the last solve',
    ([topology, arrivals], resolveInterval) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      // Initial windows of 200 segments: a port takes one or two flows a burst, so many stall.
      const { startBurst } = congestionCostOptions();
      const burst = { ...startBurst, initialWindowSegments: 200 };
      const network = createFlowNetwork({
        capacities,
        resolveInterval,
        betweenSolves: 'residual',
        startBurst: burst,
      });
      // Three flows start at once; as each ends the next starts, from the completion (a fetch
      // starting the next, as the engine does).
      const live = new Set<number>();
      let ended = new Set<number>();
      let next = 0;
      const start = () => {
        const a = arrivals[next]!;
        const id = network.addFlow(a.links, a.bytes, next++);
        expect(ended.has(id) || live.has(id)).toBe(false);
        live.add(id);
      };
      while (next < Math.min(3, arrivals.length)) start();
      for (let steps = 0; live.size > 0; steps++) {
        if (steps > 50 * arrivals.length + 50) expect.fail('the event loop does not terminate');
        network.solve();
        ended = new Set();
        network.advanceTo(network.nextEventTime());
        network.takeCompleted((flow) => {
          live.delete(flow);
          ended.add(flow);
          if (next < arrivals.length) start();
        });
      }
      expect(next).toBe(arrivals.length);
    },
  );

  it('refuses impossible figures', () => {
    const { startBurst } = congestionCostOptions();
    expect(() =>
      createFlowNetwork({
        capacities: Float64Array.from([GBPS]),
        startBurst: { ...startBurst, initialWindowSegments: 0 },
      }),
    ).toThrow(/startBurst.initialWindowSegments must be a positive finite number of segments/);
  });
});
