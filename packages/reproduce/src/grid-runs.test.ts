import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { registerTinyLossPaper } from '../test/tiny-loss-paper.js';
import { type RunBatch, type SimulationRunner, inPool } from './grid-runs.js';
import { reproducePaper } from './reproduce-paper.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-grid-runs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Two cells of two policies: four batches of three seeds.
registerTinyLossPaper(
  'tiny-resume',
  ['fair', 'delay'],
  [1, 2, 3],
  [
    {
      id: 'faster',
      figure: 'Fig. 1',
      statement: 'delay finishes sooner than fair',
      a: 'delay',
      b: 'fair',
      metric: 'makespan',
      expectation: 'lower',
    },
  ],
);

/** A stand-in for the simulator: made-up metrics from the batch, every call recorded; it fails after `failAfter` calls. */
function fakeRunner(failAfter = Number.POSITIVE_INFINITY) {
  const calls: RunBatch[] = [];
  const runner: SimulationRunner = async (batch) => {
    if (calls.length >= failAfter) throw new Error('interrupted');
    calls.push(batch);
    const loss = batch.preset.engine.congestionLoss === 'incast' ? 10 : 0;
    return batch.seeds.map((seed) => ({
      seed,
      metrics: { makespan: (batch.policy === 'delay' ? 90 : 100) + loss + seed, 'load.offered': 0.5 },
      wallSeconds: 2,
    }));
  };
  return { calls, runner };
}

describe('a grid with a results directory', () => {
  it('resumes where an interrupted run stopped, recomputing no run it wrote', async () => {
    const results = join(dir, 'resume');
    const first = fakeRunner(2);
    await expect(
      reproducePaper({ paper: 'tiny-resume', quick: true, results, runner: first.runner }),
    ).rejects.toThrow('interrupted');
    expect(first.calls).toHaveLength(2);
    expect(readdirSync(results).filter((f) => f.endsWith('.json'))).toHaveLength(6);

    const again = fakeRunner();
    const progress: number[] = [];
    const map = await reproducePaper({
      paper: 'tiny-resume',
      quick: true,
      results,
      runner: again.runner,
      onProgress: (p) => progress.push(p.simulated),
    });
    // Only the two batches the interrupted run never reached are simulated.
    expect(again.calls.map((b) => `${b.policy} ${b.preset.engine.congestionLoss}`)).toEqual([
      'fair incast',
      'delay incast',
    ]);
    expect(progress).toEqual([0, 0, 3, 3]);
    expect(map.claims[0]?.holds).toBe(2);
    expect([map.simulations, map.simulatedNow]).toEqual([12, 6]);

    // The same map as a run that was never interrupted, and nothing left to simulate.
    const whole = await reproducePaper({ paper: 'tiny-resume', quick: true, runner: fakeRunner().runner });
    expect(map.claims).toEqual(whole.claims);
    const third = fakeRunner();
    await reproducePaper({ paper: 'tiny-resume', quick: true, results, runner: third.runner });
    expect(third.calls).toEqual([]);
  });

  it('simulates only the seeds a batch is missing', async () => {
    const results = join(dir, 'seeds');
    await reproducePaper({
      paper: 'tiny-resume',
      quick: true,
      seeds: [1, 2],
      results,
      runner: fakeRunner().runner,
    });
    const more = fakeRunner();
    await reproducePaper({
      paper: 'tiny-resume',
      quick: true,
      seeds: [1, 2, 3],
      results,
      runner: more.runner,
    });
    expect(more.calls.map((b) => b.seeds)).toEqual([[3], [3], [3], [3]]);
  });

  it('records the network model, commit, traces, seeds and CPU-seconds it ran', async () => {
    const map = await reproducePaper({
      paper: 'tiny-resume',
      quick: true,
      runner: fakeRunner().runner,
      commit: 'c0ffee',
      traceChecksum: () => 'never asked: tiny replays no trace',
    });
    expect(map.provenance).toMatchObject({
      model: { congestionLoss: ['none', 'incast'], flowModel: 'per-flow', resolveInterval: 0 },
      commit: 'c0ffee',
      traces: [],
      seeds: [1, 2, 3],
      // Four batches of three seeds, two seconds each.
      cpuSeconds: 24,
      cpuMeasured: true,
      wallCountedRuns: 12,
      wallCountedSeconds: 24,
    });
  });

  it('counts the CPU seconds of the runs that measured them, the wall seconds of the others', async () => {
    const runner: SimulationRunner = async (batch) =>
      batch.seeds.map((seed) => ({
        seed,
        metrics: { makespan: (batch.policy === 'delay' ? 90 : 100) + seed, 'load.offered': 0.5 },
        wallSeconds: 2,
        // Seed 2 ran where its thread's CPU could not be told apart.
        ...(seed === 2 ? {} : { cpuSeconds: 0.5 }),
      }));
    const map = await reproducePaper({ paper: 'tiny-resume', quick: true, runner });
    // Four batches: seeds 1 and 3 at 0.5 CPU-s each, seed 2 at 2 wall seconds.
    expect(map.provenance?.cpuSeconds).toBe(4 * (0.5 + 2 + 0.5));
    expect(map.provenance?.wallCountedRuns).toBe(4);
    expect(map.provenance?.wallCountedSeconds).toBe(4 * 2);
    expect(map.provenance?.cpuMeasured).toBe(true);
  });
});

describe('inPool', () => {
  it('runs every task once, never more than its size at once, as many at once as it can', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 12 }),
        fc.integer({ min: 1, max: 4 }),
        async (delays, size) => {
          const ran = delays.map(() => 0);
          let running = 0;
          let most = 0;
          await inPool(
            delays.map((delay, i) => async () => {
              most = Math.max(most, ++running);
              await new Promise((resolve) => setTimeout(resolve, delay));
              running--;
              ran[i]!++;
            }),
            size,
          );
          expect(ran.every((n) => n === 1)).toBe(true);
          expect(most).toBe(Math.min(size, delays.length));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('rejects with the first failure and starts nothing after it', async () => {
    const started: number[] = [];
    const tasks = [0, 1, 2, 3, 4].map((i) => async () => {
      started.push(i);
      if (i === 1) throw new Error('task 1 failed');
    });
    await expect(inPool(tasks, 2)).rejects.toThrow('task 1 failed');
    expect(started).toEqual([0, 1]);
  });
});
