import { describe, expect, it } from 'vitest';
import { ALONG_LOAD, type Cell, map } from '../test/words-map.js';
import { cellCounts, claimsTally, listText, paperInWords, readingsInWords } from './plain-words.js';

/** Uplinks saturated at 0.9 and above, half used below. */
const uplinks = (axes: Cell['axes']) => {
  const saturated = typeof axes.load === 'number' && axes.load >= 0.9;
  return {
    offered: Number(axes.load ?? 0.5),
    offeredMin: 0,
    offeredMax: 1,
    uplinkP50: 0.3,
    uplinkP95: saturated ? 0.99 : 0.5,
    slotUse: 0.6,
  };
};

describe('a paper in plain words', () => {
  it('says where a headline claim holds, by how much, where it fails and what the network did there', () => {
    const words = paperInWords(map(ALONG_LOAD, undefined, uplinks));
    expect(words).toContain(
      "“NAS shortens jobs” (`executionTime.mean`, loss none) holds in every seed at offered cross-rack load 0.1–0.3 (−20 % at 0.1), in the mean but not in every seed at 0.5 (−4 %), and fails at 0.9 (+10 % at 0.9), where the rack uplinks' median and 95th-percentile load were 30 % and 99 %, against 30 % and 50 % where it holds.",
    );
    expect(words).toContain(
      'Across the two other series it holds in every seed in 1 of 2 cells and fails in one.',
    );
  });

  it('says the load does not tell them apart where it fails at an uplink load also seen where it holds', () => {
    const alike = (axes: Cell['axes']) => ({ ...uplinks(axes), uplinkP95: axes.load === 0.1 ? 0.99 : 0.5 });
    const words = paperInWords(map(ALONG_LOAD, undefined, alike));
    expect(words).toContain(
      "and fails at 0.9 (+10 % at 0.9); the rack uplinks' median and 95th-percentile load were 30 % and 50 % there and 30 % and 50–99 % where it holds, so that load alone does not tell the two apart.",
    );
    expect(words).not.toContain('against');
  });

  it('sets the loads against each other where the medians part though the 95th percentiles meet', () => {
    const medians = (axes: Cell['axes']) => ({
      ...uplinks(axes),
      uplinkP50: axes.load === 0.9 ? 0.6 : 0.2,
      uplinkP95: 1,
    });
    expect(paperInWords(map(ALONG_LOAD, undefined, medians))).toContain(
      "and fails at 0.9 (+10 % at 0.9), where the rack uplinks' median and 95th-percentile load were 60 % and 100 %, against 20 % and 100 % where it holds.",
    );
  });

  it('counts the cells of a claim by outcome, naming only the outcomes it had', () => {
    expect(cellCounts(6, 0, 0)).toBe('holds in every seed in all six cells');
    expect(cellCounts(0, 3, 0)).toBe('holds in the mean but not in every seed in all three cells');
    expect(cellCounts(0, 0, 1)).toBe('fails in its one cell');
    expect(cellCounts(4, 1, 1)).toBe(
      'holds in every seed in 4 of 6 cells, in the mean only in one and fails in one',
    );
    expect(cellCounts(0, 2, 4)).toBe('holds in the mean only in 2 of 6 cells and fails in four');
    expect(cellCounts(5, 1, 0)).toBe('holds in every seed in 5 of 6 cells and in the mean only in one');
  });

  it('counts the claims that hold everywhere, somewhere and nowhere, in words', () => {
    expect(claimsTally(map(ALONG_LOAD))).toBe(
      "Of Paper's 1 claim measured here, none holds in every seed wherever it is read, one holds only in some cells or only in the mean and none fails everywhere.",
    );
    expect(listText(['a', 'b', 'c'])).toBe('a, b and c');
  });

  it('says when a claim holds nowhere on the grid, and with what load', () => {
    const words = paperInWords(map([{ axes: { load: 0.1 }, changes: [0.1, 0.2, 0.1] }], undefined, uplinks));
    expect(words).toContain(
      "holds at no offered cross-rack load on this grid: it fails at 0.1 (+13 % at 0.1), where the rack uplinks' median and 95th-percentile load were 30 % and 50 %.",
    );
    expect(words).toContain('one holds nowhere on this grid');
  });

  it('names the headline claims the grid does not measure together, after those it measures', () => {
    const base = map(ALONG_LOAD, undefined, uplinks);
    const [measured] = base.claims;
    const unmeasured = (id: string, statement: string) => ({
      ...measured!,
      claim: { ...measured!.claim, id, statement },
      outcomes: measured!.outcomes.map((o) => ({ ...o, verdict: 'unmeasured' as const })),
    });
    const words = paperInWords({
      ...base,
      claims: [unmeasured('a', 'A is faster'), ...base.claims, unmeasured('b', 'B is fairer')],
      headline: ['a', measured!.claim.id, 'b'],
    });
    expect(words).toMatch(
      /holds in every seed at offered cross-rack load 0\.1–0\.3.*Not measured on this grid: “A is faster” and “B is fairer”\. Under the /,
    );
  });

  it('groups the readings by what they do: turn a headline verdict, move figures, or nothing, one sentence each', () => {
    const at = (reading: string, changes: readonly number[]): Cell => ({
      axes: { load: 0.1, reading },
      changes,
    });
    const base = [-0.1, -0.11, -0.12];
    const words = readingsInWords(
      map(
        [
          at('paper', base),
          at('pause', [0.05, 0.06, 0.04]),
          at('skip', [0.05, 0.07, 0.04]),
          at('reset', [-0.3, -0.31, -0.33]),
          at('literal', base),
          at('relaxed', base),
        ],
        'reading',
      ),
    );
    expect(words).toBe(
      "Two of Paper's five other readings (pause and skip) each change the verdict of a headline claim in some cells; see Readings. One of Paper's five other readings (reset) moves some results beyond the seed spread but no headline verdict. Two of Paper's five other readings (literal and relaxed) move no result beyond the seed spread.",
    );
    expect(readingsInWords(map([at('paper', base), at('bytes', base), at('drop', base)], 'reading'))).toBe(
      "Both of Paper's other readings (bytes and drop) move no result beyond the seed spread.",
    );
  });
});
