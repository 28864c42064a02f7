/**
 * Registers a paper of two cells on the `tiny` preset — loss model off and `incast` — for
 * the tests of running, resuming and sharding grids. Test code only (never built, never
 * published).
 */
import { registerPaperClaims } from '../src/claim-registry.js';
import { OFFERED_LOAD_AXIS } from '../src/load-steps.js';
import { type Claim, crossCells, lossCell, presetCell } from '../src/paper-claims.js';

export function registerTinyLossPaper(
  paper: string,
  policies: readonly string[],
  seeds: readonly number[],
  claims: readonly Claim[] = [],
): void {
  registerPaperClaims({
    paper,
    title: paper,
    preset: 'tiny',
    policies,
    claims,
    quickGrid: () => ({
      cells: crossCells([[presetCell('tiny')], [lossCell('none'), lossCell('incast')]]),
      seeds,
      description: 'two cells',
    }),
    fullGrid: () => ({ cells: [], seeds: [1], description: 'none' }),
    fullGridCost: 'seconds',
    loadAxis: OFFERED_LOAD_AXIS,
    headline: claims.map((c) => c.id),
  });
}
