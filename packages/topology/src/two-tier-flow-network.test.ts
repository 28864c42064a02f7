import { describe, expect, it } from 'vitest';
import { createTwoTierFlowNetwork } from './two-tier-flow-network.js';

// Links 0, 1: sources of 100 and 50 bytes/s; links 2, 3: sinks of 100 bytes/s.
const capacities = Float64Array.from([100, 50, 100, 100]);

describe('createTwoTierFlowNetwork', () => {
  it('shares links max-min fairly and completes flows on time', () => {
    const net = createTwoTierFlowNetwork({ capacities });
    const a = net.addFlow([0, 2], 100, 1);
    const b = net.addFlow([1, 2], 100, 2);
    const c = net.addFlow([0, 3], 100, 3);
    expect(net.rate(a)).toBe(0);
    net.solve();
    // Link 1 (50) bottlenecks b; the sink 2 gives a the other 50, link 0 gives c 50.
    expect([net.rate(a), net.rate(b), net.rate(c)]).toEqual([50, 50, 50]);
    expect(net.linkLoad(0)).toBe(100);
    net.advanceTo(net.nextEventTime());
    const done: number[] = [];
    net.takeCompleted((_, tag) => done.push(tag));
    expect(net.now).toBe(2);
    expect(done).toEqual([1, 2, 3]);
    expect(net.activeFlowCount).toBe(0);
  });

  it('times a bundle of flows over one path by their sizes', () => {
    const net = createTwoTierFlowNetwork({ capacities });
    net.addFlow([0, 2], 100, 1);
    net.addFlow([0, 2], 300, 2);
    net.solve();
    const times: number[] = [];
    for (let t = net.nextEventTime(); t < Number.POSITIVE_INFINITY; t = net.nextEventTime()) {
      net.advanceTo(t);
      net.takeCompleted(() => times.push(net.now));
      net.solve();
    }
    // Both at 50 bytes/s until the first is done at 2 s; then 100 bytes/s for the last 200.
    expect(times).toEqual([2, 4]);
  });

  it('completes a zero-size or link-less flow at once and removes a flow early', () => {
    const net = createTwoTierFlowNetwork({ capacities });
    net.addFlow([], 100, 7);
    net.addFlow([0, 3], 0, 8);
    const f = net.addFlow([0, 3], 1000, 9);
    expect(net.nextEventTime()).toBe(0);
    const done: number[] = [];
    net.takeCompleted((_, tag) => done.push(tag));
    expect(done).toEqual([7, 8]);
    net.solve();
    net.advanceTo(4);
    expect(net.remaining(f)).toBe(600);
    expect(net.removeFlow(f)).toBe(600);
    net.solve();
    expect(net.nextEventTime()).toBe(Number.POSITIVE_INFINITY);
  });

  it('refuses paths that are not a source link then a sink link, and bad options', () => {
    const net = createTwoTierFlowNetwork({ capacities });
    expect(() => net.addFlow([0], 1, 0)).toThrow(/paths of two links/);
    expect(() => net.addFlow([0, 1, 2], 1, 0)).toThrow(/paths of two links/);
    net.addFlow([0, 2], 1, 0);
    expect(() => net.addFlow([2, 3], 1, 0)).toThrow(/link 2 is a second link of an earlier path/);
    expect(() => net.addFlow([1, 0], 1, 0)).toThrow(/link 0 is a first link of an earlier path/);
    expect(() => createTwoTierFlowNetwork({ capacities: [1, 2] as unknown as Float64Array })).toThrow(
      /capacities must be a Float64Array/,
    );
    expect(() => createTwoTierFlowNetwork({ capacities: Float64Array.from([1, 0]) })).toThrow(
      /capacities\[1\] must be a positive finite number/,
    );
  });
});
