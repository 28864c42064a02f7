import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { topologyArb as clusterArb, pathArb } from '../test/topology-arbitraries.js';
import { type FlowNetwork, createFlowNetwork } from './flow-network.js';
import { nodeId } from './ids.js';
import { maxMinRates } from './max-min-rates.js';
import type { Topology } from './topology.js';

const topologyArb = clusterArb();

interface FlowSpec {
  readonly links: readonly number[];
  readonly bytes: number;
}

/** Shuffle-like flows between distinct random nodes (at least two links each). */
function flowsArb(topology: Topology, minLength = 1): fc.Arbitrary<FlowSpec[]> {
  return fc
    .array(fc.record({ links: pathArb(topology), mb: fc.integer({ min: 1, max: 500 }) }), {
      minLength,
      maxLength: 40,
      size: '+1',
    })
    .map((flows) => flows.map(({ links, mb }) => ({ links, bytes: mb * 1e6 })));
}

const scenarioArb = topologyArb.chain((topology) => fc.tuple(fc.constant(topology), flowsArb(topology)));

function ratesOf(capacities: Float64Array, flows: readonly FlowSpec[]): number[] {
  const net = createFlowNetwork({ capacities });
  const ids = flows.map((f, i) => net.addFlow(f.links, f.bytes, i));
  net.solve();
  return ids.map((id) => net.rate(id));
}

const close = (a: number, b: number, rel = 1e-9) =>
  Math.abs(a - b) <= rel * Math.max(Math.abs(a), Math.abs(b));

function expectClose(actual: readonly number[], expected: ArrayLike<number>): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, i) => {
    if (!close(a, expected[i]!)) expect.fail(`flow ${i}: rate ${a}, expected ${expected[i]}`);
  });
}

describe('max-min fair rates', () => {
  test.prop([scenarioArb])('no link carries more than its capacity', ([topology, flows]) => {
    const capacities = topology.linkCapacitiesBytesPerSecond();
    const rates = ratesOf(capacities, flows);
    const load = new Float64Array(capacities.length);
    flows.forEach((f, i) => {
      for (const l of f.links) load[l] = load[l]! + rates[i]!;
    });
    load.forEach((sum, l) => expect(sum).toBeLessThanOrEqual(capacities[l]! * (1 + 1e-9)));
  });

  test.prop([scenarioArb])('every flow has a saturated link where no flow gets more', ([topology, flows]) => {
    const capacities = topology.linkCapacitiesBytesPerSecond();
    const rates = ratesOf(capacities, flows);
    const load = new Float64Array(capacities.length);
    const top = new Float64Array(capacities.length);
    flows.forEach((f, i) => {
      for (const l of f.links) {
        load[l] = load[l]! + rates[i]!;
        top[l] = Math.max(top[l]!, rates[i]!);
      }
    });
    flows.forEach((f, i) => {
      const bottleneck = f.links.some(
        (l) => load[l]! >= capacities[l]! * (1 - 1e-9) && rates[i]! >= top[l]! * (1 - 1e-9),
      );
      expect(bottleneck, `flow ${i} has no bottleneck`).toBe(true);
    });
  });

  test.prop([scenarioArb])('equals the reference water-filling', ([topology, flows]) => {
    const capacities = topology.linkCapacitiesBytesPerSecond();
    expectClose(
      ratesOf(capacities, flows),
      maxMinRates(
        capacities,
        flows.map((f) => f.links),
      ),
    );
  });

  test.prop([
    scenarioArb.chain(([t, flows]) =>
      fc
        .tuple(
          fc.constant(t),
          fc.shuffledSubarray(
            flows.map((_, i) => i),
            { minLength: flows.length },
          ),
        )
        .map(([tt, order]) => [tt, flows, order] as const),
    ),
  ])('does not depend on the order flows were added', ([topology, flows, order]) => {
    const capacities = topology.linkCapacitiesBytesPerSecond();
    const shuffled = ratesOf(
      capacities,
      order.map((i) => flows[i]!),
    );
    const byFlow: number[] = [];
    order.forEach((i, at) => {
      byFlow[i] = shuffled[at]!;
    });
    expectClose(byFlow, ratesOf(capacities, flows));
  });

  test.prop([scenarioArb, fc.integer({ min: 1, max: 1000 }).map((k) => k / 16)])(
    'scaling every capacity by k scales every rate by k',
    ([topology, flows], k) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const scaled = ratesOf(
        capacities.map((c) => c * k),
        flows,
      );
      expectClose(
        scaled,
        ratesOf(capacities, flows).map((r) => r * k),
      );
    },
  );
});

/** Runs the host protocol to the end; returns each flow's completion time and delivered bytes. */
function runToCompletion(
  net: FlowNetwork,
  ids: readonly number[],
  capacities: Float64Array,
): { done: number[]; delivered: number[] } {
  const index = new Map(ids.map((id, i) => [id, i]));
  const done: number[] = ids.map(() => Number.NaN);
  const delivered: number[] = ids.map(() => 0);
  const live = new Set(ids);
  net.solve();
  for (let steps = 0; live.size > 0; steps++) {
    if (steps > 10 * ids.length + 10) expect.fail('the event loop does not terminate');
    const t = net.nextEventTime();
    expect(t).toBeGreaterThanOrEqual(net.now);
    const elapsed = t - net.now;
    for (const id of live) delivered[index.get(id)!]! += net.rate(id) * elapsed;
    net.advanceTo(t);
    net.takeCompleted((flow) => {
      done[index.get(flow)!] = net.now;
      live.delete(flow);
    });
    net.solve();
    capacities.forEach((c, l) => {
      if (net.linkLoad(l) > c * (1 + 1e-9)) expect.fail(`link ${l} carries ${net.linkLoad(l)} > ${c}`);
    });
  }
  return { done, delivered };
}

describe('flows over time', () => {
  test.prop([
    scenarioArb,
    fc.constantFrom(0, 0.01, 0.5),
    fc.constantFrom('per-flow' as const, 'bundled' as const),
  ])(
    'every flow delivers exactly its size, at a time its rates account for (both models)',
    ([topology, flows], resolveInterval, model) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const net = createFlowNetwork({ capacities, resolveInterval, model });
      const ids = flows.map((f, i) => net.addFlow(f.links, f.bytes, i));
      const { done, delivered } = runToCompletion(net, ids, capacities);
      flows.forEach((f, i) => {
        if (Math.abs(delivered[i]! - f.bytes) > 1e-3 + 1e-9 * f.bytes) {
          expect.fail(`flow ${i}: delivered ${delivered[i]} of ${f.bytes} bytes`);
        }
        expect(done[i]).toBeGreaterThan(0);
      });
      expect(net.activeFlowCount).toBe(0);
      expect(net.nextEventTime()).toBe(Number.POSITIVE_INFINITY);
      for (let l = 0; l < topology.linkCount; l++) expect(net.linkLoad(l)).toBe(0);
    },
  );

  test.prop([scenarioArb])(
    'the last flow ends no sooner than its bytes over its best rate allow',
    ([topology, flows]) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const net = createFlowNetwork({ capacities });
      const ids = flows.map((f, i) => net.addFlow(f.links, f.bytes, i));
      const { done } = runToCompletion(net, ids, capacities);
      flows.forEach((f, i) => {
        const alone = Math.min(...f.links.map((l) => capacities[l]!));
        expect(done[i]!).toBeGreaterThanOrEqual((f.bytes / alone) * (1 - 1e-9));
      });
    },
  );

  const opArb = fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('add' as const), flow: fc.nat(39) }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }), weight: 2 },
    {
      arbitrary: fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 1, max: 5000 }) }),
      weight: 1,
    },
    { arbitrary: fc.record({ kind: fc.constant('solve' as const) }), weight: 2 },
  );

  test.prop([
    topologyArb.chain((t) =>
      fc.tuple(fc.constant(t), flowsArb(t, 40), fc.array(opArb, { minLength: 30, maxLength: 120 })),
    ),
    fc.constantFrom('per-flow' as const, 'bundled' as const),
  ])(
    'adding and removing flows between solves gives the from-scratch rates (both models)',
    ([topology, pool, ops], model) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const net = createFlowNetwork({ capacities, model });
      const live: { id: number; spec: FlowSpec }[] = [];
      const check = () => {
        net.solve();
        expectClose(
          live.map((f) => net.rate(f.id)),
          maxMinRates(
            capacities,
            live.map((f) => f.spec.links),
          ),
        );
      };
      for (const op of ops) {
        if (op.kind === 'add') {
          const spec = pool[op.flow % pool.length]!;
          live.push({ id: net.addFlow(spec.links, spec.bytes * 1e6, 0), spec });
        } else if (op.kind === 'remove' && live.length > 0) {
          const [gone] = live.splice(op.pick % live.length, 1);
          net.removeFlow(gone!.id);
        } else if (op.kind === 'advance') {
          net.advanceTo(net.now + op.ms / 1000);
        } else if (op.kind === 'solve') {
          check();
        }
      }
      check();
    },
  );

  test.prop([scenarioArb, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 })])(
    'zero-size flows complete at once without entering the solver',
    ([topology, flows], zero) => {
      const net = createFlowNetwork({ capacities: topology.linkCapacitiesBytesPerSecond() });
      const sizes = flows.map((f, i) => (zero[i] ? 0 : f.bytes));
      sizes.forEach((bytes, i) => net.addFlow(flows[i]!.links, bytes, i));
      const taken: number[] = [];
      net.takeCompleted((_, tag) => taken.push(tag));
      expect(taken).toEqual(sizes.flatMap((b, i) => (b === 0 ? [i] : [])));
      net.solve();
      const solves = sizes.some((b) => b > 0) ? 1 : 0;
      expect(net.stats.solves).toBe(solves);
      expect(net.stats.peakActiveFlows).toBe(sizes.filter((b) => b > 0).length);
    },
  );
});
