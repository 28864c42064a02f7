import { describe, expect, it } from 'vitest';
import { NAS_PAPER } from './nas-claims.js';
import { reproductionGrid } from './reproduce-grid.js';

describe('a grid under other loss settings', () => {
  it('runs every cell under each setting, with its label, axis value and engine override', () => {
    const own = reproductionGrid(NAS_PAPER, true);
    const grid = reproductionGrid(NAS_PAPER, true, { loss: ['none', 'congestion-cost'] });
    expect(own.cells.every((c) => c.axes.loss === 'none')).toBe(true);
    expect(grid.cells).toHaveLength(2 * own.cells.length);
    for (const [i, cell] of own.cells.entries()) {
      const [none, cost] = [grid.cells[2 * i]!, grid.cells[2 * i + 1]!];
      expect(none.label).toBe(cell.label);
      expect(cost.label).toBe(cell.label.replace('loss none', 'loss congestion-cost'));
      expect(cost.axes).toEqual({ ...cell.axes, loss: 'congestion-cost' });
      expect(cost.overrides.engine?.congestionLoss).toBe('congestion-cost');
      expect(none.overrides.engine?.congestionLoss).toBe('none');
    }
    expect(grid.description).toMatch(/loss settings none, congestion-cost instead of the grid's/);
  });

  it('replaces the full grid’s own settings rather than adding to them, and `only` picks among the new ones', () => {
    const full = reproductionGrid(NAS_PAPER, false);
    const cost = reproductionGrid(NAS_PAPER, false, { loss: ['congestion-cost'] });
    expect(cost.cells).toHaveLength(full.cells.length / 2);
    expect(new Set(cost.cells.map((c) => c.axes.loss))).toEqual(new Set(['congestion-cost']));
    const picked = reproductionGrid(NAS_PAPER, true, {
      loss: ['none', 'congestion-cost'],
      only: { loss: 'congestion-cost', reading: 'paper-default' },
    });
    expect(picked.cells.map((c) => c.axes.loss)).toEqual(picked.cells.map(() => 'congestion-cost'));
    expect(picked.cells.length).toBeGreaterThan(0);
  });

  it('refuses a grid without a loss axis and a setting given twice', () => {
    const noLoss = { ...NAS_PAPER, quickGrid: () => ({ ...NAS_PAPER.quickGrid(), cells: [] }) };
    expect(() => reproductionGrid(noLoss, true, { loss: ['none'] })).toThrow(/no loss axis/);
    expect(() => reproductionGrid(NAS_PAPER, true, { loss: ['none', 'none'] })).toThrow(/distinct/);
  });
});
