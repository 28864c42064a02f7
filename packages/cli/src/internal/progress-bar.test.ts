import type { ExperimentProgress } from '@rackwise/experiments';
import { describe, expect, it } from 'vitest';
import {
  createProgressBar,
  estimateRemaining,
  formatEta,
  progressLine,
  progressLines,
} from './progress-bar.js';
import { recordingIo } from './test-io.js';

type Running = ExperimentProgress['running'][number];

/** A simulation under way, `fraction` of its 200 jobs done at `time` simulated seconds. */
const sim = (policy: string, seed: number, fraction: number, time = 0, label?: string): Running => ({
  policy,
  seed,
  ...(label === undefined ? {} : { label }),
  fraction,
  time,
  jobsDone: Math.round(fraction * 200),
  jobsTotal: 200,
});

const progress = (fraction: number, running: ExperimentProgress['running'] = []): ExperimentProgress => ({
  fraction,
  runsDone: 1,
  runsTotal: 4,
  running,
});

describe('progress on a terminal', () => {
  it('shows each running simulation and an ETA from the pace so far', () => {
    const lines = progressLines(
      progress(0.25, [sim('fair', 2, 0.5), sim('nas', 1, 0.1, 0, 'users=30')]),
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
    const running = [sim('fair', 1, 0.5)];
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
    ['on a terminal', true],
    ['in a log', false],
  ])('writes nothing with --quiet %s', (_, tty) => {
    let clock = 0;
    const io = recordingIo('/', {}, tty, () => clock);
    const bar = createProgressBar(io, true);
    bar.update(progress(0.3));
    clock = 60_000;
    bar.update(progress(0.6));
    bar.finish();
    expect(io.err).toEqual([]);
  });
});

describe('progress in a log (standard error not a terminal, or CI)', () => {
  it('says the runs done, each simulation under way and what remains, in one line', () => {
    const line = progressLine(
      { ...progress(0.5, [sim('fair', 2, 0.25, 3725), sim('nas', 1, 0.5, 61, 'users=30')]), runsDone: 1 },
      120,
    );
    expect(line).toBe(
      'rackwise: 50% · 1/4 runs done · fair seed 2 at 1 h 02 min simulated, 50/200 jobs · nas seed 1 users=30 at 1 min 01 s simulated, 100/200 jobs · 2 min 00 s elapsed, about 2 min 00 s left',
    );
    expect(progressLine(progress(0.01), 1)).toMatch(/ · 1 s elapsed, too early to estimate what remains$/);
  });

  it('counts the simulations beyond the fourth instead of naming them', () => {
    const running = [1, 2, 3, 4, 5, 6].map((seed) => sim('fair', seed, 0.1));
    const line = progressLine(progress(0.1, running), 30);
    expect(line).toContain('fair seed 4 at 0 s simulated');
    expect(line).not.toContain('seed 5');
    expect(line).toContain(' · 2 more running · ');
  });

  it.each([
    ['not a terminal', {}, false],
    ['under CI, even on a terminal', { CI: 'true' }, true],
  ])('writes a line when an update comes ten seconds or more after the last, %s', (_, env, tty) => {
    let clock = 5_000;
    const io = recordingIo('/', env, tty, () => clock);
    const bar = createProgressBar(io, false);
    const at = (ms: number, fraction: number): void => {
      clock = ms;
      bar.update(progress(fraction, [sim('fair', 1, fraction, fraction * 1800)]));
    };
    at(5_000, 0.1);
    at(14_999, 0.2);
    expect(io.err).toEqual([]);
    at(15_000, 0.25);
    at(20_000, 0.3);
    at(24_999, 0.35);
    at(40_000, 0.5);
    bar.finish();
    expect(io.err).toHaveLength(2);
    expect(io.err[0]).toMatch(
      /^rackwise: 25% · 1\/4 runs done · fair seed 1 at 7 min 30 s simulated, 50\/200 jobs · 10 s elapsed, about 30 s left\n$/,
    );
    expect(io.err[1]).toMatch(
      / 50% .* at 15 min 00 s simulated, 100\/200 jobs · 35 s elapsed, about 35 s left\n$/,
    );
    expect(io.err.join('')).not.toContain('\x1b');
  });
});
