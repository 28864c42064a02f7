import { resolveEngineParameters } from '@rackwise/engine';
import { describe, expect, it } from 'vitest';
import { paperClaims } from './claim-registry.js';
import { FCS_READINGS, FCS_WORK_CONSERVING } from './fcs-claims.js';
import { RATE_STEPS } from './load-steps.js';
import { claimApplies } from './paper-claims.js';
import { cellPreset, gridSimulations } from './reproduce-grid.js';

const paper = paperClaims('fcs');
const quick = paper.quickGrid();
const READINGS = ['segments', 'bytes', 'drop'];
const WORKLOADS = ['fcs-map-heavy', 'fcs-reduce-heavy', 'fcs-gridmix'];

describe('the FCS grids cross the readings of preemptedFetches', () => {
  it('run every workload at every rate step under each reading, in the quick grid and in the full one', () => {
    expect(FCS_READINGS.map((r) => r.axes.preemptedFetches)).toEqual(READINGS);
    const along = WORKLOADS.flatMap((w) => RATE_STEPS.flatMap((rate) => READINGS.map((r) => [w, rate, r])));
    expect(quick.cells.map((c) => [c.axes.preset, c.axes.rate, c.axes.preemptedFetches])).toEqual(along);
    for (const cell of quick.cells) expect(cellPreset(paper, cell).workload).toMatchObject({ jobs: 40 });
    const full = paper.fullGrid().cells;
    for (const loss of ['none', 'congestion-cost']) {
      const cells = full.filter((c) => c.axes.loss === loss);
      expect(cells.map((c) => [c.axes.preset, c.axes.rate, c.axes.preemptedFetches])).toEqual(along);
    }
  });

  it("bring each reading to the work-conserving policies' engine and leave the others' runs shared", () => {
    for (const cell of [...quick.cells, ...paper.fullGrid().cells]) {
      for (const policy of cell.policies ?? paper.policies) {
        const engine = resolveEngineParameters(cellPreset(paper, cell, policy).engine);
        const own = FCS_WORK_CONSERVING.includes(policy);
        expect(engine.preemptedFetches, `${cell.label} · ${policy}`).toBe(
          own ? cell.axes.preemptedFetches : 'segments',
        );
        expect(cellPreset(paper, cell, policy).engine.preemptedFetches).toBe(
          own ? cell.axes.preemptedFetches : undefined,
        );
        // The cell's other engine parameters reach every policy.
        expect(engine.congestionLoss).toBe(cell.axes.loss);
      }
    }
    // Per rate step: 10 policy runs of the three workloads, then fcs (map-heavy,
    // reduce-heavy, GridMix) and fcs-no-migration (GridMix) again under each of the two
    // other readings.
    const steps = RATE_STEPS.length;
    expect(gridSimulations('fcs', true)).toBe(steps * (10 + 2 * 4) * 5);
    expect(gridSimulations('fcs', false)).toBe(2 * steps * (10 + 2 * 4) * 10);
    expect(paper.fullGridCost).toMatch(/^2,160 simulations/);
  });

  it.each([
    ['FCS Table 2 (map-heavy)', 'fcs-map-heavy'],
    ['FCS Table 4 (reduce-heavy)', 'fcs-reduce-heavy'],
    ['FCS Fig. 7', 'fcs-gridmix'],
    ['FCS Fig. 6', 'fcs-gridmix'],
    ['FCS Fig. 15', 'fcs-gridmix'],
  ])('read the claims of %s under every reading of its workload', (figure, workload) => {
    const claims = paper.claims.filter((c) => c.figure === figure);
    expect(claims.length).toBeGreaterThan(0);
    for (const claim of claims) {
      const readIn = quick.cells.filter((cell) => claimApplies(claim, cell));
      expect(readIn.map((c) => [c.axes.preset, c.axes.rate, c.axes.preemptedFetches])).toEqual(
        RATE_STEPS.flatMap((rate) => READINGS.map((r) => [workload, rate, r])),
      );
    }
  });
});
