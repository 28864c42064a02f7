import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  OFFERED_LOAD_AXIS,
  crossCells,
  lossCell,
  presetCell,
  registerPaperClaims,
} from '@rackwise/reproduce';
import { afterAll, describe, expect, it } from 'vitest';
import { recordingIo } from './internal/test-io.js';
import { EXIT_OK, main } from './main.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-reproduce-all-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

registerPaperClaims({
  paper: 'tiny-shards',
  title: 'tiny shards map',
  preset: 'tiny',
  policies: ['fair', 'delay'],
  claims: [
    {
      id: 'same',
      figure: 'Fig. 1',
      statement: 'delay completes as many jobs as fair',
      a: 'delay',
      b: 'fair',
      metric: 'jobsCompleted',
      expectation: 'similar',
      tolerance: 0,
    },
  ],
  // Two cells of two policies: four batches.
  quickGrid: () => ({
    cells: crossCells([[presetCell('tiny')], [lossCell('none'), lossCell('incast')]]),
    seeds: [1],
    description: 'two cells',
  }),
  fullGrid: () => ({ cells: [], seeds: [1], description: 'none' }),
  fullGridCost: 'seconds',
  loadAxis: OFFERED_LOAD_AXIS,
  headline: ['same'],
});

describe('rackwise reproduce, sharded and resumed', () => {
  it('states what `all` and `all --quick` cost in its help', async () => {
    const io = recordingIo(dir);
    expect(await main(['reproduce', '--help'], io)).toBe(EXIT_OK);
    const help = io.out.join('').replace(/\s+/g, ' ');
    expect(help).toContain("`all` runs every paper's full grid, about 25 CPU-hours");
    expect(help).toContain("`all --quick` runs every paper's quick grid on seed 1, about 11 CPU-minutes");
    expect(help).toContain('--emit <slurm>');
  });

  it('runs shards into one results directory, then writes the map without simulating again', async () => {
    const args = ['reproduce', 'tiny-shards', '--quick', '--out', 'runs', '--quiet'];
    const shards = [recordingIo(dir), recordingIo(dir)];
    for (const [i, io] of shards.entries())
      expect(await main([...args, '--shard', `${i}/2`], io)).toBe(EXIT_OK);
    expect(shards[0]!.err.join('')).toContain('shard 0/2: ran 2 of its 2 batches, 0 already done in');
    expect(readdirSync(join(dir, 'runs'))).toHaveLength(4);
    const again = recordingIo(dir);
    expect(await main([...args, '--shard', '1/2'], again)).toBe(EXIT_OK);
    expect(again.err.join('')).toContain('ran 0 of its 2 batches, 2 already done');

    const map = recordingIo(dir);
    const mapArgs = ['reproduce', 'tiny-shards', '--quick', '--out', 'runs', '--markdown', 'shards.md'];
    expect(await main(mapArgs, map)).toBe(EXIT_OK);
    const progress = map.err
      .join('')
      .split('\n')
      .filter((l) => l.startsWith('tiny-shards '));
    expect(progress).toHaveLength(4);
    expect(progress.every((l) => l.endsWith('(kept)'))).toBe(true);
    expect(readFileSync(join(dir, 'shards.md'), 'utf8')).toContain('## tiny shards map');
  });

  it('emits a Slurm array of `reproduce all` shards that ends with the command writing the maps', async () => {
    const io = recordingIo(dir);
    const argv = ['reproduce', 'all', '--quick', '--emit', 'slurm', '--shards', '3', '--parallel', '2'];
    expect(await main(argv, io)).toBe(EXIT_OK);
    const script = io.out.join('');
    expect(script).toContain('#SBATCH --array=0-2');
    expect(script).toContain('#SBATCH --cpus-per-task=2');
    expect(script).toMatch(
      /^# \d+ batches \(a policy on one configuration, every seed\) of rackwise reproduce in 3 shards/m,
    );
    expect(script).toContain(
      'reproduce all --quick --out reproduction-runs --quiet --parallel "${SLURM_CPUS_PER_TASK:-2}" --shard "${SLURM_ARRAY_TASK_ID}/3"',
    );
    expect(script).toContain('When every task is done: npx --yes rackwise@');
    expect(script).toContain(
      'reproduce all --quick --out reproduction-runs --json reproduction-maps.json --markdown reproduction.md --html reproduction.html',
    );
  });

  it('refuses shard options that cannot go together', async () => {
    for (const [argv, message] of [
      [['tiny-shards', '--quick', '--shard', '0/2'], '--shard needs --out <dir>'],
      [
        ['all', '--quick', '--shard', '0/2', '--markdown', 'x.md'],
        '--shard runs part of the grids; write --markdown',
      ],
      [['all', '--quick', '--emit', 'kubernetes'], '--emit: unknown target "kubernetes"; targets: slurm'],
      [['all', '--quick', '--shards', '2'], '--shards applies to --emit'],
      [['all', '--from', 'x.json', '--out', 'runs'], '--from writes maps already run'],
      [
        ['all', '--quick', '--seeds', 'adaptive:5..3'],
        '--seeds adaptive:max must be an integer in [5, 1000]',
      ],
      [
        ['all', '--quick', '--seeds', 'adaptive:1..3'],
        '--seeds adaptive:min must be an integer in [2, 1000]',
      ],
      [['all', '--quick', '--seeds', 'adaptive:x'], '--seeds adaptive takes a range of seed counts'],
    ] as const) {
      const io = recordingIo(dir);
      expect(await main(['reproduce', ...argv], io)).toBe(2);
      expect(io.err.join('')).toContain(message);
    }
  });

  it('adds seeds to a cell only until its claims are decided, in shard rounds or in one run', async () => {
    const args = [
      'reproduce',
      'tiny-shards',
      '--quick',
      '--seeds',
      'adaptive:2..4',
      '--out',
      'adaptive-runs',
    ];
    const shard = recordingIo(dir);
    expect(await main([...args, '--quiet', '--shard', '0/1'], shard)).toBe(EXIT_OK);
    expect(shard.err.join('')).toContain('ran 4 of its 4 batches');
    expect(shard.err.join('')).toContain('run the shards again for the next round');
    const io = recordingIo(dir);
    expect(await main([...args, '--json', 'adaptive.json'], io)).toBe(EXIT_OK);
    // Both policies complete every job in every seed: the claim is decided after the first two.
    expect(io.out.join('')).toContain('C1: tiny · loss none (2 seeds, decided)');
    expect(io.err.join('')).not.toMatch(/tiny-shards .*seeds to/);
    const map = JSON.parse(readFileSync(join(dir, 'adaptive.json'), 'utf8'));
    expect(map.adaptive).toEqual({ min: 2, max: 4, errorRate: 0.05 });
    expect(map.claims[0].outcomes[1].interval).toMatchObject({ n: 2, decision: 'holds' });
    const emit = recordingIo(dir);
    expect(await main(['reproduce', 'all', '--seeds', 'adaptive', '--emit', 'slurm'], emit)).toBe(EXIT_OK);
    expect(emit.out.join('')).toContain('# --seeds adaptive: each run of the array is one round');
    expect(emit.out.join('')).toContain('up to 8 rounds in all');
  });
});
