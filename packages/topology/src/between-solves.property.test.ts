import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { drive, expectWithinCapacityAndDelivered, loads, scenarioArb } from '../test/drive-flows.js';
import { createFlowNetwork } from './flow-network.js';

describe("betweenSolves: 'residual'", () => {
  test.prop([scenarioArb, fc.constantFrom(0.05, 0.2, 1)])(
    'never loads a link past its capacity, and every flow delivers exactly its size',
    ([topology, arrivals], resolveInterval) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const net = createFlowNetwork({ capacities, resolveInterval, betweenSolves: 'residual' });
      expectWithinCapacityAndDelivered(net, arrivals, capacities);
    },
  );

  test.prop([scenarioArb, fc.constantFrom(0.05, 0.2, 1)])(
    'gives a new flow all it can take: each one has a full link where no new flow gets more',
    ([topology, arrivals], resolveInterval) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const net = createFlowNetwork({ capacities, resolveInterval, betweenSolves: 'residual' });
      drive(net, arrivals, (fresh, live) => {
        const load = loads(capacities.length, net, live);
        for (const f of fresh) {
          const rate = net.rate(f.id);
          const bottleneck = f.links.some(
            (l) =>
              load[l]! >= capacities[l]! * (1 - 1e-9) &&
              fresh.every((g) => !g.links.includes(l) || net.rate(g.id) <= rate * (1 + 1e-9)),
          );
          if (!bottleneck) expect.fail(`new flow ${f.index} at ${rate} B/s could go faster`);
        }
      });
    },
  );

  it("with 'idle' a flow added before the deferred solve waits at rate 0; with 'residual' it takes the free capacity", () => {
    const capacities = Float64Array.from([100, 100]);
    for (const betweenSolves of ['idle', 'residual'] as const) {
      const net = createFlowNetwork({ capacities, resolveInterval: 1, betweenSolves });
      const first = net.addFlow([0], 1000, 0);
      net.solve();
      expect(net.rate(first)).toBe(100);
      net.advanceTo(0.5);
      const second = net.addFlow([0, 1], 1000, 1);
      const third = net.addFlow([1], 1000, 2);
      net.solve();
      expect(net.rate(first)).toBe(100);
      // Link 0 is full; link 1 is free and shared by the two new flows only if both can use it.
      expect(net.rate(second)).toBe(0);
      expect(net.rate(third)).toBe(betweenSolves === 'idle' ? 0 : 100);
      expect(net.nextEventTime()).toBe(1);
      net.advanceTo(1);
      net.solve();
      expect([net.rate(first), net.rate(second), net.rate(third)]).toEqual([50, 50, 50]);
    }
  });

  it('is refused by the bundled model and for an unknown value', () => {
    const capacities = Float64Array.from([1]);
    expect(() =>
      createFlowNetwork({ capacities, resolveInterval: 1, model: 'bundled', betweenSolves: 'residual' }),
    ).toThrow(/needs model 'per-flow'/);
    expect(() => createFlowNetwork({ capacities, betweenSolves: 'eager' as unknown as 'idle' })).toThrow(
      /betweenSolves must be/,
    );
  });
});
