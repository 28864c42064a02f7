import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { topologyArb as clusterArb, pathArb } from '../test/topology-arbitraries.js';
import { type FlowNetwork, createFlowNetwork } from './flow-network.js';

/** Runs an event loop until every flow completed; returns each flow's completion time. */
function drain(net: FlowNetwork, count: number, onEvent?: () => void): number[] {
  const done: number[] = new Array(count).fill(Number.NaN);
  net.solve();
  for (let guard = 0; net.activeFlowCount > 0; guard++) {
    if (guard > 100_000) throw new Error('no progress');
    net.advanceTo(net.nextEventTime());
    net.takeCompleted((_flow, tag) => {
      done[tag] = net.now;
    });
    net.solve();
    onEvent?.();
  }
  return done;
}

describe('mice outside the solver', () => {
  it('a mouse takes the larger of the capacity left and an equal share, and keeps it', () => {
    const net = createFlowNetwork({ capacities: Float64Array.of(100), miceBytes: 50 });
    const elephant = net.addFlow([0], 1000, 0);
    net.solve();
    expect(net.rate(elephant)).toBe(100);
    net.advanceTo(1);
    // The link is full: the mouse gets an equal share (100 / 2) and the elephant keeps 100.
    const mouse = net.addFlow([0], 10, 1);
    expect(net.rate(mouse)).toBe(50);
    expect(net.linkLoad(0)).toBe(150);
    net.solve();
    expect(net.rate(elephant)).toBe(100);
    expect(net.nextEventTime()).toBeCloseTo(1.2, 12);
    net.advanceTo(1.1);
    expect(net.remaining(mouse)).toBeCloseTo(5, 9);
    const times = drain(net, 2);
    expect(times[1]).toBeCloseTo(1.2, 12);
    expect(times[0]).toBeCloseTo(10, 12);
    expect(net.linkLoad(0)).toBe(0);
  });

  it('on a link with room a mouse takes what the solved flows leave', () => {
    // Link 0 (100 B/s) carries an elephant bottlenecked at link 1 (20 B/s): 80 left.
    const net = createFlowNetwork({ capacities: Float64Array.of(100, 20), miceBytes: 50 });
    net.addFlow([0, 1], 1000, 0);
    net.solve();
    const mouse = net.addFlow([0], 40, 1);
    expect(net.rate(mouse)).toBe(80);
    expect(drain(net, 2)[1]).toBeCloseTo(0.5, 12);
  });

  it('a removed mouse gives back its bytes left and its load', () => {
    const net = createFlowNetwork({ capacities: Float64Array.of(100), miceBytes: 50 });
    const mouse = net.addFlow([0], 40, 0);
    net.advanceTo(0.1);
    expect(net.removeFlow(mouse)).toBeCloseTo(30, 9);
    expect(net.linkLoad(0)).toBe(0);
    expect(net.activeFlowCount).toBe(0);
    expect(net.nextEventTime()).toBe(Number.POSITIVE_INFINITY);
  });

  it('is refused by the bundled model and when negative', () => {
    expect(() =>
      createFlowNetwork({ capacities: Float64Array.of(1), miceBytes: 1, model: 'bundled' }),
    ).toThrow(/miceBytes needs model 'per-flow'/);
    expect(() => createFlowNetwork({ capacities: Float64Array.of(1), miceBytes: -1 })).toThrow(/miceBytes/);
  });

  const scenarioArb = clusterArb().chain((topology) =>
    fc.tuple(
      fc.constant(topology),
      fc.array(
        fc.record({
          links: pathArb(topology),
          kb: fc.integer({ min: 1, max: 2000 }),
          start: fc.integer({ min: 0, max: 20 }),
        }),
        { minLength: 1, maxLength: 40 },
      ),
      fc.integer({ min: 0, max: 2000 }),
      fc.constantFrom(0, 0.01),
    ),
  );

  test.prop([scenarioArb])(
    'every flow completes once, the solved flows stay within capacity and only mice go past it',
    ([topology, specs, miceKb, interval]) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const net = createFlowNetwork({ capacities, miceBytes: miceKb * 1e3, resolveInterval: interval });
      const ids = new Map<number, number>();
      const order = specs.map((s, i) => ({ ...s, i })).sort((a, b) => a.start - b.start || a.i - b.i);
      const done: number[] = new Array(specs.length).fill(Number.NaN);
      let next = 0;
      const checkLoads = () => {
        const solved = new Float64Array(capacities.length);
        const mice = new Float64Array(capacities.length);
        for (const [i, id] of ids) {
          if (!Number.isNaN(done[i]!)) continue;
          const into = specs[i]!.kb * 1e3 < miceKb * 1e3 ? mice : solved;
          for (const l of specs[i]!.links) into[l] = into[l]! + net.rate(id);
        }
        solved.forEach((load, l) => {
          expect(load).toBeLessThanOrEqual(capacities[l]! * (1 + 1e-9));
          expect(net.linkLoad(l)).toBeCloseTo(load + mice[l]!, 0);
        });
      };
      for (let guard = 0; next < order.length || net.activeFlowCount > 0; guard++) {
        if (guard > 100_000) throw new Error('no progress');
        const arrival = next < order.length ? order[next]!.start * 0.01 : Number.POSITIVE_INFINITY;
        const event = net.nextEventTime();
        net.advanceTo(Math.min(arrival, event));
        net.takeCompleted((flow, tag) => {
          expect(Number.isNaN(done[tag]!), `flow ${tag} completed twice`).toBe(true);
          expect(ids.get(tag)).toBe(flow);
          done[tag] = net.now;
        });
        while (next < order.length && order[next]!.start * 0.01 <= net.now) {
          const s = order[next++]!;
          ids.set(s.i, net.addFlow(s.links, s.kb * 1e3, s.i));
        }
        net.solve();
        checkLoads();
      }
      done.forEach((t, i) => {
        expect(t).toBeGreaterThanOrEqual(specs[i]!.start * 0.01);
      });
    },
  );

  test.prop([scenarioArb])(
    'with no mice threshold crossed, the run is the exact one',
    ([topology, specs]) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const times = (miceBytes: number) => {
        const net = createFlowNetwork({ capacities, miceBytes });
        for (const [i, s] of specs.entries()) net.addFlow(s.links, s.kb * 1e3, i);
        return drain(net, specs.length);
      };
      // Every flow is at least 1 kB: a 1 kB threshold makes no mouse.
      expect(times(1e3)).toEqual(times(0));
    },
  );
});
