/**
 * How many jobs a comparison's cells replay from each trace: the same window of two traces
 * can hold very different numbers of jobs (FB-2009's first 6 minutes hold a few, FB-2010's
 * hundreds), and a verdict on a few jobs says less. Read from the workload the first shared
 * cell builds for seed 1, as a run of it would.
 */
import { buildWorkload } from '@rackwise/experiments';
import { paperClaims, reproduciblePapers } from './claim-registry.js';
import { cellPreset, reproductionGrid } from './reproduce-grid.js';
import type { ReproductionMap } from './reproduce-paper.js';
import type { TraceComparison } from './trace-agreement.js';

/** The jobs of `map`'s cell `index` for seed 1, or undefined when no registered paper's grid has the cell. */
function cellJobs(map: ReproductionMap, index: number): number | undefined {
  if (!reproduciblePapers().includes(map.paper)) return undefined;
  const label = map.grid.cells[index]?.label;
  const paper = paperClaims(map.paper);
  const grid = reproductionGrid(paper, map.quick, {
    ...(map.trace === undefined ? {} : { trace: map.trace }),
    ...(map.loss === undefined ? {} : { loss: map.loss }),
  });
  const cell = grid.cells.find((c) => c.label === label);
  if (cell === undefined) return undefined;
  const preset = cellPreset(paper, cell, undefined, map.trace);
  return buildWorkload(preset.workload, preset.storage, 1).jobs.length;
}

/** The comparison with the jobs its first shared cell replays from each trace, where both can be read. */
export function withWindowJobs(comparison: TraceComparison): TraceComparison {
  const [i, j] = comparison.cells[0] ?? [-1, -1];
  const jobs = [cellJobs(comparison.maps[0], i), cellJobs(comparison.maps[1], j)] as const;
  if (jobs[0] === undefined || jobs[1] === undefined) return comparison;
  return { ...comparison, windowJobs: [jobs[0], jobs[1]] };
}
