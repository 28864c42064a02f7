import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  type Live,
  drive,
  expectDelivered,
  expectWithinCapacityAndDelivered,
  loads,
  scenarioArb,
} from '../test/drive-flows.js';
import { createFlowNetwork } from './flow-network.js';

/** What a new-flow property sees of one flow at the instant it starts. */
interface NewFlow {
  readonly f: Live;
  readonly rate: number;
  /** Each link's load then, the new flows' rates included. */
  readonly load: readonly number[];
  readonly capacities: Float64Array;
  /** Every flow starting at that instant, with its rate. */
  readonly fresh: readonly (Live & { readonly rate: number })[];
}

/** A property over every flow at the instant it starts (resolve intervals 0.05, 0.2 and 1 s). */
function newFlowProperty(
  betweenSolves: 'residual' | 'share',
  name: string,
  check: (seen: NewFlow) => void,
): void {
  test.prop([scenarioArb, fc.constantFrom(0.05, 0.2, 1)])(name, ([topology, arrivals], resolveInterval) => {
    const capacities = topology.linkCapacitiesBytesPerSecond();
    const net = createFlowNetwork({ capacities, resolveInterval, betweenSolves });
    drive(net, arrivals, (started, live) => {
      const load = loads(capacities.length, net, live);
      const fresh = started.map((g) => ({ ...g, rate: net.rate(g.id) }));
      for (const f of fresh) check({ f, rate: f.rate, load, capacities, fresh });
    });
  });
}

describe("betweenSolves: 'residual'", () => {
  test.prop([scenarioArb, fc.constantFrom(0.05, 0.2, 1)])(
    'never loads a link past its capacity, and every flow delivers exactly its size',
    ([topology, arrivals], resolveInterval) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const net = createFlowNetwork({ capacities, resolveInterval, betweenSolves: 'residual' });
      expectWithinCapacityAndDelivered(net, arrivals, capacities);
    },
  );

  newFlowProperty(
    'residual',
    'gives a new flow all it can take: each one has a full link where no new flow gets more',
    ({ f, rate, load, capacities, fresh }) => {
      const bottleneck = f.links.some(
        (l) =>
          load[l]! >= capacities[l]! * (1 - 1e-9) &&
          fresh.every((g) => !g.links.includes(l) || g.rate <= rate * (1 + 1e-9)),
      );
      if (!bottleneck) expect.fail(`new flow ${f.index} at ${rate} B/s could go faster`);
    },
  );

  it("a flow added before the deferred solve: 'idle' waits at rate 0, 'residual' takes the free capacity, 'share' its likely share", () => {
    const capacities = Float64Array.from([100, 100]);
    // Link 0 is full; link 1 is free and shared by the two new flows only if both can use it.
    // 'share': link 0's level was 100 over 1 flow, 2 now: 50 for the new flow although
    // nothing is left; link 1 had no flow: an equal share, 50 each of its 100.
    const between = { idle: [100, 0, 0], residual: [100, 0, 100], share: [100, 50, 50] } as const;
    for (const [betweenSolves, rates] of Object.entries(between)) {
      const net = createFlowNetwork({
        capacities,
        resolveInterval: 1,
        betweenSolves: betweenSolves as keyof typeof between,
      });
      const first = net.addFlow([0], 1000, 0);
      net.solve();
      expect(net.rate(first)).toBe(100);
      net.advanceTo(0.5);
      const second = net.addFlow([0, 1], 1000, 1);
      const third = net.addFlow([1], 1000, 2);
      net.solve();
      expect([net.rate(first), net.rate(second), net.rate(third)]).toEqual(rates);
      expect(net.linkLoad(0)).toBe(rates[0] + rates[1]);
      expect(net.nextEventTime()).toBe(1);
      net.advanceTo(1);
      net.solve();
      expect([net.rate(first), net.rate(second), net.rate(third)]).toEqual([50, 50, 50]);
    }
  });

  it('is refused by the bundled model and for an unknown value', () => {
    const capacities = Float64Array.from([1]);
    for (const betweenSolves of ['residual', 'share'] as const) {
      expect(() =>
        createFlowNetwork({ capacities, resolveInterval: 1, model: 'bundled', betweenSolves }),
      ).toThrow(/needs model 'per-flow'/);
    }
    expect(() => createFlowNetwork({ capacities, betweenSolves: 'eager' as unknown as 'idle' })).toThrow(
      /betweenSolves must be/,
    );
  });
});

describe("betweenSolves: 'share'", () => {
  test.prop([scenarioArb, fc.constantFrom(0.05, 0.2, 1), fc.constantFrom('webassembly', 'javascript')])(
    "every flow delivers exactly its size, and each link carries the sum of its flows' rates",
    ([topology, arrivals], resolveInterval, kernel) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const net = createFlowNetwork({ capacities, resolveInterval, betweenSolves: 'share', kernel });
      expectDelivered(net, arrivals, (_, live) => {
        loads(capacities.length, net, live).forEach((load, l) => {
          expect(net.linkLoad(l)).toBeCloseTo(load, -1);
        });
      });
    },
  );

  newFlowProperty(
    'share',
    'a flow starting alone takes at least what the residual gives it, and never more than a link it crosses delivers',
    ({ f, rate, load, capacities, fresh }) => {
      const least = Math.min(...f.links.map((l) => capacities[l]!));
      if (rate > least * (1 + 1e-9)) expect.fail(`new flow ${f.index} at ${rate} B/s above ${least}`);
      if (fresh.length !== 1) return;
      const residual = Math.min(...f.links.map((l) => Math.max(0, capacities[l]! - (load[l]! - rate))));
      if (rate < residual * (1 - 1e-9)) expect.fail(`new flow ${f.index} at ${rate} B/s below ${residual}`);
    },
  );
});
