import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordingIo } from './internal/test-io.js';
import { EXIT_USAGE, main } from './main.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-sweep-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  const io = recordingIo(dir);
  const code = await main(argv, io);
  return { code, err: io.err.join('') };
}

describe('sweep: --param seed and --reference are refused before anything runs', () => {
  it.each([
    [['--param', 'seed=1,2', '--seed', '3'], '--param seed=… and --seed/--seeds: give the seeds once'],
    [['--param', 'seeds=1,2', '--seeds', '3,4'], '--param seed=… and --seed/--seeds: give the seeds once'],
    [['--param', 'seed=1,2.5'], '--param seed: seeds must be integers >= 0, got 1, 2.5'],
    [['--param', 'seed=1,-2'], '--param seed: seeds must be integers >= 0, got 1, -2'],
    [
      ['--param', 'seed=1,2', '--out', 'cells'],
      '--param seed runs one experiment and takes no --out; shard a sweep of another parameter with --seeds',
    ],
    [
      ['--param', 'users=1,3', '--reference', '2'],
      '--reference: "2" is not one of the values of users: 1, 3',
    ],
    [
      ['--param', 'engine.preemptedFetches=segments,bytes', '--reference', 'drop'],
      '--reference: "drop" is not one of the values of engine.preemptedFetches: segments, bytes',
    ],
  ])('sweep %j', async (args, message) => {
    const { code, err } = await cli('sweep', '--preset', 'tiny', '--quiet', ...args);
    expect(code).toBe(EXIT_USAGE);
    expect(err).toContain(message);
  });
});
