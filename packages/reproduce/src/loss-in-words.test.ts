import { describe, expect, it } from 'vitest';
import { type Cell, map } from '../test/words-map.js';
import { lossInWords } from './loss-in-words.js';
import { paperInWords } from './plain-words.js';

const at = (load: number, loss: string, changes: readonly number[]): Cell => ({
  axes: { load, loss },
  changes,
});

describe('another loss model in plain words', () => {
  it('names the headline claims whose verdict it changes, where, from what to what', () => {
    const words = lossInWords(
      map([
        at(0.1, 'none', [-0.2, -0.21, -0.19]),
        at(0.1, 'congestion-cost', [-0.2, -0.22, -0.18]),
        at(0.9, 'none', [-0.05, -0.04, -0.06]),
        at(0.9, 'congestion-cost', [0.05, 0.06, 0.04]),
      ]),
    );
    expect(words).toBe(
      'Under the `congestion-cost` loss model, the one claim measured changes its verdict in some cell (changes in one of the two cells); among the headline claims, “NAS shortens jobs” (`executionTime.mean`) at offered cross-rack load 0.9 (holds in every seed without loss, fails under it); and none moves beyond the seed spread with its verdict kept.',
    );
  });

  it('names a load once where several cells (other readings) change there, and counts the cells', () => {
    const cell = (load: number, loss: string, reading: string, changes: readonly number[]): Cell => ({
      axes: { load, loss, reading },
      changes,
    });
    const words = lossInWords(
      map(
        ['a', 'b'].flatMap((reading) => [
          cell(0.5, 'none', reading, [-0.05, -0.04, -0.06]),
          cell(0.5, 'congestion-cost', reading, [0.05, 0.06, 0.04]),
          cell(0.9, 'none', reading, [-0.05, -0.04, -0.06]),
          cell(0.9, 'congestion-cost', reading, [0.05, 0.06, 0.04]),
        ]),
      ),
    );
    expect(words).toContain(
      'at offered cross-rack load 0.5 and 0.9 in four cells (holds in every seed without loss, fails under it)',
    );
  });

  it('says when no verdict changes, and counts what moves beyond the seed spread', () => {
    const words = lossInWords(
      map([at(0.5, 'none', [-0.2, -0.21, -0.19]), at(0.5, 'congestion-cost', [-0.1, -0.11, -0.09])]),
    );
    expect(words).toBe(
      'Under the `congestion-cost` loss model, no claim of the one measured changes its verdict in any cell, and one moves beyond the seed spread with its verdict kept.',
    );
  });

  it('says nothing for a map under one loss setting, and joins the paper’s paragraph otherwise', () => {
    expect(lossInWords(map([at(0.5, 'none', [-0.2, -0.21, -0.19])]))).toBeUndefined();
    const both = map([at(0.5, 'none', [-0.2, -0.21, -0.19]), at(0.5, 'incast', [0.1, 0.2, 0.1])]);
    expect(paperInWords(both)).toContain('Under the `incast` loss model, the one claim measured');
  });
});
