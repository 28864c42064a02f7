import { describe, expect, it } from 'vitest';
import { handMadeMap } from '../test/hand-made-map.js';
import { gridLines } from './map-text.js';

const nas = (seeds: readonly number[]) =>
  handMadeMap({ paper: 'nas', title: 'NAS', claims: [], cells: [], seeds, headline: [], change: () => 0 });

describe("a section's command", () => {
  it('names the seeds and loss settings the map ran with when they are not the grid’s own', () => {
    const [line] = gridLines({
      ...nas([1, 2, 3]),
      loss: ['none', 'congestion-cost'],
      only: { reading: 'x' },
    });
    expect(line).toMatch(
      /^`rackwise reproduce nas --quick --seeds 1,2,3 --loss none,congestion-cost --only reading=x` on /,
    );
    expect(gridLines(nas([1, 2, 3, 4, 5]))[0]).toMatch(/^`rackwise reproduce nas --quick` on /);
  });

  it('names the trace it replayed, so the command runs the same grid again', () => {
    expect(gridLines({ ...nas([1, 2, 3, 4, 5]), trace: 'fb2009' })[0]).toMatch(
      /^`rackwise reproduce nas --quick --trace fb2009` on preset `tiny`: /,
    );
  });
});
