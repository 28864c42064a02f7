import type { EngineParameters } from '../engine-parameters.js';
import type { AttemptTable } from './attempt-table.js';

/** What job and task views read from the running engine. */
export interface EngineContext {
  readonly now: number;
  readonly attempts: AttemptTable;
  readonly parameters: EngineParameters;
  readonly rackOfNode: Int32Array;
  readonly rackCount: number;
  readonly nodeCount: number;
}
