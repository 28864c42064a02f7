import { defaultPolicyRegistry, experimentPreset, validatePreset } from '@rackwise/experiments';
import { describe, expect, it } from 'vitest';
import { paperClaims, registerPaperClaims, reproduciblePapers } from './claim-registry.js';
import { evaluateClaim } from './evaluate-claim.js';
import { OFFERED_LOAD_AXIS } from './load-steps.js';
import { NAS_PAPER } from './nas-claims.js';
import {
  type Claim,
  type GridCell,
  claimApplies,
  crossCells,
  lossCell,
  onlyIn,
  presetCell,
} from './paper-claims.js';
import { cellPreset, gridSimulations } from './reproduce-grid.js';
import { reproducePaper } from './reproduce-paper.js';
import { reproductionDocument } from './reproduction-markdown.js';

const claim = (expectation: Claim['expectation']): Claim => ({
  id: 'x',
  figure: 'Fig. 1',
  statement: 'a beats b',
  a: 'a',
  b: 'b',
  metric: 'm',
  expectation,
});
const runs = (a: readonly number[], b: readonly number[]) => ({
  policies: [
    { policy: 'a', runs: a.map((m) => ({ metrics: { m } })) },
    { policy: 'b', runs: b.map((m) => ({ metrics: { m } })) },
  ],
});

describe('evaluateClaim', () => {
  it('holds when every seed agrees, is mixed when only the mean does, fails otherwise', () => {
    expect(evaluateClaim(claim('higher'), runs([11, 12], [10, 10])).verdict).toBe('holds');
    expect(evaluateClaim(claim('higher'), runs([13, 9.9], [10, 10])).verdict).toBe('mixed');
    expect(evaluateClaim(claim('lower'), runs([13, 9.9], [10, 10])).verdict).toBe('fails');
    const o = evaluateClaim(claim('higher'), runs([11, 13], [10, 10]));
    expect(o.mean).toBeCloseTo(0.2, 12);
    expect(o.sd).toBeCloseTo(Math.SQRT2 * 0.1, 12);
  });

  it('reads similar within the tolerance and reports unmeasured metrics', () => {
    expect(evaluateClaim(claim('similar'), runs([10.4], [10])).verdict).toBe('holds');
    expect(evaluateClaim({ ...claim('similar'), tolerance: 0.01 }, runs([10.4], [10])).verdict).toBe('fails');
    expect(evaluateClaim(claim('higher'), runs([Number.NaN], [10])).verdict).toBe('unmeasured');
  });
});

describe('grids', () => {
  it('cross their axes and merge policy configuration field by field', () => {
    const a: GridCell[] = [
      { label: 'x1', axes: { x: 1 }, overrides: { policyConfig: { nas: { a: 1 } } } },
      { label: 'x2', axes: { x: 2 }, overrides: {} },
    ];
    const b: GridCell[] = [{ label: 'y', axes: { y: 'on' }, overrides: { policyConfig: { nas: { b: 2 } } } }];
    const cells = crossCells([a, b]);
    expect(cells.map((c) => c.label)).toEqual(['x1 · y', 'x2 · y']);
    expect(cells[0]?.overrides.policyConfig?.nas).toEqual({ a: 1, b: 2 });
    expect(cells[1]?.axes).toEqual({ x: 2, y: 'on' });
  });

  it('share the runs a reading leaves unchanged', () => {
    const quick = NAS_PAPER.quickGrid();
    const naive = quick.cells.length * NAS_PAPER.policies.length * quick.seeds.length;
    // Per load step: 7 policies under the default reading, then the four other readings
    // change 2 (pause-predicted), 2 (pause-before-slowstart), 4 (skip-prose) and 1 (delay-reset).
    const steps = quick.cells.length / 5;
    expect(steps).toBe(6);
    expect(gridSimulations('nas', true)).toBe(steps * (7 + 2 + 2 + 4 + 1) * quick.seeds.length);
    expect(gridSimulations('nas', true)).toBeLessThan(naive);
  });
});

describe('the ShuffleWatcher grids', () => {
  it('hold about 60 arrivals in the quick steady state at every load, and 4 hours in the full one', () => {
    const paper = paperClaims('shufflewatcher');
    const workload = (cell: GridCell) => {
      const w = cellPreset(paper, cell).workload;
      if (w.kind !== 'poisson-mix' || w.steadyState === undefined) throw new Error('not a steady state');
      return { interarrival: w.meanInterarrival, steady: w.steadyState };
    };
    const quick = paper.quickGrid().cells.map(workload);
    expect(quick).toHaveLength(6);
    for (const { interarrival, steady } of quick) {
      expect((steady.hours * 3600) / interarrival).toBeCloseTo(60, 0);
      expect(steady.rampUp).toBeGreaterThanOrEqual(300);
    }
    // Heavier steps arrive faster.
    const rates = quick.map((q) => 1 / q.interarrival);
    expect([...rates].sort((a, b) => a - b)).toEqual(rates);
    for (const cell of paper.fullGrid().cells) expect(workload(cell).steady.hours).toBe(4);
  });
});

describe('the claim registry and reproducePaper', () => {
  it('refuses a second paper of one name and names the known ones', () => {
    expect(() => registerPaperClaims(NAS_PAPER)).toThrow(/registered already/);
    expect(() => paperClaims('kmn')).toThrow(/known papers: nas, shufflewatcher, shadow, fcs/);
  });

  it('runs a registered paper over its grid and maps every claim', async () => {
    const cell: GridCell = { label: 'as is', axes: {}, overrides: {} };
    registerPaperClaims({
      paper: 'tiny-smoke',
      title: 'tiny smoke test',
      preset: 'tiny',
      policies: ['fair', 'delay'],
      claims: [
        { ...claim('similar'), a: 'delay', b: 'fair', metric: 'jobsCompleted', tolerance: 0 },
        { ...claim('higher'), a: 'delay', b: 'fair', metric: 'no.such.metric' },
      ],
      quickGrid: () => ({ cells: [cell], seeds: [1], description: 'one cell' }),
      fullGrid: () => ({ cells: [cell], seeds: [1, 2], description: 'one cell' }),
      fullGridCost: 'seconds',
      loadAxis: OFFERED_LOAD_AXIS,
      headline: [],
    });
    expect(reproduciblePapers()).toContain('tiny-smoke');
    const map = await reproducePaper({ paper: 'tiny-smoke', quick: true });
    expect(map.simulations).toBe(2);
    expect(map.claims[0]?.holds).toBe(1);
    expect(map.claims[1]?.unmeasured).toBe(1);
    const load = map.grid.cells[0]!.load;
    expect(load.slotUse).toBeGreaterThan(0);
    expect(load.slotUse).toBeLessThanOrEqual(1);
    expect(load.offered).toBeGreaterThan(0);
    expect(load.offeredMin).toBe(load.offered);
    expect(load.uplinkP95).toBeGreaterThanOrEqual(load.uplinkP50);
    const doc = reproductionDocument([map], 'rackwise reproduce tiny-smoke --quick');
    expect(doc).toContain('## tiny smoke test');
    expect(doc).toContain('| delay beats fair |'.replace('delay beats fair', 'a beats b'));
  });
});

describe('the registered papers', () => {
  const papers = ['nas', 'shufflewatcher', 'shadow', 'fcs'].map(paperClaims);
  const registry = defaultPolicyRegistry();

  it.each(papers.map((p) => [p.paper, p] as const))(
    '%s: claims name run policies and are read in some quick cell; grids have five seeds or more',
    (_, paper) => {
      const ids = paper.claims.map((c) => c.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const grid of [paper.quickGrid(), paper.fullGrid()]) {
        expect(grid.seeds.length).toBeGreaterThanOrEqual(5);
        expect(grid.cells.length).toBeGreaterThan(0);
        for (const cell of grid.cells) {
          for (const policy of cell.policies ?? []) expect(paper.policies).toContain(policy);
          // Every cell's preset exists and is valid with its overrides (throws otherwise).
          expect(() => validatePreset(cellPreset(paper, cell), registry)).not.toThrow();
        }
      }
      const quick = paper.quickGrid().cells;
      for (const claim of paper.claims) {
        expect(paper.policies).toContain(claim.a);
        expect(paper.policies).toContain(claim.b);
        expect(claim.a).not.toBe(claim.b);
        const readIn = quick.filter(
          (cell) =>
            claimApplies(claim, cell) &&
            [claim.a, claim.b].every((p) => (cell.policies ?? paper.policies).includes(p)),
        );
        expect(readIn.length, claim.id).toBeGreaterThan(0);
      }
      expect(() => experimentPreset(paper.preset)).not.toThrow();
    },
  );

  it('reads a claim only in the cells it names, and one on a policy a cell does not run as unmeasured', async () => {
    const claims: Claim[] = [
      onlyIn(
        { ...claim('similar'), a: 'delay', b: 'fair', metric: 'jobsCompleted', tolerance: 0 },
        { loss: 'none' },
      ),
      { ...claim('similar'), a: 'delay', b: 'fair', metric: 'jobsCompleted', tolerance: 0 },
    ];
    registerPaperClaims({
      paper: 'tiny-cells',
      title: 'tiny cells',
      preset: 'tiny',
      policies: ['fair', 'delay'],
      claims,
      quickGrid: () => ({
        cells: [
          ...crossCells([[presetCell('tiny')], [lossCell('none'), lossCell('incast')]]),
          ...crossCells([[{ ...presetCell('tiny', ['fair']), label: 'fair only' }], [lossCell('none')]]),
        ],
        seeds: [1],
        description: 'three cells',
      }),
      fullGrid: () => ({ cells: [], seeds: [1], description: 'none' }),
      fullGridCost: 'seconds',
      loadAxis: OFFERED_LOAD_AXIS,
      headline: [],
    });
    expect(gridSimulations('tiny-cells', true)).toBe(4);
    const map = await reproducePaper({ paper: 'tiny-cells', quick: true });
    expect(map.simulations).toBe(4);
    expect(map.claims[0]?.outcomes.map((o) => o.verdict)).toEqual(['holds', 'unmeasured', 'unmeasured']);
    expect(map.claims[1]?.outcomes.map((o) => o.verdict)).toEqual(['holds', 'holds', 'unmeasured']);
    expect(reproductionDocument([map], 'x')).toContain('| a beats b | `jobsCompleted` | ≈ | ✓ +0 % |');
  });

  it("runs a policy under the engine parameters its cell sets for it and shares the other policies' runs", async () => {
    const slow: GridCell = {
      label: 'slow delay',
      axes: { reading: 'slow' },
      overrides: {},
      policyEngine: { delay: { mapRate: 2e6 } },
    };
    const cells = crossCells([
      [presetCell('tiny')],
      [{ label: 'as is', axes: { reading: 'as-is' }, overrides: {} }, slow],
    ]);
    expect(cells[1]?.policyEngine).toEqual({ delay: { mapRate: 2e6 } });
    registerPaperClaims({
      paper: 'tiny-engine',
      title: 'tiny engine',
      preset: 'tiny',
      policies: ['fair', 'delay'],
      claims: [{ ...claim('higher'), a: 'delay', b: 'fair', metric: 'slotSeconds.map' }],
      quickGrid: () => ({ cells, seeds: [1], description: 'two cells' }),
      fullGrid: () => ({ cells: [], seeds: [1], description: 'none' }),
      fullGridCost: 'seconds',
      loadAxis: OFFERED_LOAD_AXIS,
      headline: [],
    });
    expect(gridSimulations('tiny-engine', true)).toBe(3);
    const map = await reproducePaper({ paper: 'tiny-engine', quick: true });
    expect(map.simulations).toBe(3);
    const [asIs, slowed] = map.claims[0]!.outcomes.map((o) => o.mean);
    // Maps at a fifth of the default rate hold delay's map slots longer; fair's run is the same in both cells.
    expect(Math.abs(asIs!)).toBeLessThan(0.5);
    expect(slowed!).toBeGreaterThan(1);
  });
});
