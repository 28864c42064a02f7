import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { topologyArb } from '../test/topology-arbitraries.js';
import { type FlowNetwork, createFlowNetwork } from './flow-network.js';
import { nodeId } from './ids.js';

/**
 * The bundled model against the per-flow model (the oracle): the same host protocol
 * driven on both must give every flow the same rate, remaining bytes and completion time.
 * Paths come from a small pool so that many flows share one (bundles of several flows).
 */
const scenarioArb = topologyArb(3, 3).chain((topology) => {
  const n = topology.nodeCount;
  const path = fc.tuple(fc.nat(n - 1), fc.integer({ min: 0, max: n - 1 })).map(([src, hop]) => {
    const out = new Int32Array(4);
    const k = topology.flowPath(nodeId(src), nodeId((src + hop) % n), out);
    return [...out.subarray(0, k)];
  });
  const op = fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant('add' as const),
        path: fc.nat(5),
        mb: fc.oneof(fc.integer({ min: 1, max: 300 }), fc.constant(0)),
      }),
      weight: 4,
    },
    { arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }), weight: 1 },
    {
      arbitrary: fc.record({ kind: fc.constant('step' as const), ms: fc.integer({ min: 1, max: 4000 }) }),
      weight: 3,
    },
  );
  return fc.record({
    topology: fc.constant(topology),
    paths: fc.array(path, { minLength: 6, maxLength: 6 }),
    ops: fc.array(op, { minLength: 10, maxLength: 80 }),
    resolveInterval: fc.constantFrom(0, 0, 0.05, 0.5),
  });
});

const close = (a: number, b: number, abs: number) =>
  Math.abs(a - b) <= abs + 1e-7 * Math.max(Math.abs(a), Math.abs(b));

describe('bundled flow network against the per-flow model', () => {
  test.prop([scenarioArb])(
    'rates, remaining bytes, link loads and completion times agree after every event',
    ({ topology, paths, ops, resolveInterval }) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      const models = (['per-flow', 'bundled'] as const).map((model) =>
        createFlowNetwork({ capacities, resolveInterval, model }),
      );
      const [oracle, bundled] = models as [FlowNetwork, FlowNetwork];
      /** Live flows: [per-flow id, bundled id, tag]. */
      const live: [number, number, number][] = [];
      const done: Map<number, number>[] = [new Map(), new Map()];
      let nextTag = 0;
      const take = () =>
        models.forEach((net, m) => {
          net.takeCompleted((_, tag) => done[m]!.set(tag, net.now));
        });
      const compare = () => {
        for (const [a, b, tag] of live) {
          if (done[0]!.has(tag) || done[1]!.has(tag)) continue;
          const scale = Math.max(1, oracle.rate(a));
          if (!close(bundled.rate(b), oracle.rate(a), 1e-9 * scale)) {
            expect.fail(`flow ${tag}: rate ${bundled.rate(b)}, per-flow ${oracle.rate(a)}`);
          }
          if (!close(bundled.remaining(b), oracle.remaining(a), 1e-2)) {
            expect.fail(`flow ${tag}: remaining ${bundled.remaining(b)}, per-flow ${oracle.remaining(a)}`);
          }
        }
        for (let l = 0; l < capacities.length; l++) {
          if (!close(bundled.linkLoad(l), oracle.linkLoad(l), 1e-6 * capacities[l]!)) {
            expect.fail(`link ${l}: load ${bundled.linkLoad(l)}, per-flow ${oracle.linkLoad(l)}`);
          }
        }
        expect(bundled.activeFlowCount).toBe(oracle.activeFlowCount);
      };
      for (const op of ops) {
        if (op.kind === 'add') {
          const tag = nextTag++;
          const bytes = op.mb * 1e6;
          live.push([
            oracle.addFlow(paths[op.path]!, bytes, tag),
            bundled.addFlow(paths[op.path]!, bytes, tag),
            tag,
          ]);
        } else if (op.kind === 'remove') {
          const open = live.filter(([, , tag]) => !done[0]!.has(tag));
          if (open.length === 0) continue;
          const [a, b, tag] = open[op.pick % open.length]!;
          const left = [oracle.removeFlow(a), bundled.removeFlow(b)];
          if (!close(left[1]!, left[0]!, 1e-2))
            expect.fail(`flow ${tag}: removed with ${left[1]}, per-flow ${left[0]}`);
          done[0]!.set(tag, -1);
          done[1]!.set(tag, -1);
        } else {
          // Run the event loop up to `now + ms`.
          const until = oracle.now + op.ms / 1000;
          for (let guard = 0; guard < 1000; guard++) {
            models.forEach((net) => net.solve());
            compare();
            const next = Math.min(oracle.nextEventTime(), bundled.nextEventTime());
            if (next > until) break;
            models.forEach((net) => net.advanceTo(next));
            take();
          }
          models.forEach((net) => net.advanceTo(Math.max(net.now, until)));
          take();
        }
      }
      models.forEach((net) => net.solve());
      compare();
      for (const [, , tag] of live) {
        const a = done[0]!.get(tag);
        const b = done[1]!.get(tag);
        if (a === undefined || b === undefined) {
          expect(b).toBe(a);
          continue;
        }
        if (!close(b, a, 1e-6)) expect.fail(`flow ${tag}: done at ${b}, per-flow at ${a}`);
      }
    },
  );

  test.prop([scenarioArb])('a bundle is one entity of the solver per path', ({ topology, paths }) => {
    const net = createFlowNetwork({ capacities: topology.linkCapacitiesBytesPerSecond(), model: 'bundled' });
    for (const path of paths) for (let k = 0; k < 3; k++) net.addFlow(path, 1e6, k);
    net.solve();
    const distinct = new Set(
      paths.filter((p) => p.length > 0).map((p) => [...p].sort((x, y) => x - y).join()),
    );
    expect(net.stats.activeBundlesAtSolves).toBe(distinct.size);
    expect(net.stats.activeFlowsAtSolves).toBe(3 * paths.filter((p) => p.length > 0).length);
  });
});
