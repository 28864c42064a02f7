import { describe, expect, it } from 'vitest';
import { handMadeMap } from '../test/hand-made-map.js';
import { type MapProvenance, gridModel, modelDifferences } from './map-provenance.js';
import { NAS_PAPER } from './nas-claims.js';
import { cpuText, provenanceLines, seedText } from './provenance-text.js';
import { reproductionGrid } from './reproduce-grid.js';
import { reproductionHtml } from './reproduction-html.js';
import { reproductionMapMarkdown } from './reproduction-markdown.js';

const nasQuick = reproductionGrid(NAS_PAPER, true);
const model = gridModel(NAS_PAPER, nasQuick);

/** NAS's quick map as it would be recorded, with the model given. */
const nasMap = (recorded: typeof model | undefined) => ({
  ...handMadeMap({
    paper: 'nas',
    title: 'NAS',
    claims: [],
    cells: [],
    seeds: [1, 2, 3],
    headline: [],
    change: () => 0,
  }),
  quick: true,
  ...(recorded === undefined
    ? {}
    : {
        provenance: {
          model: recorded,
          commit: 'abc123',
          traces: [{ name: 'fb2010', sha256: 'f00d' }],
          seeds: [1, 2, 3],
          cpuSeconds: 5400,
        },
      }),
});

describe('the network model of a grid', () => {
  it('resolves the presets: engine defaults under what the preset and the cells set', () => {
    expect(model).toMatchObject({
      network: true,
      flowModel: 'per-flow',
      resolveInterval: 0.01,
      betweenSolves: 'residual',
      linkGoodput: 1,
    });
    // The quick grid runs the loss model off only; a parameter its cells vary is a list.
    expect(model.congestionLoss).toBe('none');
    const full = gridModel(NAS_PAPER, reproductionGrid(NAS_PAPER, false));
    expect(full.congestionLoss).toEqual(['none', 'congestion-cost']);
  });

  it('finds no difference in a map that recorded the code’s model', () => {
    expect(modelDifferences(nasMap(model))).toEqual([]);
  });

  it('names every parameter a map recorded otherwise than the code gives it', () => {
    const moved = { ...model, resolveInterval: 0, linkGoodput: 0.964 };
    expect(modelDifferences(nasMap(moved))).toEqual([
      'resolveInterval: recorded 0, now 0.01',
      'linkGoodput: recorded 0.964, now 1',
    ]);
  });

  it('says nothing of a map that recorded no model, and its section says so', () => {
    expect(modelDifferences(nasMap(undefined))).toBeUndefined();
    expect(provenanceLines(nasMap(undefined))).toEqual([
      '- Network model: not recorded (ran before provenance was kept).',
      '- Commit: not recorded (ran before provenance was kept).',
      '- Trace: not recorded (ran before provenance was kept).',
      '- Seeds: 1–3.',
      "- CPU cost: not recorded (ran before provenance was kept); the run's own clock read 12 s of wall time.",
    ]);
  });

  it('writes a recorded provenance item by item', () => {
    const lines = provenanceLines(nasMap(model));
    expect(lines[0]).toContain('`resolveInterval` 0.01 s, `betweenSolves` residual');
    expect(lines.slice(1)).toEqual([
      '- Commit: `abc123`.',
      '- Trace: `fb2010` (SHA-256 `f00d`).',
      '- Seeds: 1–3.',
      "- CPU cost: 90 CPU-minutes (the simulations' wall time, each on one core: more than their CPU time on a loaded machine).",
    ]);
    const map = nasMap(model);
    const mixed = {
      ...map,
      provenance: { ...map.provenance!, cpuSeconds: 9000, cpuMeasured: true as const },
    };
    const cost = (p: Partial<MapProvenance>) =>
      provenanceLines({ ...mixed, provenance: { ...mixed.provenance, ...p } })[4];
    expect(cost({ wallCountedRuns: 3, wallCountedSeconds: 3600 })).toBe(
      "- CPU cost: 90 CPU-minutes of the simulations' CPU time, each on its thread, and 3 runs without it: 60 minutes of their wall time, longer than their CPU time on a loaded machine.",
    );
    expect(cost({ wallCountedRuns: 3 })).toBe(
      "- CPU cost: 2.5 CPU-hours (the simulations' CPU time, each on its thread; 3 runs without it counted by wall time, longer on a loaded machine).",
    );
    expect(seedText([1, 2, 4, 6, 7, 8])).toBe('1, 2, 4, 6–8');
    expect(cpuText(90)).toBe('90 CPU-seconds');
    expect(cpuText(600)).toBe('10 CPU-minutes');
  });

  it('is stated in the section of the Markdown and of the HTML page', () => {
    const map = nasMap(model);
    expect(reproductionMapMarkdown(map)).toContain('**Provenance.**\n\n- Network model: `network` true');
    const html = reproductionHtml([map], 'rackwise reproduce nas --quick');
    expect(html).toContain('<li>Commit: <code>abc123</code>.</li>');
    expect(html).toContain('<li>Trace: <code>fb2010</code> (SHA-256 <code>f00d</code>).</li>');
  });
});
