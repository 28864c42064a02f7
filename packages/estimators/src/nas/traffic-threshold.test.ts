import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { mapTaskWaves, trafficThreshold, trafficThresholdOfJobs } from './traffic-threshold.js';

const MB = 1_048_576;

describe('TrafficThreshold (NAS §III-C, eq. 3)', () => {
  it('is m times the mean map output of the jobs in the cluster', () => {
    // The slides' example: two jobs of 6 maps sending 8 units to each of 6 reduces
    // (48 per map), two of 6 maps sending 1 (6 per map): Σ S = 2·288 + 2·36, Σ K = 24.
    const jobs = [288, 36, 288, 36].map((s) => ({ shuffleBytes: s * MB, mapCount: 6 }));
    expect(trafficThresholdOfJobs(jobs, 2)).toBe((2 * 648 * MB) / 24);
  });

  it('equals the shuffle per wave (eq. 2) spread over the nodes', () => {
    const totalShuffleBytes = 7_000 * MB;
    const totalMapTasks = 350;
    const nodes = 40;
    const m = 16;
    const waves = mapTaskWaves({ totalMapTasks, nodeCount: nodes, containersPerNode: m });
    expect(trafficThreshold({ totalShuffleBytes, totalMapTasks, containersPerNode: m })).toBeCloseTo(
      totalShuffleBytes / waves / nodes,
      3,
    );
  });

  it('is unbounded with no map task to spread', () => {
    expect(trafficThreshold({ totalShuffleBytes: 0, totalMapTasks: 0, containersPerNode: 6 })).toBe(
      Number.POSITIVE_INFINITY,
    );
  });

  it('refuses bad input, naming the field', () => {
    expect(() => trafficThreshold({ totalShuffleBytes: -1, totalMapTasks: 1, containersPerNode: 6 })).toThrow(
      /totalShuffleBytes/,
    );
    expect(() => trafficThreshold({ totalShuffleBytes: 1, totalMapTasks: 1, containersPerNode: 0 })).toThrow(
      /containersPerNode/,
    );
    expect(() => trafficThresholdOfJobs([{ shuffleBytes: 1, mapCount: 1.5 }], 6)).toThrow(
      /jobs\[0\]\.mapCount/,
    );
  });

  test.prop([
    fc.double({ min: 0, max: 1e15, noNaN: true }),
    fc.integer({ min: 1, max: 1e7 }),
    fc.integer({ min: 1, max: 64 }),
    fc.double({ min: 0.001, max: 1000, noNaN: true }),
  ])('scales linearly with the total shuffle bytes', (shuffle, maps, m, factor) => {
    const base = trafficThreshold({ totalShuffleBytes: shuffle, totalMapTasks: maps, containersPerNode: m });
    const scaled = trafficThreshold({
      totalShuffleBytes: shuffle * factor,
      totalMapTasks: maps,
      containersPerNode: m,
    });
    expect(Math.abs(scaled - base * factor)).toBeLessThanOrEqual(1e-12 * Math.max(1, base * factor));
  });
});
