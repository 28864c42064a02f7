import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { pathArb, topologyArb } from '../test/topology-arbitraries.js';
import { CONGESTION_COST_DEFAULTS, congestionCostFraction } from './congestion-cost.js';
import { congestionLossOptions } from './congestion-loss-choice.js';
import { type FlowNetwork, type RecoveryTailParameters, createFlowNetwork } from './flow-network.js';

const TAIL: RecoveryTailParameters = {
  bufferBytes: 128 * 1024,
  mssBytes: 1448,
  rttSeconds: 100e-6,
  rtoMinSeconds: 0.2,
  windowSegments: 8,
  tailRtos: 1,
  saturatedShare: 0.95,
};

/** Runs a network to its end; returns each tag's reported completion time. */
function drain(net: FlowNetwork): Map<number, number> {
  const ends = new Map<number, number>();
  net.solve();
  for (let step = 0; step < 100_000 && net.activeFlowCount > 0; step++) {
    net.advanceTo(Math.max(net.now, net.nextEventTime()));
    net.takeCompleted((_flow, tag) => ends.set(tag, net.now));
    net.solve();
  }
  return ends;
}

/** `senders` flows of `bytes` each, from their own 10 Gbps NICs into one port of `port` bytes per second. */
function fanIn(senders: number, bytes: number, port: number, tail: RecoveryTailParameters | undefined) {
  const capacities = new Float64Array(senders + 1).fill(1.25e9);
  capacities[senders] = port;
  const net = createFlowNetwork({ capacities, ...(tail === undefined ? {} : { recoveryTail: tail }) });
  for (let i = 0; i < senders; i++) net.addFlow([i, senders], bytes, i);
  return net;
}

describe('the recovery tail', () => {
  // 40 flows into a 1 Gbps port: it holds (128 KiB + 125 MB/s × 100 µs) ÷ (w × 1448 B)
  // flows' windows, 12.4 at w = 8 and 49.6 at w = 2.
  it('reports flows ending on a saturated port past what it holds k × RTO_min after their last byte', () => {
    const last = (40 * 256e3) / 125e6;
    for (const tailRtos of [1, 2.5]) {
      const ends = drain(fanIn(40, 256e3, 125e6, { ...TAIL, tailRtos }));
      expect(ends.size).toBe(40);
      for (const t of ends.values()) expect(t).toBeCloseTo(last + tailRtos * 0.2, 9);
    }
  });

  it('adds nothing where the port holds every flow, or is not saturated', () => {
    const last = (40 * 256e3) / 125e6;
    for (const t of drain(fanIn(40, 256e3, 125e6, { ...TAIL, windowSegments: 2 })).values())
      expect(t).toBeCloseTo(last, 9);
    // Each flow held to its own NIC (1.25 GB/s): 40 of them carry 50 GB/s, half a port of 100 GB/s.
    const ends = drain(fanIn(40, 256e3, 100e9, TAIL));
    for (const t of ends.values()) expect(t).toBeCloseTo(256e3 / 1.25e9, 9);
  });

  it('frees the links at the last byte: a flow after the batch gets the whole port at once', () => {
    const net = fanIn(40, 256e3, 125e6, TAIL);
    net.solve();
    net.advanceTo(net.nextEventTime());
    const reported: number[] = [];
    net.takeCompleted((_f, tag) => reported.push(tag));
    expect(reported).toEqual([]);
    expect(net.activeFlowCount).toBe(40);
    const late = net.addFlow([0, 40], 125e6, 99);
    net.solve();
    expect(net.rate(late)).toBeCloseTo(125e6, 3);
    expect(net.linkLoad(40)).toBeCloseTo(125e6, 3);
  });

  it('removes a flow waiting out its tail with nothing left to send', () => {
    const net = fanIn(40, 256e3, 125e6, TAIL);
    net.solve();
    net.advanceTo(net.nextEventTime());
    net.takeCompleted(() => {});
    expect(net.removeFlow(3)).toBe(0);
    expect(net.rate(5)).toBe(0);
    expect(net.remaining(5)).toBe(0);
    expect(net.activeFlowCount).toBe(39);
    expect(() => net.removeFlow(3)).toThrow();
  });

  it('releases no later flow by the place in the queue of one removed while it waited', () => {
    const net = fanIn(40, 256e3, 125e6, TAIL);
    net.solve();
    net.advanceTo(net.nextEventTime());
    net.takeCompleted(() => {});
    net.removeFlow(3);
    // A second fan-in ends 0.08192 s later and waits until then + 0.2 s.
    for (let i = 0; i < 40; i++) net.addFlow([i, 40], 256e3, 100 + i);
    const ends = drain(net);
    expect([...ends.keys()].filter((tag) => tag < 100).sort((a, b) => a - b)).toEqual(
      [...Array(40).keys()].filter((i) => i !== 3),
    );
    for (let i = 0; i < 40; i++) expect(ends.get(100 + i)!).toBeCloseTo(2 * 0.08192 + 0.2, 9);
  });

  it('refuses bad figures by name, and the bundled model', () => {
    const capacities = new Float64Array([1e6]);
    expect(() => createFlowNetwork({ capacities, recoveryTail: { ...TAIL, tailRtos: -1 } })).toThrow(
      /recoveryTail.tailRtos/,
    );
    expect(() => createFlowNetwork({ capacities, recoveryTail: { ...TAIL, saturatedShare: 0 } })).toThrow(
      /recoveryTail.saturatedShare/,
    );
    expect(() => createFlowNetwork({ capacities, recoveryTail: TAIL, model: 'bundled' })).toThrow(
      /recoveryTail needs model 'per-flow'/,
    );
  });
});

describe('the recovery tail against the network without it', () => {
  const scenarioArb = topologyArb().chain((topology) =>
    fc.tuple(
      fc.constant(topology.linkCapacitiesBytesPerSecond()),
      fc.array(
        fc.record({
          links: pathArb(topology),
          mb: fc.integer({ min: 1, max: 200 }),
          at: fc.integer({ min: 0, max: 20 }),
        }),
        { minLength: 1, maxLength: 40 },
      ),
      fc.record({
        windowSegments: fc.constantFrom(1e-3, 2, 8, 1e6),
        tailRtos: fc.constantFrom(0, 1, 1.5),
        interval: fc.constantFrom(0, 0.01),
      }),
    ),
  );

  test.prop([scenarioArb])(
    'delivers every byte as the fluid network does, and reports each flow then or k × RTO_min later',
    ([capacities, flows, { windowSegments, tailRtos, interval }]) => {
      // Arrivals on a fixed schedule (every 10 ms), so the inner networks see the same flows.
      const run = (tail: RecoveryTailParameters | undefined) => {
        const net = createFlowNetwork({
          capacities,
          resolveInterval: interval,
          ...(interval > 0 ? { betweenSolves: 'residual' as const } : {}),
          ...(tail === undefined ? {} : { recoveryTail: tail }),
        });
        const ends = new Map<number, number>();
        const ids = new Set<number>();
        const order = flows.map((f, i) => ({ ...f, i })).sort((a, b) => a.at - b.at || a.i - b.i);
        let next = 0;
        for (let step = 0; step < 100_000; step++) {
          while (next < order.length && order[next]!.at * 0.01 <= net.now) {
            const f = order[next++]!;
            const id = net.addFlow(f.links, f.mb * 1e5, f.i);
            expect(ids.has(id), `id ${id} taken twice`).toBe(false);
            ids.add(id);
          }
          net.solve();
          const arrival = next < order.length ? order[next]!.at * 0.01 : Number.POSITIVE_INFINITY;
          const t = Math.min(net.nextEventTime(), arrival);
          if (!Number.isFinite(t)) break;
          net.advanceTo(Math.max(net.now, t));
          net.takeCompleted((flow, tag) => {
            ids.delete(flow);
            ends.set(tag, net.now);
          });
        }
        expect(net.activeFlowCount).toBe(0);
        return ends;
      };
      const plain = run(undefined);
      const tailed = run({ ...TAIL, windowSegments, tailRtos });
      expect(tailed.size).toBe(flows.length);
      for (const [tag, end] of plain) {
        const late = tailed.get(tag)! - end;
        const wait = tailRtos * 0.2;
        expect(Math.abs(late) < 1e-6 || Math.abs(late - wait) < 1e-6, `flow ${tag} ${late} s late`).toBe(
          true,
        );
      }
      if (tailRtos === 0 || windowSegments === 1e-3) {
        // No wait, or a port that holds every flow: the same times.
        for (const [tag, end] of plain) expect(tailed.get(tag)!).toBeCloseTo(end, 9);
      }
    },
  );
});

describe('the congestion-tail loss choice', () => {
  it('is the congestion-cost term with its second fit and a one-RTO_min tail, every figure passed on', () => {
    const options = congestionLossOptions('congestion-tail');
    expect(options.recoveryTail).toEqual({
      bufferBytes: 128 * 1024,
      mssBytes: 1448,
      rttSeconds: 100e-6,
      rtoMinSeconds: 0.2,
      windowSegments: 3,
      tailRtos: 1,
      saturatedShare: 0.95,
    });
    expect(options.startBurst).toBeDefined();
    // Its derating is the term's fraction at its own fit (2 MiB rounds).
    const fit = { ...CONGESTION_COST_DEFAULTS, roundBytes: 2 * 1024 * 1024 };
    expect(options.effectiveCapacity!(0, 125e6, 60)).toBeCloseTo(
      125e6 * congestionCostFraction(60, 125e6, fit),
      3,
    );
    expect(congestionLossOptions('congestion-tail', {}, { tailRtos: 2.5 }).recoveryTail?.tailRtos).toBe(2.5);
    expect(congestionLossOptions('congestion-cost').recoveryTail).toBeUndefined();
  });
});
