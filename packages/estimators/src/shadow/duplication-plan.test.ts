import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { planDuplicates } from './duplication-plan.js';
import { taskCountSkew } from './link-loads.js';

const spread = (counts: readonly number[]) => Math.max(...counts) - Math.min(...counts);

describe('planDuplicates (Shadow Algorithm 1)', () => {
  test('Fig. 6: {4,1,1} takes two duplicates from rack 1 to {2,2,2}; count Skew 4 → 1', () => {
    const plan = planDuplicates([4, 1, 1]);
    expect(plan.moves).toEqual([
      { from: 0, to: 1 },
      { from: 0, to: 2 },
    ]);
    expect(plan.distribution).toEqual([2, 2, 2]);
    expect(plan.stoppedBy).toBe('balanced');
    expect(taskCountSkew([4, 1, 1], [1, 1, 1])).toBe(4);
    expect(taskCountSkew(plan.distribution, [1, 1, 1])).toBe(1);
  });

  test('the threshold caps the duplicates: one allowed leaves {3,2,1}', () => {
    const plan = planDuplicates([4, 1, 1], { maxDuplicates: 1 });
    expect(plan.distribution).toEqual([3, 2, 1]);
    expect(plan.moves).toHaveLength(1);
    expect(plan.stoppedBy).toBe('threshold');
    expect(planDuplicates([4, 1, 1], { maxDuplicates: 0 }).moves).toHaveLength(0);
  });

  test('already balanced, empty and single-rack inputs need nothing', () => {
    expect(planDuplicates([3, 2, 3]).moves).toEqual([]);
    expect(planDuplicates([]).distribution).toEqual([]);
    expect(planDuplicates([9]).moves).toEqual([]);
  });

  test('bad input is refused', () => {
    expect(() => planDuplicates([1, -1])).toThrow(/mapsPerRack\[1\]/);
    expect(() => planDuplicates([1, 1], { maxDuplicates: 1.5 })).toThrow(/maxDuplicates/);
  });

  test.prop([
    fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 1, maxLength: 10 }),
    fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  ])('never widens the spread, keeps the total, stops at the threshold or balanced', (counts, cap) => {
    const plan = planDuplicates(counts, cap === undefined ? {} : { maxDuplicates: cap });
    const replay = [...counts];
    let previous = spread(replay);
    for (const move of plan.moves) {
      expect(replay[move.from]).toBe(Math.max(...replay));
      expect(replay[move.to]).toBe(Math.min(...replay));
      replay[move.from]! -= 1;
      replay[move.to]! += 1;
      expect(spread(replay)).toBeLessThanOrEqual(previous);
      previous = spread(replay);
    }
    expect(plan.distribution).toEqual(replay);
    expect(replay.reduce((a, b) => a + b, 0)).toBe(counts.reduce((a, b) => a + b, 0));
    if (cap !== undefined) expect(plan.moves.length).toBeLessThanOrEqual(cap);
    if (plan.stoppedBy === 'threshold') {
      expect(plan.moves.length).toBe(cap);
      expect(spread(replay)).toBeGreaterThan(1);
    } else {
      expect(spread(replay)).toBeLessThanOrEqual(1);
    }
  });
});
