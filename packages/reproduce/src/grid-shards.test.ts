import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { registerTinyLossPaper } from '../test/tiny-loss-paper.js';
import type { RunBatch, SimulationRunner } from './grid-runs.js';
import { gridBatches, reproduceShard } from './grid-shards.js';
import { reproducePaper } from './reproduce-paper.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-grid-shards-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Two tiny papers; the second shares its `fair` runs with the first. */
registerTinyLossPaper('tiny-shard-a', ['fair', 'delay'], [1, 2]);
registerTinyLossPaper('tiny-shard-b', ['fair', 'drf'], [1, 2]);
const papers = ['tiny-shard-a', 'tiny-shard-b'];

/** A stand-in for the simulator that records what it is asked to run. */
function fakeRunner() {
  const calls: RunBatch[] = [];
  const runner: SimulationRunner = async (batch) => {
    calls.push(batch);
    return batch.seeds.map((seed) => ({ seed, metrics: { makespan: 100 + seed }, wallSeconds: 1 }));
  };
  return { calls, runner };
}
const named = (b: RunBatch) => `${b.policy} ${b.preset.engine.congestionLoss}`;

describe('shards of several papers’ grids', () => {
  it('counts a batch two papers share once', () => {
    // fair, delay and drf in two cells: six batches, not eight.
    expect(gridBatches(papers, true)).toHaveLength(6);
  });

  it('splits the batches between shards, each run once, and the maps then read them all', async () => {
    const results = join(dir, 'all');
    const shards = [fakeRunner(), fakeRunner(), fakeRunner()];
    const outcomes = [];
    for (const [index, { runner }] of shards.entries())
      outcomes.push(
        await reproduceShard({ papers, quick: true, shard: { index, count: 3 }, results, runner }),
      );
    expect(outcomes.map((o) => [o.batches, o.ran, o.total])).toEqual([
      [2, 2, 6],
      [2, 2, 6],
      [2, 2, 6],
    ]);
    const ran = shards.flatMap((s) => s.calls.map(named));
    expect(new Set(ran).size).toBe(6);
    expect(readdirSync(results)).toHaveLength(12);

    // A shard run again (re-queued) simulates nothing; nor do the maps.
    const again = fakeRunner();
    expect(
      await reproduceShard({
        papers,
        quick: true,
        shard: { index: 1, count: 3 },
        results,
        runner: again.runner,
      }),
    ).toMatchObject({ ran: 0, skipped: 2 });
    for (const paper of papers) await reproducePaper({ paper, quick: true, results, runner: again.runner });
    expect(again.calls).toEqual([]);
  });

  it('refuses a shard outside its count', async () => {
    await expect(
      reproduceShard({ papers, quick: true, shard: { index: 3, count: 3 }, results: join(dir, 'x') }),
    ).rejects.toThrow('0 <= i < N, got 3/3');
  });
});
