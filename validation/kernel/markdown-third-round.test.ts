import { describe, expect, it } from 'vitest';
import type { KernelResults } from './collect.js';
import { renderThirdRound, thirdRoundInShort } from './markdown-third-round.js';
import type { ThirdRoundFile } from './third-round.js';

const every = (x: number) => ({
  exact: x,
  'congestion-cost': x,
  derating: x,
  'recovery-tail': x,
  'derating+recovery-tail': x,
  'congestion-tail': x,
});

const round: ThirdRoundFile = {
  heldOut: ['incast new', 'cut new'],
  predictions: [
    { scenario: 'incast new', family: 'incast', origin: 0, lastBytes: { ...every(0.2), exact: 0.05 } },
    // A cut 120 s into its trace: 1 s after its first flow under every model.
    { scenario: 'cut new', family: 'fb2010', origin: 120, lastBytes: every(121) },
  ],
};

const spread = (median: number) => ({ median, min: median, max: median });

const results = (timed: boolean): KernelResults =>
  ({
    scenarios: timed
      ? [
          { name: 'incast new', linux: { 'linux-reno': { lastByte: spread(0.25) } }, ns3: { lastByte: 0.2 } },
          { name: 'cut new', linux: { 'linux-reno': { lastByte: spread(121.25) } } },
        ]
      : [],
  }) as unknown as KernelResults;

describe('the third round of the forms', () => {
  it('states each family’s error from the trace’s first flow, exact → the chosen form', () => {
    const line = thirdRoundInShort(round, results(true)).join('\n');
    // Incast: 0.05 ÷ 0.25 − 1 = −80 % → 0.2 ÷ 0.25 − 1 = −20 %; the cut: 1 ÷ 1.25 − 1 = −20 %, not 121 ÷ 121.25 − 1.
    expect(line).toContain('(b) incast 80.0 % → 20.0 % (1 trace)');
    expect(line).toContain('(d) FB-2010 flows 20.0 % → 20.0 % (1 trace)');
    expect(line).toContain('against ns-3: (b) incast 75.0 % → 0.0 % (1 trace)');
    expect(line).toContain(
      'does not lower the error against Reno in (d) FB-2010 flows (the same: 20.0 % → 20.0 %)',
    );
  });

  it('keeps its predictions in the table before anything is timed, and says nothing in short', () => {
    expect(thirdRoundInShort(round, results(false))).toEqual([]);
    const text = renderThirdRound(round, results(false)).join('\n');
    expect(text).toContain('| cut new | not timed | not timed | 1.000 | 1.000 |');
    expect(text).toContain('None of its traces has been timed yet.');
  });
});
