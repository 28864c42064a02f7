import { ARRIVAL_RATE_AXIS, RATE_STEPS, rateCell } from './load-steps.js';
import type { Claim, GridCell, PaperClaims, ReproductionGrid } from './paper-claims.js';
import {
  FULL_GRID_LOSS,
  FULL_GRID_LOSS_WORDS,
  comparisonClaim,
  crossCells,
  lossCell,
  onlyIn,
  presetCell,
} from './paper-claims.js';

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

/** The policies that suspend reduces work-conservingly: the ones `preemptedFetches` changes. */
export const FCS_WORK_CONSERVING: readonly string[] = Object.freeze(['fcs', 'fcs-no-migration']);

/**
 * The readings of what a suspended reduce keeps of its fetches in flight (engine
 * `preemptedFetches`; §3.1 keeps "the shuffling status of all segments"): the map outputs
 * each had delivered whole (the engine's default), every delivered byte, or nothing (the
 * engine's behaviour before the option). HFS, HCS and kill-based FCS keep nothing of a
 * preempted reduce or preempt none, so their runs are shared across the readings.
 */
export const FCS_READINGS: readonly GridCell[] = Object.freeze(
  (['segments', 'bytes', 'drop'] as const).map(
    (preemptedFetches): GridCell => ({
      label: `preemptedFetches ${preemptedFetches}`,
      axes: { preemptedFetches },
      overrides: {},
      policyEngine: Object.fromEntries(FCS_WORK_CONSERVING.map((p) => [p, { preemptedFetches }])),
    }),
  ),
);

const RATES = RATE_STEPS.map(rateCell);

/** Jobs of each quick cell (FCS Fig. 15 runs 60 to 300; the presets, 171 and 130). */
const QUICK_JOBS = 40;

/**
 * Quick grid: the three workloads at every arrival-rate step with 40 jobs each, loss model
 * off, the three readings, five seeds.
 */
function fcsQuickGrid(): ReproductionGrid {
  const jobs: GridCell = {
    label: `${QUICK_JOBS} jobs`,
    axes: { jobs: QUICK_JOBS },
    overrides: { jobs: QUICK_JOBS },
  };
  return {
    cells: crossCells([WORKLOADS, [jobs], RATES, [lossCell('none')], FCS_READINGS]),
    seeds: [1, 2, 3, 4, 5],
    description: `fcs-map-heavy and fcs-reduce-heavy (Tables 1 and 3) with HFS, HCS and FCS; fcs-gridmix with HFS, FCS, kill-based FCS and FCS without migration; ${QUICK_JOBS} jobs each, arriving at ${RATE_STEPS.join(', ')} × the paper's rate (one job every 30 s); 45 nodes; loss model off; the three readings of what a suspended reduce keeps of its fetches in flight (\`preemptedFetches\` segments, the default, bytes and drop; HFS, HCS and kill-based FCS runs are shared across them); seeds 1–5`,
  };
}

/** Full grid: the three workloads with the presets' job counts at every rate step, loss model off and on, every reading, ten seeds. */
function fcsFullGrid(): ReproductionGrid {
  return {
    cells: crossCells([WORKLOADS, RATES, FULL_GRID_LOSS, FCS_READINGS]),
    seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    description: `fcs-map-heavy, fcs-reduce-heavy (171 jobs) and fcs-gridmix (130 jobs) at ${RATE_STEPS.join(', ')} × the paper's arrival rate; ${FULL_GRID_LOSS_WORDS}; the three readings; seeds 1–10`,
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
  loadAxis: ARRIVAL_RATE_AXIS,
  readingAxis: 'preemptedFetches',
  headline: [
    'fcs-fig-15fcs-vs-fair:executionTime.mean@fcs-gridmix',
    'fcs-table-2-map-heavy-fcs-vs-fair:executionTime.mean@fcs-map-heavy',
    'fcs-table-4-reduce-heavy-fcs-vs-fair:executionTime.mean@fcs-reduce-heavy',
  ],
  fullGridCost:
    "2,160 simulations (6 rate steps × 2 loss settings × the 18 policy runs of the three workloads — 5, 5 and 8, the readings included — × 10 seeds). With the presets' 171 and 130 jobs and loss off, fcs-map-heavy's 300 runs took 0.8 CPU-hours here (10 CPU-seconds a run) and fcs-reduce-heavy's 1.9 (23); fcs-gridmix's 480 1.1 (8): 3.8 CPU-hours with loss off. Under the congestion-cost term, with adaptive seeds (`--seeds adaptive`), fcs-map-heavy's part took 1.4 CPU-hours (290 runs, six of its 18 cells stopped at nine seeds), fcs-reduce-heavy's 1.9 (202 runs, 34 CPU-seconds a run: every cell decided after 4 to 8 seeds) and fcs-gridmix's 1.65 (480 runs: every cell took all ten, the migration claim undecided): 5.0 CPU-hours with the term on, 8.8 for the whole grid.",
});
