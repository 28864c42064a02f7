import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { type FlowNetwork, createFlowNetwork } from './flow-network.js';
import { rackId } from './ids.js';
import { buildTopology } from './topology.js';
import { createTwoTierFlowNetwork } from './two-tier-flow-network.js';

/**
 * The two-tier network against the per-flow model (the oracle) on small coflow workloads:
 * one machine per rack, every flow from a rack's uplink to another rack's downlink, rack
 * links of uneven (or all equal, for ties) capacities. Both are driven by the same host
 * protocol; every flow must get the same rate, remaining bytes and completion time.
 */
const scenarioArb = fc.integer({ min: 2, max: 6 }).chain((racks) => {
  const rack = fc.nat(racks - 1);
  const size = fc.oneof(
    { arbitrary: fc.integer({ min: 1, max: 300 }).map((mb) => mb * 1e6), weight: 6 },
    { arbitrary: fc.constant(0), weight: 1 },
  );
  const op = fc.oneof(
    {
      // A coflow: every mapper rack sends to every reducer rack (same rack: no links).
      arbitrary: fc.record({
        kind: fc.constant('coflow' as const),
        mappers: fc.uniqueArray(rack, { minLength: 1, maxLength: racks }),
        reducers: fc.array(fc.tuple(rack, size), { minLength: 1, maxLength: racks }),
      }),
      weight: 3,
    },
    { arbitrary: fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }), weight: 1 },
    {
      arbitrary: fc.record({ kind: fc.constant('step' as const), ms: fc.integer({ min: 1, max: 4000 }) }),
      weight: 3,
    },
  );
  return fc.record({
    racks: fc.constant(racks),
    capacities: fc.oneof(
      fc.array(fc.integer({ min: 1, max: 2000 }), { minLength: 2 * racks, maxLength: 2 * racks }),
      fc.constant(Array.from({ length: 2 * racks }, () => 1000)),
    ),
    ops: fc.array(op, { minLength: 5, maxLength: 40 }),
  });
});

const close = (a: number, b: number, abs: number) =>
  Math.abs(a - b) <= abs + 1e-9 * Math.max(Math.abs(a), Math.abs(b));

describe('two-tier flow network against the per-flow model', () => {
  test.prop([scenarioArb], { numRuns: 200 })(
    'rates, remaining bytes, link loads and completion times agree after every event',
    ({ racks, capacities: mbps, ops }) => {
      const topology = buildTopology({
        racks,
        nodesPerRack: 1,
        slots: { model: 'container', containers: 1 },
        nicCapacity: 1e12,
        rackUplinkCapacity: 1e9,
        rackDownlinkCapacity: 1e9,
      });
      const capacities = topology.linkCapacitiesBytesPerSecond();
      for (let r = 0; r < racks; r++) {
        capacities[topology.rackUpLink(rackId(r))] = mbps[2 * r]! * 125_000;
        capacities[topology.rackDownLink(rackId(r))] = mbps[2 * r + 1]! * 125_000;
      }
      const oracle = createFlowNetwork({ capacities, model: 'per-flow' });
      const twoTier = createTwoTierFlowNetwork({ capacities });
      const models: [FlowNetwork, FlowNetwork] = [oracle, twoTier];
      /** Live flows: [per-flow id, two-tier id, tag]. */
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
          if (!close(twoTier.rate(b), oracle.rate(a), 0)) {
            expect.fail(`flow ${tag}: rate ${twoTier.rate(b)}, per-flow ${oracle.rate(a)}`);
          }
          if (!close(twoTier.remaining(b), oracle.remaining(a), 1e-2)) {
            expect.fail(`flow ${tag}: remaining ${twoTier.remaining(b)}, per-flow ${oracle.remaining(a)}`);
          }
        }
        for (let l = 0; l < capacities.length; l++) {
          if (!close(twoTier.linkLoad(l), oracle.linkLoad(l), 1e-6 * capacities[l]!)) {
            expect.fail(`link ${l}: load ${twoTier.linkLoad(l)}, per-flow ${oracle.linkLoad(l)}`);
          }
        }
        expect(twoTier.activeFlowCount).toBe(oracle.activeFlowCount);
      };
      const path = new Int32Array(2);
      for (const op of ops) {
        if (op.kind === 'coflow') {
          for (const [reducer, bytes] of op.reducers) {
            for (const mapper of op.mappers) {
              const links = mapper === reducer ? path.subarray(0, 0) : path;
              path[0] = topology.rackUpLink(rackId(mapper));
              path[1] = topology.rackDownLink(rackId(reducer));
              const tag = nextTag++;
              const part = bytes / op.mappers.length;
              live.push([oracle.addFlow(links, part, tag), twoTier.addFlow(links, part, tag), tag]);
            }
          }
        } else if (op.kind === 'remove') {
          const open = live.filter(([, , tag]) => !done[0]!.has(tag));
          if (open.length === 0) continue;
          const [a, b, tag] = open[op.pick % open.length]!;
          const left = [oracle.removeFlow(a), twoTier.removeFlow(b)];
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
            const next = Math.min(oracle.nextEventTime(), twoTier.nextEventTime());
            if (next > until) break;
            models.forEach((net) => net.advanceTo(next));
            take();
          }
          models.forEach((net) => net.advanceTo(Math.max(net.now, until)));
          take();
        }
      }
      // Drain: run to the last completion.
      for (let guard = 0; guard < 10_000; guard++) {
        models.forEach((net) => net.solve());
        compare();
        const next = Math.min(oracle.nextEventTime(), twoTier.nextEventTime());
        if (next === Number.POSITIVE_INFINITY) break;
        models.forEach((net) => net.advanceTo(next));
        take();
      }
      expect(twoTier.activeFlowCount).toBe(0);
      for (const [, , tag] of live) {
        const a = done[0]!.get(tag);
        const b = done[1]!.get(tag);
        if (a === undefined || b === undefined) {
          expect(b).toBe(a);
          continue;
        }
        if (!close(b, a, 1e-9)) expect.fail(`flow ${tag}: done at ${b}, per-flow at ${a}`);
      }
      expect(twoTier.stats.solves).toBe(oracle.stats.solves);
    },
  );
});
