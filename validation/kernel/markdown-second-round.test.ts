import { describe, expect, it } from 'vitest';
import type { KernelResults } from './collect.js';
import type { FormFit, SecondRoundFile } from './congestion-cost-forms.js';
import { renderSecondRound, secondRoundInShort } from './markdown-second-round.js';

const fit = (form: FormFit['form'], calibrationError: number): FormFit => ({
  form,
  fitted: { windowSegments: 3, roundBytes: 512 * 1024, ...(form === 'derating' ? {} : { tailRtos: 1 }) },
  calibrationError,
  heldOut: { linux: {}, ns3: {} },
  points: [],
});

const round: SecondRoundFile = {
  calibrate: ['a'],
  heldOut: ['new 1', 'new 2'],
  timed: [],
  tails: [1, 1.25],
  forms: [fit('derating', 0.05), fit('recovery-tail', 0.04)],
  predictions: [
    { scenario: 'new 1', exact: 0.8, forms: { derating: 1.5, 'recovery-tail': 1.08 } },
    { scenario: 'new 2', exact: 0.4, forms: { derating: 0.9, 'recovery-tail': 0.57 } },
  ],
};

const results = (timed: boolean): KernelResults =>
  ({
    scenarios: timed
      ? [
          {
            name: 'new 1',
            linux: { 'linux-reno': { lastByte: { median: 1, min: 0.9, max: 1.1 } } },
            ns3: { lastByte: 1.2 },
          },
          { name: 'new 2', linux: { 'linux-reno': { refused: 'repetitions disagree' } } },
        ]
      : [],
  }) as unknown as KernelResults;

describe('the second round of the forms', () => {
  it('judges the form chosen by calibration error on the timed traces alone, refusals left out', () => {
    const line = secondRoundInShort(round, results(true)).join('\n');
    expect(line).toContain('the recovery tail form fits best (4.0 %)');
    // 1.08 ÷ 1 − 1 on the one trace Reno timed; the refused one does not count.
    expect(line).toContain('off the new Reno all-to-alls by 8.0 %');
    expect(line).toContain('within the 10 % target');
    expect(line).toContain('exact model 20.0 %');
    expect(line).toContain('ns-3 10.0 %');
  });

  it('keeps its predictions in the table before anything is timed, and says nothing in short', () => {
    expect(secondRoundInShort(round, results(false))).toEqual([]);
    const text = renderSecondRound(round, results(false)).join('\n');
    expect(text).toContain('| new 2 | not timed | not timed | not timed | 0.400 | 0.900 | 0.570 |');
    expect(text).toContain('None of its traces has been timed under Reno yet.');
  });
});
