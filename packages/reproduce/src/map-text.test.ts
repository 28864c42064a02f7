import { describe, expect, it } from 'vitest';
import { handMadeMap } from '../test/hand-made-map.js';
import { gridLines, simulationsLine } from './map-text.js';

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

describe("a section's count of simulations", () => {
  const timed = { ...nas([1, 2, 3]), simulations: 480, wallSeconds: 3697.2, secondsPerSimulation: 7.7 };

  it('gives the average per simulation when the command ran them all', () => {
    expect(simulationsLine(timed)).toBe('480 simulations, 3697 s (7.7 s each on average).');
    expect(simulationsLine({ ...timed, simulatedNow: 480 })).toBe(simulationsLine(timed));
  });

  it('says how many a resumed command ran itself, and gives no average the kept runs would skew', () => {
    const line = simulationsLine({ ...timed, simulatedNow: 120 });
    expect(line).toBe(
      '480 simulations; the command that wrote this map ran 120 of them in 3697 s and read the other 360 from its results directory, kept by an earlier run.',
    );
    expect(line).not.toContain('on average');
  });
});
