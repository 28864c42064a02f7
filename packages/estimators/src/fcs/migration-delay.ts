import { requireFraction, requireInteger } from '../internal/arguments.js';

/**
 * FCS §4 (Algorithm 2 line 11), after delay scheduling: a preempted reduce is migrated
 * once it has been passed over more than `D` times, with
 * `D ≈ −M · ln((1 − L) / (1 + (1 − L)))` for `M` nodes and expected data locality `L`.
 * The paper's example: `M = 20`, `L = 0.95` gives `D ≈ 61` (60.9; its experiments use 60).
 *
 * Returns the real value; `L = 1` gives `+Infinity` (never migrate), `L = 0` gives
 * `M · ln 2`.
 * @throws Error when `nodes` is not an integer ≥ 1 or `expectedLocality` is outside [0, 1].
 */
export function migrationDelay(nodes: number, expectedLocality: number): number {
  requireInteger(nodes, 'migrationDelay: nodes', 1);
  requireFraction(expectedLocality, 'migrationDelay: expectedLocality');
  const miss = 1 - expectedLocality;
  return -nodes * Math.log(miss / (1 + miss));
}
