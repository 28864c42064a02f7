import type { Claim, GridCell, PaperClaims, ReproductionGrid } from './paper-claims.js';
import { comparisonClaim, crossCells, lossCell, onlyIn, presetCell } from './paper-claims.js';

const claim = comparisonClaim;

const MAP_HEAVY = { preset: 'fcs-map-heavy' } as const;
const REDUCE_HEAVY = { preset: 'fcs-reduce-heavy' } as const;
const GRIDMIX = { preset: 'fcs-gridmix' } as const;

type TablePolicy = 'fcs' | 'fair' | 'capacity';

/** The paper's names of the policies of Tables 2 and 4. */
const NAMES: Readonly<Record<TablePolicy, string>> = { fcs: 'FCS', fair: 'HFS', capacity: 'HCS' };

/**
 * One workload's Table 2 / Table 4 claims: FCS against HFS (`fair`) and HCS (`capacity`)
 * on mean execution time, maximum slowdown and ReduceTask wait; the paper's changes are
 * its table's means (FCS / HFS − 1).
 */
function tableClaims(
  figure: string,
  where: Readonly<Record<string, string>>,
  seconds: Readonly<Record<TablePolicy, number>>,
  slowdownChange: number,
): Claim[] {
  const time = (a: TablePolicy, b: TablePolicy): Claim =>
    claim(
      figure,
      `${NAMES[a]} has lower mean execution time than ${NAMES[b]} (${seconds[a]} vs ${seconds[b]} s)`,
      a,
      b,
      'executionTime.mean',
      'lower',
      seconds[a] / seconds[b] - 1,
    );
  return [
    time('fcs', 'fair'),
    time('fcs', 'capacity'),
    time('fair', 'capacity'),
    claim(
      figure,
      'FCS lowers the maximum slowdown against HFS',
      'fcs',
      'fair',
      'slowdown.max',
      'lower',
      slowdownChange,
    ),
    claim(
      figure,
      'FCS shortens the mean ReduceTask wait against HFS',
      'fcs',
      'fair',
      'reduceWaitTime.mean',
      'lower',
    ),
  ].map((c) => onlyIn(c, where));
}

/**
 * FCS (Preemptive ReduceTask scheduling, §5): Tables 2 and 4 with Figs. 8–14, and the
 * GridMix2 runs of Figs. 6, 7 and 15 at the preset's 130 jobs.
 */
export const FCS_CLAIMS: readonly Claim[] = Object.freeze([
  ...tableClaims('FCS Table 2 (map-heavy)', MAP_HEAVY, { fcs: 247, fair: 359, capacity: 1061 }, -0.667),
  ...tableClaims(
    'FCS Table 4 (reduce-heavy)',
    REDUCE_HEAVY,
    { fcs: 978, fair: 1364, capacity: 8829 },
    -0.352,
  ),
  onlyIn(
    claim(
      'FCS Fig. 7',
      'Work-conserving preemption has lower mean execution time than kill-based (Workload-2, 130 jobs)',
      'fcs',
      'fcs-kill',
      'executionTime.mean',
      'lower',
      -0.218,
    ),
    GRIDMIX,
  ),
  onlyIn(
    claim(
      'FCS Fig. 6',
      'Migrating reduces (D = 60) lowers mean execution time against no migration',
      'fcs',
      'fcs-no-migration',
      'executionTime.mean',
      'lower',
      -0.096,
    ),
    GRIDMIX,
  ),
  onlyIn(
    claim(
      'FCS Fig. 15',
      'FCS has lower mean execution time than HFS on GridMix2 (−10 % at 60 jobs, −28 % at 300)',
      'fcs',
      'fair',
      'executionTime.mean',
      'lower',
    ),
    GRIDMIX,
  ),
]);

const WORKLOADS: readonly GridCell[] = [
  presetCell('fcs-map-heavy', ['fair', 'capacity', 'fcs']),
  presetCell('fcs-reduce-heavy', ['fair', 'capacity', 'fcs']),
  presetCell('fcs-gridmix', ['fair', 'fcs', 'fcs-kill', 'fcs-no-migration']),
];

/** Quick grid: the three workloads as their presets run them (the paper's setting), five seeds. */
function fcsQuickGrid(): ReproductionGrid {
  return {
    cells: crossCells([WORKLOADS, [lossCell('none')]]),
    seeds: [1, 2, 3, 4, 5],
    description:
      'fcs-map-heavy and fcs-reduce-heavy (Tables 1 and 3: 171 jobs every 30 s) with HFS, HCS and FCS; fcs-gridmix (130 jobs every 30 s) with HFS, FCS, kill-based FCS and FCS without migration; 45 nodes, 1 Gbps non-blocking; loss model off; seeds 1–5',
  };
}

/** Full grid: the three workloads, loss model off and on, ten seeds. */
function fcsFullGrid(): ReproductionGrid {
  return {
    cells: crossCells([WORKLOADS, [lossCell('none'), lossCell('incast')]]),
    seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    description:
      'fcs-map-heavy, fcs-reduce-heavy and fcs-gridmix as in the quick grid; loss model off and on; seeds 1–10',
  };
}

/** `rackwise reproduce fcs`. */
export const FCS_PAPER: PaperClaims = Object.freeze({
  paper: 'fcs',
  title: 'FCS (Fair Completion Scheduler, preemptive ReduceTask), Tables 2 and 4, Figs. 6, 7, 15',
  preset: 'fcs-map-heavy',
  policies: ['fair', 'capacity', 'fcs', 'fcs-kill', 'fcs-no-migration'],
  claims: FCS_CLAIMS,
  quickGrid: fcsQuickGrid,
  fullGrid: fcsFullGrid,
  fullGridCost:
    '200 simulations (2 loss settings × 10 policy runs over the three workloads × 10 seeds). One seed of the three workloads took about 125 CPU-seconds here (the reduce-heavy run under HFS alone 32 s), so about 45 CPU-minutes with the loss model off and somewhat more with it on.',
});
