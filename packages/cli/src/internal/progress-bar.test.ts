import type { ExperimentProgress } from '@rackwise/experiments';
import { describe, expect, it } from 'vitest';
import { createProgressBar, estimateRemaining, formatEta, progressLines } from './progress-bar.js';
import { recordingIo } from './test-io.js';

const progress = (fraction: number, running: ExperimentProgress['running'] = []): ExperimentProgress => ({
  fraction,
  runsDone: 1,
  runsTotal: 4,
  running,
});

describe('progress on a terminal', () => {
  it('shows each running simulation and an ETA from the pace so far', () => {
    const lines = progressLines(
      progress(0.25, [
        { policy: 'fair', seed: 2, fraction: 0.5 },
        { policy: 'nas', seed: 1, label: 'users=30', fraction: 0.1 },
      ]),
      60,
      100,
    );
    expect(lines[0]).toMatch(/ 25% 1\/4 runs · ETA 3 min 00 s$/);
    expect(lines[1]).toBe('  [#####-----]  50% fair · seed 2');
    expect(lines[2]).toBe('  [#---------]  10% nas · seed 1 · users=30');
  });

  it('gives no ETA before 2 % or 2 s, and formats hours', () => {
    expect(estimateRemaining(0.01, 100)).toBeUndefined();
    expect(estimateRemaining(0.5, 1)).toBeUndefined();
    expect(formatEta(3 * 3600 + 125)).toBe('3 h 02 min');
    expect(formatEta(42.4)).toBe('42 s');
  });

  it('redraws only when the frame changes, over the lines it drew, and clears them at the end', () => {
    const io = recordingIo('/', {}, true);
    let clock = 0;
    const bar = createProgressBar(io, false, () => clock);
    const running = [{ policy: 'fair', seed: 1, fraction: 0.5 }];
    bar.update(progress(0.5, running));
    bar.update(progress(0.5, running));
    clock = 10_000;
    bar.update(progress(0.6, running));
    bar.finish();
    expect(io.err).toHaveLength(3);
    expect(io.err[1]?.startsWith('\x1b[1A\r\x1b[J')).toBe(true);
    expect(io.err[1]).toMatch(/60% 1\/4 runs · ETA 7 s\n {2}\[/);
    expect(io.err[2]).toBe('\x1b[1A\r\x1b[J');
    expect(io.out).toEqual([]);
  });

  it.each([
    ['not a terminal', recordingIo('/', {}, false), false],
    ['under CI', recordingIo('/', { CI: 'true' }, true), false],
    ['with --quiet', recordingIo('/', {}, true), true],
  ])('draws nothing %s', (_, io, quiet) => {
    const bar = createProgressBar(io, quiet);
    bar.update(progress(0.3));
    bar.finish();
    expect(io.err).toEqual([]);
  });
});
