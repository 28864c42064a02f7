import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { registerTinyLossPaper } from '../test/tiny-loss-paper.js';
import type { RunBatch, SimulationRunner } from './grid-runs.js';
import { reproduceShard } from './grid-shards.js';
import { reproducePaper } from './reproduce-paper.js';
import { reproductionHtml } from './reproduction-html.js';
import { reproductionDocument } from './reproduction-markdown.js';
import { SEQUENTIAL_RULE } from './sequential-interval.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rackwise-adaptive-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * A paper of two cells: under loss `none`, delay's metric is 1.5 × fair's in every seed
 * (decided at once); under `incast` it scatters around fair's (never decided).
 */
const paper = 'tiny-adaptive';
registerTinyLossPaper(
  paper,
  ['fair', 'delay'],
  [1, 2],
  [
    {
      id: 'c',
      figure: 'Fig. 1',
      statement: 'delay is higher',
      a: 'delay',
      b: 'fair',
      metric: 'm',
      expectation: 'higher',
    },
  ],
);

/** A stand-in for the simulator that records the seeds it is asked to run, per policy and loss setting. */
function fakeRunner() {
  const calls: string[] = [];
  const runner: SimulationRunner = async (batch: RunBatch) => {
    const loss = batch.preset.engine.congestionLoss;
    calls.push(`${batch.policy} ${loss} ${batch.seeds.join(',')}`);
    return batch.seeds.map((seed) => {
      const factor =
        batch.policy === 'fair' ? 1 : loss === 'none' ? 1.5 : 1 + 0.1 * (seed % 2 === 0 ? 1 : -1);
      return { seed, metrics: { m: 100 * factor + seed }, wallSeconds: 1 };
    });
  };
  return { calls, runner };
}

/** The tiny paper's quick grid with adaptive seeds. */
const reproduce = (runner: SimulationRunner, more: Partial<Parameters<typeof reproducePaper>[0]> = {}) =>
  reproducePaper({ paper, quick: true, adaptive: SEQUENTIAL_RULE, runner, ...more });

const stopsOf = (map: Awaited<ReturnType<typeof reproducePaper>>) =>
  map.grid.cells.map((c) => [c.label, c.seeds]);

describe('a grid with adaptive seeds', () => {
  it('stops a decided cell at the minimum and runs an undecided one to the cap', async () => {
    const { calls, runner } = fakeRunner();
    const map = await reproduce(runner);
    expect(stopsOf(map)).toEqual([
      ['tiny · loss none', { seeds: 3, decided: true }],
      ['tiny · loss incast', { seeds: 10, decided: false }],
    ]);
    expect(calls.filter((c) => c.includes(' none '))).toEqual(['fair none 1,2,3', 'delay none 1,2,3']);
    expect(calls.filter((c) => c.startsWith('delay incast'))).toHaveLength(8);
    const [none, incast] = map.claims[0]!.outcomes;
    expect(none).toMatchObject({ interval: { n: 3, decision: 'holds', scale: 'log' } });
    expect(none!.changes).toHaveLength(3);
    expect(incast).toMatchObject({ interval: { n: 10, decision: 'undecided' } });
    expect(map.adaptive).toEqual(SEQUENTIAL_RULE);
    expect(map.simulations).toBe(2 * 3 + 2 * 10);
    expect(map.provenance?.seeds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('resumes from the seeds a results directory holds, and continues a shorter rule’s cells', async () => {
    const results = freshDir();
    const first = fakeRunner();
    await reproduce(first.runner, { adaptive: { ...SEQUENTIAL_RULE, max: 5 }, results });
    const again = fakeRunner();
    const map = await reproduce(again.runner, { results });
    expect(again.calls).toEqual([6, 7, 8, 9, 10].flatMap((s) => [`fair incast ${s}`, `delay incast ${s}`]));
    expect(stopsOf(map)[1]).toEqual(['tiny · loss incast', { seeds: 10, decided: false }]);
  });

  it('runs in shards, a round at a time, to the seeds of one uninterrupted run', async () => {
    const results = freshDir();
    const { calls, runner } = fakeRunner();
    let rounds = 0;
    for (;;) {
      const outcomes = await Promise.all(
        [0, 1].map((index) =>
          reproduceShard({
            papers: [paper],
            quick: true,
            adaptive: SEQUENTIAL_RULE,
            shard: { index, count: 2 },
            results,
            runner,
          }),
        ),
      );
      if (outcomes.every((o) => o.ran === 0)) break;
      rounds++;
    }
    expect(rounds).toBe(8);
    expect(calls.filter((c) => c.includes(' none '))).toEqual(['fair none 1,2,3', 'delay none 1,2,3']);
    const last = fakeRunner();
    const map = await reproduce(last.runner, { results });
    expect(last.calls).toEqual([]);
    const whole = await reproduce(fakeRunner().runner);
    expect(stopsOf(map)).toEqual(stopsOf(whole));
  });

  it('shares the worker threads among a round’s runs, to the map of one run at a time', async () => {
    const { runner } = fakeRunner();
    let running = 0;
    let most = 0;
    const batches: RunBatch[] = [];
    const pooled: SimulationRunner = async (batch) => {
      batches.push(batch);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 1));
      running--;
      return runner(batch);
    };
    const map = await reproduce(pooled, { parallelism: 2 });
    const serial = await reproduce(fakeRunner().runner);
    expect(most).toBe(2);
    expect(batches.every((b) => b.seeds.length === 1 && b.parallelism === 2)).toBe(true);
    expect(batches).toHaveLength(2 * 3 + 2 * 10);
    expect(stopsOf(map)).toEqual(stopsOf(serial));
    expect(map.claims).toEqual(serial.claims);
    expect(map.simulations).toBe(serial.simulations);
  });

  it('takes seeds or adaptive, not both', async () => {
    await expect(reproduce(fakeRunner().runner, { seeds: [1, 2] })).rejects.toThrow(/not both/);
  });

  it('says in the document which cells stopped early, and with what interval', async () => {
    const map = await reproduce(fakeRunner().runner);
    const document = reproductionDocument([map], 'rackwise reproduce tiny-adaptive --quick --seeds adaptive');
    expect(document).toContain('`rackwise reproduce tiny-adaptive --quick --seeds adaptive:3..10`');
    expect(document).toContain("Mean over each cell's seeds (under Seeds per cell) of a / b − 1");
    const words = document.slice(document.indexOf('### Seeds per cell'));
    expect(words).toContain(
      "Student's t at 99.375 %, Bonferroni's correction over the 8 looks from 3 to 10 seeds",
    );
    expect(words).toContain('Each claim is decided the wrong way at most 5 % of the time');
    expect(words).toContain(
      'One of 2 cells stopped early: tiny · loss none after 3 seeds. One cell took all 10 seeds.',
    );
    expect(words).toMatch(
      /Undecided at the cap: delay is higher at tiny · loss incast \([+−]\d+ % \[−\d+ %, \+\d+ %\]\)/,
    );
    expect(words).toContain('| seeds |  | 3, early |');
    expect(words).toMatch(/\| delay is higher \| `m` \| ✓ \+49 % \[\+\d+ %, \+\d+ %\] \|/);
    const html = reproductionHtml([JSON.parse(JSON.stringify(map))], 'x');
    expect(html).toContain('<h3>Seeds per cell</h3>');
    expect(html).toContain('<td>tiny · loss incast</td><td>10, cap</td><td>delay is higher ');
  });
});
