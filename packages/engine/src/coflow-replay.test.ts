import type { RackId } from '@rackwise/types';
import type { CoflowSpec } from '@rackwise/workloads';
import { describe, expect, it } from 'vitest';
import { testTopology } from '../test/workload-builders.js';
import { replayCoflows } from './coflow-replay.js';

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
});
