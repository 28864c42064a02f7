import { createTestCluster } from '@rackwise/testkit';
import type { JobView } from '@rackwise/types';
import { describe, expect, it } from 'vitest';
import { MIB } from '../../test/nas-scene.js';
import { MapInputRanges } from './map-input-range.js';

describe('MapInputRanges.pendingInput', () => {
  const maps = (...inputs: number[]) => inputs.map((inputBytes) => ({ replicas: [0], inputBytes }));

  it('is the input of every map when they all read the same', () => {
    const cluster = createTestCluster({ jobs: [{ maps: maps(128 * MIB, 128 * MIB, 128 * MIB) }] });
    const ranges = new MapInputRanges();
    expect(ranges.pendingInput(cluster.job(0))).toBe(128 * MIB);
    expect(ranges.of(cluster.job(0)).odd).toBe(-1);
  });

  it('waits for a single other map to leave the pending maps, whichever side it is on', () => {
    const cluster = createTestCluster({
      jobs: [{ maps: maps(128 * MIB, 128 * MIB, 64 * MIB) }, { maps: maps(64 * MIB, 200 * MIB, 64 * MIB) }],
    });
    const ranges = new MapInputRanges();
    expect(ranges.of(cluster.job(0)).odd).toBe(2);
    expect(ranges.of(cluster.job(1)).odd).toBe(1);
    expect(ranges.pendingInput(cluster.job(0))).toBeUndefined();
    expect(ranges.pendingInput(cluster.job(1))).toBeUndefined();
    cluster.launch(cluster.mapOf(0, 2), 0);
    cluster.launch(cluster.mapOf(1, 1), 0);
    expect(ranges.pendingInput(cluster.job(0))).toBe(128 * MIB);
    expect(ranges.pendingInput(cluster.job(1))).toBe(64 * MIB);
  });

  it('is undefined when two maps, or a third input, break the pattern', () => {
    const cluster = createTestCluster({
      jobs: [
        { maps: maps(128 * MIB, 64 * MIB, 128 * MIB, 64 * MIB) },
        { maps: maps(64 * MIB, 100 * MIB, 128 * MIB) },
      ],
    });
    const ranges = new MapInputRanges();
    cluster.launch(cluster.mapOf(0, 1), 0);
    cluster.launch(cluster.mapOf(1, 0), 0);
    expect(ranges.pendingInput(cluster.job(0))).toBeUndefined();
    expect(ranges.pendingInput(cluster.job(1))).toBeUndefined();
    expect(ranges.of(cluster.job(0)).odd).toBe(-2);
    expect(ranges.of(cluster.job(1)).odd).toBe(-2);
  });

  it('is undefined for a job without maps, looking at no map', () => {
    const job = {
      id: 7,
      mapCount: 0,
      map: () => {
        throw new Error('a job without maps has no map to look at');
      },
    } as unknown as JobView;
    expect(new MapInputRanges().pendingInput(job)).toBeUndefined();
  });
});
