import type { RackId } from '@rackwise/types';
import type { CoflowSpec } from '@rackwise/workloads';
import { describe, expect, it } from 'vitest';
import { testTopology } from '../test/test-topology.js';
import { type CoflowInput, coflowFabric, replayCoflows } from './coflow-replay.js';

// Rack links of 8e8 bits/s = 1e8 bytes/s.
const topology = testTopology({
  racks: 3,
  nodesPerRack: 2,
  rackUplinkCapacity: 8e8,
  rackDownlinkCapacity: 8e8,
});

describe('replayCoflows', () => {
  it('times a single coflow by its bottleneck link', () => {
    // Reducer on rack 2 receives 2e8 bytes, half from rack 0 and half from rack 1: its
    // downlink carries both flows at 5e7 bytes/s each, so 2 s.
    const result = replayCoflows(topology, [
      { id: 'c1', arrivalTime: 1, mapperRacks: [0, 1], reducers: [{ rack: 2, shuffleBytes: 2e8 }] },
    ]);
    expect(result.coflows[0]!.duration).toBeCloseTo(2, 9);
    expect(result.coflows[0]!.crossRackBytes).toBe(2e8);
    expect(result.coflows[0]!.flows).toBe(2);
  });

  it('shares links between overlapping coflows and skips intra-rack parts', () => {
    const result = replayCoflows(topology, [
      { id: 'a', arrivalTime: 0, mapperRacks: [0], reducers: [{ rack: 1, shuffleBytes: 1e8 }] },
      { id: 'b', arrivalTime: 0, mapperRacks: [0], reducers: [{ rack: 2, shuffleBytes: 1e8 }] },
      { id: 'local', arrivalTime: 0, mapperRacks: [1], reducers: [{ rack: 1, shuffleBytes: 5e8 }] },
    ]);
    // a and b share rack 0's uplink: 5e7 bytes/s each, 2 s.
    expect(result.coflows[0]!.duration).toBeCloseTo(2, 9);
    expect(result.coflows[1]!.duration).toBeCloseTo(2, 9);
    expect(result.coflows[2]!.duration).toBe(0);
    expect(result.meanDuration).toBeCloseTo(4 / 3, 9);
  });

  it('takes an arrival at the instant of a completion computed a few ulps early (every model alike)', () => {
    // Found by the model-agreement property: under a 0.25 s interval the per-flow model
    // finishes c3 at 0.9999999999999998 and the bundled one at 1. Taken 2e-16 after the
    // solve c3's end triggers, c2's flow waited a whole interval under the per-flow model.
    const four = testTopology({
      racks: 4,
      nodesPerRack: 1,
      rackUplinkCapacity: 8e8,
      rackDownlinkCapacity: 8e8,
    });
    const rows: CoflowInput[] = [
      { id: 'c0', arrivalTime: 0, mapperRacks: [1, 0], reducers: [{ rack: 0, shuffleBytes: 2.5e8 }] },
      {
        id: 'c1',
        arrivalTime: 0,
        mapperRacks: [0],
        reducers: [
          { rack: 2, shuffleBytes: 1e8 },
          { rack: 2, shuffleBytes: 1e8 },
        ],
      },
      { id: 'c2', arrivalTime: 1, mapperRacks: [0], reducers: [{ rack: 1, shuffleBytes: 3e7 }] },
      {
        id: 'c3',
        arrivalTime: 0,
        mapperRacks: [2, 1, 0],
        reducers: [
          { rack: 0, shuffleBytes: 1e8 },
          { rack: 2, shuffleBytes: 1e5 },
          { rack: 2, shuffleBytes: 3e7 },
        ],
      },
    ];
    const times = (['per-flow', 'bundled'] as const).map((flowModel) =>
      replayCoflows(four, rows, { resolveInterval: 0.25, flowModel }).coflows.map((c) => c.completionTime),
    );
    // c3 ends at 1 with c2's arrival: c2's 3e7 bytes start then, sharing rack 0's uplink.
    expect(times[0]![3]).toBeCloseTo(1, 9);
    expect(times[0]![2]).toBeCloseTo(1.9, 9);
    times[1]!.forEach((time, i) => expect(time).toBeCloseTo(times[0]![i]!, 9));
  });

  it("accepts the coflow-benchmark reader's coflows as they are", () => {
    const spec: CoflowSpec = {
      id: '7',
      arrivalTime: 0,
      mapperRacks: [0 as RackId],
      reducers: [{ rack: 1 as RackId, shuffleBytes: 1e8 }],
      totalShuffleBytes: 1e8,
    };
    expect(replayCoflows(topology, [spec]).coflows[0]!.duration).toBeCloseTo(1, 9);
  });

  it('refuses a rack outside the topology, naming the coflow', () => {
    expect(() =>
      replayCoflows(topology, [{ id: 'x', arrivalTime: 0, mapperRacks: [7], reducers: [] }]),
    ).toThrow(/coflows\[0\] \("x"\)\.mapperRacks\[0\] must be a rack of the topology/);
  });

  it('gives a generated coflow trace the same completion times as the general solvers', () => {
    // 120 coflows on CoflowSim's fabric of 24 racks, arriving over a minute, some wide
    // (many mappers and reducers), most narrow, sizes over four orders of magnitude.
    let seed = 12345;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const racks = 24;
    const pick = (n: number) => {
      const all = Array.from({ length: racks }, (_, r) => r).sort(() => random() - 0.5);
      return all.slice(0, n);
    };
    const coflows: CoflowInput[] = Array.from({ length: 120 }, (_, i) => {
      const wide = random() < 0.2;
      const mappers = pick(1 + Math.floor(random() * (wide ? racks : 4)));
      const reducers = pick(1 + Math.floor(random() * (wide ? racks : 3))).map((rack) => ({
        rack,
        shuffleBytes: Math.round(10 ** (5 + 4 * random())),
      }));
      return {
        id: `c${i}`,
        arrivalTime: Math.floor(random() * 60_000) / 1000,
        mapperRacks: mappers,
        reducers,
      };
    });
    const fabric = coflowFabric(racks);
    const twoTier = replayCoflows(fabric, coflows);
    for (const flowModel of ['bundled', 'per-flow'] as const) {
      const general = replayCoflows(fabric, coflows, { flowModel });
      expect(twoTier.flows).toBe(general.flows);
      if (flowModel === 'bundled') {
        // The same batches of events: as many solves, as many paths at once.
        expect(twoTier.solves).toBe(general.solves);
        expect(twoTier.peakBundles).toBe(general.peakBundles);
      }
      twoTier.coflows.forEach((record, i) => {
        const old = general.coflows[i]!.completionTime;
        expect(Math.abs(record.completionTime - old)).toBeLessThanOrEqual(1e-9 * Math.max(1, old));
      });
    }
    expect(twoTier.meanDuration).toBeGreaterThan(0);
  });
});
