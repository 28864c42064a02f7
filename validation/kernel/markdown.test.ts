import { describe, expect, it } from 'vitest';
import type { KernelResults, KernelScenarioResult } from './collect.js';
import { whenTimed } from './markdown.js';

const scenario = (name: string, timed?: KernelScenarioResult['timed']): KernelScenarioResult => ({
  name,
  family: 'all-to-all',
  half: 'judge',
  facts: {},
  flows: 240,
  bytes: 240e6,
  linux: {},
  ...(timed === undefined ? {} : { timed }),
});

const results = (scenarios: KernelScenarioResult[]): KernelResults => ({
  quick: false,
  date: '2026-12-03T15:00:00.000Z',
  kernel: 'k2',
  commit: 'bbbbbbb',
  hostBitsPerSecond: 10e6,
  repetitions: 3,
  checks: { loneMinShare: 0.93, repetitionTolerance: 0.2 },
  settings: {},
  skipped: {},
  scenarios,
});

describe('when the kernel figures were timed', () => {
  it('names the one run that timed every scenario', () => {
    expect(whenTimed(results([scenario('a'), scenario('b')]))).toBe(
      'on 2026-12-03 (Linux k2, commit bbbbbbb)',
    );
  });

  it('names the scenarios a resumed run timed apart from those it kept', () => {
    const earlier = { date: '2026-12-02T09:00:00.000Z', kernel: 'k1', commit: 'aaaaaaa' };
    const later = { date: '2026-12-03T15:00:00.000Z', kernel: 'k2', commit: 'bbbbbbb' };
    const text = whenTimed(results([scenario('a', earlier), scenario('b', earlier), scenario('c', later)]));
    expect(text).toBe('on 2026-12-02 (Linux k1, commit aaaaaaa), c on 2026-12-03 (Linux k2, commit bbbbbbb)');
  });
});
