import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type SweepSpec,
  cellFileName,
  mergeSweepCells,
  runSweepCells,
  shardCells,
  sweepCells,
} from './sweep-cells.js';
import { type SweepResult, sweep } from './sweep.js';

const root = mkdtempSync(join(tmpdir(), 'rackwise-cells-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const spec: SweepSpec = {
  preset: 'tiny',
  policies: ['fair', 'nas'],
  seeds: [1, 2],
  parameter: 'users',
  values: [1, 3],
  referenceValue: 3,
  overrides: { engine: { maxTime: Number.POSITIVE_INFINITY } },
};

/** What differs between any two runs of the same simulation: their clocks (wall and CPU). */
const WALL_CLOCK = new Set([
  'timing',
  'wallSeconds',
  'cpuSeconds',
  'startedAt',
  'solverMillis',
  'policyMillis',
]);

/** The result without wall-clock times. */
function metricsOnly(result: SweepResult): unknown {
  return JSON.parse(JSON.stringify(result, (key, value) => (WALL_CLOCK.has(key) ? undefined : value)));
}

describe('sharded sweeps', () => {
  test.prop([fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 9 })])(
    'the N shards cover every cell exactly once',
    (cells, count) => {
      const all = Array.from({ length: cells }, (_, i) => i);
      const covered = Array.from({ length: count }, (_, index) => shardCells(all, { index, count })).flat();
      expect(covered.sort((a, b) => a - b)).toEqual(all);
    },
  );

  it('refuses a shard outside 0 ≤ i < N', () => {
    expect(() => shardCells([1], { index: 3, count: 3 })).toThrowError(
      'shard must be i/N with 0 <= i < N, got 3/3',
    );
  });

  it('gives, run as 3 shards and merged, the same result as the whole sweep on one machine', async () => {
    const whole = await sweep({ ...spec, parallelism: 1 });
    const directory = join(root, 'three');
    const outcomes = [];
    for (const index of [2, 0, 1]) {
      outcomes.push(await runSweepCells(spec, directory, { shard: { index, count: 3 }, parallelism: 1 }));
    }
    expect(outcomes.map((o) => o.cells)).toEqual([2, 3, 3]);
    expect(readdirSync(directory).sort()).toEqual(sweepCells(spec).map(cellFileName));
    const merged = mergeSweepCells(directory);
    expect(metricsOnly(merged)).toEqual(metricsOnly(whole));
  });

  it('resumes: cells already in the directory are not run again', async () => {
    const directory = join(root, 'resume');
    const first = await runSweepCells(spec, directory, { shard: { index: 0, count: 2 }, parallelism: 1 });
    expect(first).toEqual({ cells: 4, ran: 4, skipped: 0, total: 8 });
    const again = await runSweepCells(spec, directory, { parallelism: 1 });
    expect(again).toEqual({ cells: 8, ran: 4, skipped: 4, total: 8 });
    expect(readdirSync(directory)).toHaveLength(8);
  });

  it('names the missing cells, and refuses cells of another sweep', async () => {
    const directory = join(root, 'partial');
    await runSweepCells(spec, directory, { shard: { index: 1, count: 4 }, parallelism: 1 });
    expect(() => mergeSweepCells(directory)).toThrowError(
      '6 of 8 cells are missing: 0 (users=1, fair, seed 1), 2 (users=1, nas, seed 1), 3 (users=1, nas, seed 2), 4 (users=3, fair, seed 1), 6 (users=3, nas, seed 1), 7 (users=3, nas, seed 2); run the shards',
    );
    await expect(
      runSweepCells({ ...spec, seeds: [5] }, directory, { shard: { index: 0, count: 4 }, parallelism: 1 }),
    ).rejects.toThrowError(/belongs to another sweep/);
    writeFileSync(join(directory, 'cell-00099.json'), '{"format":"x"}');
    expect(() => mergeSweepCells(directory)).toThrowError(/not a rackwise sweep cell/);
  });
});
