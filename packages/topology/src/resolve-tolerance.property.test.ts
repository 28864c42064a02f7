import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { expectWithinCapacityAndDelivered, scenarioArb } from '../test/drive-flows.js';
import { type FlowNetwork, createFlowNetwork } from './flow-network.js';

describe('resolveTolerance', () => {
  test.prop([scenarioArb, fc.constantFrom(0.05, 0.2), fc.constantFrom(0.01, 0.1, 0.5)])(
    'never loads a link past its capacity, and every flow delivers exactly its size',
    ([topology, arrivals], resolveInterval, resolveTolerance) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const net = createFlowNetwork({
        capacities,
        resolveInterval,
        betweenSolves: 'residual',
        resolveTolerance,
      });
      expectWithinCapacityAndDelivered(net, arrivals, capacities);
    },
  );

  /** `shared` flows over link 0 (each with a link of its own beside it) and `others` over link 1. */
  function scene(shared: number, others: number): { net: FlowNetwork; flows: number[] } {
    const capacities = new Float64Array(2 + shared).fill(1e9);
    capacities[0] = 1000;
    capacities[1] = 1000;
    const net = createFlowNetwork({
      capacities,
      resolveInterval: 0.01,
      betweenSolves: 'residual',
      resolveTolerance: 0.05,
    });
    const flows: number[] = [];
    for (let i = 0; i < shared; i++) flows.push(net.addFlow([0, 2 + i], 1e6, i));
    for (let i = 0; i < others; i++) net.addFlow([1], 1e6, shared + i);
    net.solve();
    return { net, flows };
  }

  it('keeps the rates while a link has drifted less than the tolerance, then solves', () => {
    const { net, flows } = scene(50, 0);
    expect(net.rate(flows[0]!)).toBe(20);
    const solves = net.stats.solves;
    net.advanceTo(0.02);
    net.removeFlow(flows[49]!); // 2 % of link 0 wasted
    net.solve();
    net.advanceTo(0.04);
    net.removeFlow(flows[48]!); // 4 %
    net.solve();
    expect(net.stats.solves).toBe(solves);
    expect(net.rate(flows[0]!)).toBe(20);
    net.advanceTo(0.06);
    net.removeFlow(flows[47]!); // 6 %: past the tolerance, and link 0 holds every flow
    net.solve();
    expect(net.stats.solves).toBe(solves + 1);
    expect(net.stats.localSolves).toBe(0);
    expect(net.rate(flows[0]!)).toBeCloseTo(1000 / 47, 9);
  });

  it("solves only the drifted link's flows where they are few, over what the others leave", () => {
    const { net, flows } = scene(10, 100);
    const solves = net.stats.solves;
    net.advanceTo(0.02);
    net.removeFlow(flows[9]!); // 10 % of link 0 wasted; its 9 flows are 8 % of those in the solver
    net.solve();
    expect(net.stats.solves).toBe(solves);
    expect(net.stats.localSolves).toBe(1);
    expect(net.rate(flows[0]!)).toBeCloseTo(1000 / 9, 9);
    expect(net.linkLoad(0)).toBeCloseTo(1000, 6);
  });

  it('gives a new flow the residual, and charges what it lacks of its fair share as drift', () => {
    const { net, flows } = scene(50, 0);
    const solves = net.stats.solves;
    net.advanceTo(0.02);
    const late = net.addFlow([0], 1e6, 99); // residual 0 on link 0, fair share 1000 / 51 ≈ 2 %
    net.solve();
    expect(net.rate(late)).toBe(0);
    expect(net.stats.solves).toBe(solves);
    net.advanceTo(0.04);
    const later = [net.addFlow([0], 1e6, 100), net.addFlow([0], 1e6, 101)];
    net.solve(); // the new flows' shortfall, 6 % of link 0, calls a solve at once
    expect(net.stats.solves).toBe(solves);
    expect(net.nextEventTime()).toBe(0.04);
    net.solve();
    expect(net.stats.solves).toBe(solves + 1);
    for (const f of [late, ...later, flows[0]!]) expect(net.rate(f)).toBeCloseTo(1000 / 53, 9);
  });

  it('solves a pending change 100 resolve intervals after the last full solve, drifted or not', () => {
    const { net, flows } = scene(50, 0);
    const solves = net.stats.solves;
    net.advanceTo(0.99);
    net.removeFlow(flows[49]!);
    net.solve();
    expect(net.stats.solves).toBe(solves);
    net.advanceTo(1);
    net.removeFlow(flows[48]!);
    net.solve();
    expect(net.stats.solves).toBe(solves + 1);
    expect(net.rate(flows[0]!)).toBeCloseTo(1000 / 48, 9);
  });

  it('defers a drifted solve to the resolve interval', () => {
    const { net, flows } = scene(2, 0);
    net.advanceTo(0.004);
    net.removeFlow(flows[1]!);
    net.solve();
    expect(net.nextEventTime()).toBeCloseTo(0.01, 12);
    expect(net.rate(flows[0]!)).toBe(500);
    net.advanceTo(0.01);
    net.solve();
    expect(net.rate(flows[0]!)).toBe(1000);
  });

  it('is refused out of range, without a residual interval, and by the bundled model', () => {
    const capacities = Float64Array.from([1]);
    const base = { capacities, resolveInterval: 0.01, betweenSolves: 'residual' } as const;
    for (const bad of [-0.1, 1, Number.NaN, '0.1']) {
      expect(() => createFlowNetwork({ ...base, resolveTolerance: bad as number })).toThrow(
        /flowNetwork\.resolveTolerance must be a fraction/,
      );
    }
    expect(() => createFlowNetwork({ capacities, resolveTolerance: 0.05 })).toThrow(
      /needs betweenSolves 'residual'/,
    );
    expect(() =>
      createFlowNetwork({ capacities, resolveInterval: 0.01, betweenSolves: 'idle', resolveTolerance: 0.05 }),
    ).toThrow(/needs betweenSolves 'residual'/);
  });
});
