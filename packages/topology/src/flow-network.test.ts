import { describe, expect, it } from 'vitest';
import { createFlowNetwork } from './flow-network.js';
import { nodeId } from './ids.js';
import { buildTopology } from './topology.js';

const caps = (...c: number[]) => Float64Array.from(c);

function collect(net: ReturnType<typeof createFlowNetwork>): number[] {
  const tags: number[] = [];
  net.takeCompleted((_, tag) => tags.push(tag));
  return tags;
}

describe('createFlowNetwork', () => {
  it('shares one link equally, then gives the survivor all of it', () => {
    const net = createFlowNetwork({ capacities: caps(100) });
    const a = net.addFlow([0], 100, 1);
    const b = net.addFlow([0], 300, 2);
    net.solve();
    expect([net.rate(a), net.rate(b)]).toEqual([50, 50]);
    expect(net.nextEventTime()).toBeCloseTo(2, 9);
    net.advanceTo(net.nextEventTime());
    expect(collect(net)).toEqual([1]);
    net.solve();
    expect(net.rate(b)).toBe(100);
    expect(net.remaining(b)).toBeCloseTo(200, 6);
    expect(net.nextEventTime()).toBeCloseTo(4, 9);
    net.advanceTo(net.nextEventTime());
    expect(collect(net)).toEqual([2]);
    expect(net.activeFlowCount).toBe(0);
    expect(net.nextEventTime()).toBe(Number.POSITIVE_INFINITY);
  });

  it('gives the bottleneck link’s flows their share first (max-min, not equal split)', () => {
    // Link 0 (10 B/s): flows 1, 2. Link 1 (4 B/s): flows 2, 3.
    const net = createFlowNetwork({ capacities: caps(10, 4) });
    const f1 = net.addFlow([0], 1000, 1);
    const f2 = net.addFlow([0, 1], 1000, 2);
    const f3 = net.addFlow([1], 1000, 3);
    net.solve();
    expect([net.rate(f1), net.rate(f2), net.rate(f3)]).toEqual([8, 2, 2]);
    expect([net.linkLoad(0), net.linkLoad(1)]).toEqual([10, 4]);
  });

  it('routes a cross-rack shuffle fetch over four links of a topology', () => {
    const topo = buildTopology({
      racks: 2,
      nodesPerRack: 2,
      slots: { model: 'container', containers: 2 },
      nicCapacity: 8e9,
      rackUplinkCapacity: 8e8,
      rackDownlinkCapacity: 8e8,
    });
    const net = createFlowNetwork({ capacities: topo.linkCapacitiesBytesPerSecond() });
    const path = new Int32Array(4);
    const cross = net.addFlow(path.subarray(0, topo.flowPath(nodeId(0), nodeId(2), path)), 1e8, 0);
    const local = net.addFlow(path.subarray(0, topo.flowPath(nodeId(1), nodeId(0), path)), 1e8, 1);
    net.solve();
    expect(net.rate(cross)).toBe(1e8); // the 800 Mbps rack uplink
    expect(net.rate(local)).toBe(1e9); // the whole 8 Gbps NIC
  });

  it('reports zero-size and link-less flows at once without a solve', () => {
    const net = createFlowNetwork({ capacities: caps(100) });
    net.addFlow([0], 0, 7);
    net.addFlow([], 50, 8);
    expect(net.activeFlowCount).toBe(2);
    expect(net.nextEventTime()).toBe(0);
    net.solve();
    expect(collect(net)).toEqual([7, 8]);
    expect(net.stats.solves).toBe(0);
    expect(net.stats.flowsAdded).toBe(2);
    expect(net.stats.peakActiveFlows).toBe(0);
  });

  it('reports flows completing together in the order they were added', () => {
    const net = createFlowNetwork({ capacities: caps(10, 10) });
    net.addFlow([1], 20, 30);
    net.addFlow([0], 20, 10);
    net.addFlow([0], 20, 20);
    net.solve();
    net.advanceTo(net.nextEventTime());
    expect(collect(net)).toEqual([30]);
    net.solve();
    net.advanceTo(4);
    expect(collect(net)).toEqual([10, 20]);
  });

  it.each([
    ['per-flow', 3],
    ['bundled', 2],
  ] as const)('removes a flow early and returns what it still had to send (%s)', (model, changes) => {
    const net = createFlowNetwork({ capacities: caps(100), model });
    const a = net.addFlow([0], 1000, 1);
    const b = net.addFlow([0], 1000, 2);
    net.solve();
    net.advanceTo(4);
    expect(net.removeFlow(a)).toBeCloseTo(800, 9);
    net.solve();
    expect(net.rate(b)).toBe(100);
    expect(() => net.rate(a)).toThrow('rate: flow 0 is not an active flow');
    // The per-flow model re-rates a and b, then b; the bundled model their bundle, then it.
    expect(net.stats.rateChanges).toBe(changes);
  });

  it('reuses the slots of finished flows', () => {
    const net = createFlowNetwork({ capacities: caps(100) });
    const a = net.addFlow([0], 100, 1);
    net.solve();
    net.advanceTo(1);
    collect(net);
    expect(net.addFlow([0], 100, 2)).toBe(a);
  });

  it('defers solves to the resolve interval', () => {
    const net = createFlowNetwork({ capacities: caps(100), resolveInterval: 1 });
    const a = net.addFlow([0], 1000, 1);
    net.solve();
    expect(net.rate(a)).toBe(100);
    net.advanceTo(0.5);
    const b = net.addFlow([0], 1000, 2);
    net.solve();
    expect(net.rate(b)).toBe(0);
    expect(net.nextEventTime()).toBe(1);
    net.advanceTo(1);
    net.solve();
    expect([net.rate(a), net.rate(b)]).toEqual([50, 50]);
    expect(net.remaining(a)).toBeCloseTo(900, 9);
    expect(net.stats.solves).toBe(2);
  });

  it('times completions past the resolve interval, and forgets a removed flow’s', () => {
    for (const model of ['per-flow', 'bundled'] as const) {
      const net = createFlowNetwork({ capacities: caps(100, 100, 100), resolveInterval: 1, model });
      const a = net.addFlow([0], 200, 1);
      net.addFlow([1], 500, 2);
      const c = net.addFlow([2], 800, 3);
      net.solve();
      expect(net.nextEventTime()).toBe(2);
      net.removeFlow(a);
      expect(net.nextEventTime()).toBe(5);
      net.advanceTo(5);
      expect(collect(net)).toEqual([2]);
      net.solve();
      net.removeFlow(c);
      expect(net.nextEventTime()).toBe(Number.POSITIVE_INFINITY);
    }
  });

  it('never solves when nothing changed', () => {
    const net = createFlowNetwork({ capacities: caps(100) });
    net.addFlow([0], 1000, 1);
    net.solve();
    net.advanceTo(1);
    net.solve();
    expect(net.stats.solves).toBe(1);
  });

  it('grows past its first arrays', () => {
    const net = createFlowNetwork({ capacities: caps(1000, 1000) });
    for (let i = 0; i < 300; i++) net.addFlow(i % 2 === 0 ? [0] : [0, 1], 1000, i);
    net.solve();
    expect(net.linkLoad(0)).toBeCloseTo(1000, 9);
    expect(net.rate(299)).toBeCloseTo(1000 / 300, 12);
    expect(net.stats.peakActiveFlows).toBe(300);
  });
});

describe('flow network validation', () => {
  it.each([
    [
      { capacities: [1, 2] },
      'flowNetwork.capacities must be a Float64Array of bytes per second, got an array',
    ],
    [
      { capacities: caps(1, 0) },
      'flowNetwork.capacities[1] must be a positive finite number of bytes per second, got 0',
    ],
    [
      { capacities: caps(1), resolveInterval: -1 },
      'flowNetwork.resolveInterval must be a non-negative finite number of seconds, got -1',
    ],
    [
      { capacities: caps(1), completionTolerance: 0 },
      'flowNetwork.completionTolerance must be a positive finite number of bytes, got 0',
    ],
  ])('refuses %o', (options, message) => {
    expect(() => createFlowNetwork(options as never)).toThrow(message);
  });

  it('refuses bad flows and times', () => {
    const net = createFlowNetwork({ capacities: caps(1, 1) });
    expect(() => net.addFlow([0, 2], 1, 0)).toThrow('addFlow: links[1] must be an integer in [0, 2), got 2');
    expect(() => net.addFlow([1, 1], 1, 0)).toThrow('addFlow: links must not repeat a link, got 1 twice');
    expect(() => net.addFlow([0, 1, 0, 1, 0], 1, 0)).toThrow('addFlow: links must be an array of at most 4');
    expect(() => net.addFlow([0], -1, 0)).toThrow(
      'addFlow: bytes must be a non-negative finite number of bytes, got -1',
    );
    expect(() => net.addFlow([0], Number.NaN, 0)).toThrow('got NaN');
    net.advanceTo(5);
    expect(() => net.advanceTo(4)).toThrow('advanceTo: time must be a number ≥ now (5), got 4');
    expect(() => net.removeFlow(3)).toThrow('removeFlow: flow 3 is not an active flow');
    expect(() => net.linkLoad(2)).toThrow('linkLoad: link must be an integer in [0, 2), got 2');
  });
});
