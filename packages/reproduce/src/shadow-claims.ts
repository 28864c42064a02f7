import { LOAD_STEPS, OFFERED_LOAD_AXIS, loadCell } from './load-steps.js';
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
const BENCH = { preset: 'shadow-bench' } as const;
const FB = { preset: 'shadow-fb' } as const;

/** The six applications of Shadow's Table 2, as `bySignature` names them. */
const APPLICATIONS = [
  'sequence-count',
  'ranked-inverted-index',
  'self-join',
  'terasort',
  'wordcount',
  'kmeans',
] as const;

/**
 * Shadow (Wu et al., IEEE TBD 2019) §6: Figs. 10, 12, 20 and 21 as comparisons of two
 * policies. The paper's −16.8 % is the mean of six normalised times; `executionTime.mean`
 * weights each application by its time (reported beside it per application).
 */
export const SHADOW_CLAIMS: readonly Claim[] = Object.freeze([
  onlyIn(
    claim(
      'Shadow Fig. 10',
      'Shadow has lower job execution time than Delay (six applications, mean −16.8 %)',
      'shadow',
      'delay',
      'executionTime.mean',
      'lower',
      -0.168,
    ),
    BENCH,
  ),
  ...APPLICATIONS.map((app) =>
    claim(
      'Shadow Fig. 10',
      `Shadow runs ${app} faster than Delay${app === 'sequence-count' ? ' (the largest gain, −26 %)' : ''}`,
      'shadow',
      'delay',
      `bySignature.${app}.executionTime`,
      'lower',
      app === 'sequence-count' ? -0.26 : undefined,
    ),
  ),
  onlyIn(
    claim(
      'Shadow Fig. 10',
      'Shadow has a lower makespan than Delay on the Facebook trace (−24 %)',
      'shadow',
      'delay',
      'makespan',
      'lower',
      -0.24,
    ),
    FB,
  ),
  onlyIn(
    claim(
      'Shadow Fig. 10',
      'Shadow has lower mean job execution time than Delay on the Facebook trace',
      'shadow',
      'delay',
      'executionTime.mean',
      'lower',
    ),
    FB,
  ),
  claim(
    'Shadow Fig. 12',
    'Shadow has lower job execution time than Even (up to −16.4 %)',
    'shadow',
    'even',
    'executionTime.mean',
    'lower',
  ),
  claim(
    'Shadow Fig. 20',
    'Shadow lowers cross-rack Skew against Delay (−49.8 %)',
    'shadow',
    'delay',
    'skew.mean',
    'lower',
    -0.498,
  ),
  claim(
    'Shadow Fig. 20',
    'Shadow lowers cross-rack Skew against KMN (−36.6 %)',
    'shadow',
    'kmn',
    'skew.mean',
    'lower',
    -0.366,
  ),
  claim(
    'Shadow Figs. 21–22',
    'KMN launches more additional tasks than Shadow',
    'kmn',
    'shadow',
    'duplicates.launched',
    'higher',
  ),
  claim(
    'Shadow Figs. 21–22',
    'Shadow has lower job execution time than KMN',
    'shadow',
    'kmn',
    'executionTime.mean',
    'lower',
  ),
]);

const rackLink = (gbps: number): GridCell => ({
  label: `rack links ${gbps} Gbps`,
  axes: { rackLinkGbps: gbps },
  overrides: { rackLinkGbps: gbps },
});

/** The Facebook sample at every load step, set by its rack links' capacity (Fig. 15's knob). */
const FB_LOADS = crossCells([[presetCell('shadow-fb')], LOAD_STEPS.map((l) => loadCell(l, 'rackLink'))]);

/**
 * The applications run each alone at Fig. 15's rack-link capacities: one job at a time
 * offers no load over an arrival window, so these cells sit off the load axis (their
 * uplinks' p95 says how hard each job pressed on them).
 */
const benchAt = (workload: string) =>
  crossCells([[presetCell(workload)], [rackLink(1), rackLink(2), rackLink(4)]]);

/** Quick grid: the Facebook sample at every load step and the six applications at 1, 2 and 4 Gbps, loss off, five seeds. */
function shadowQuickGrid(): ReproductionGrid {
  return {
    cells: crossCells([[...FB_LOADS, ...benchAt('shadow-bench')], [lossCell('none')]]),
    seeds: [1, 2, 3, 4, 5],
    description: `shadow-fb (50 FB-2010 jobs × 1/3) with its rack links set so that it offers ${LOAD_STEPS.join(', ')} of their capacity (2 Gbps, the paper's, offers about 0.5), and shadow-bench (the six Table 2 applications at 120 GB, each alone) at rack links of 1, 2 and 4 Gbps; 52 nodes in 4 racks; loss model off; seeds 1–5`,
  };
}

/** Full grid: as the quick one with TeraSort alone too, loss off and on, ten seeds. */
function shadowFullGrid(): ReproductionGrid {
  return {
    cells: crossCells([
      [...FB_LOADS, ...benchAt('shadow-bench'), ...benchAt('shadow-terasort')],
      FULL_GRID_LOSS,
    ]),
    seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    description: `shadow-fb at offered loads ${LOAD_STEPS.join(', ')} (set by its rack links), shadow-bench and shadow-terasort at rack links of 1, 2 and 4 Gbps (Fig. 15); ${FULL_GRID_LOSS_WORDS}; seeds 1–10`,
  };
}

/** `rackwise reproduce shadow`. */
export const SHADOW_PAPER: PaperClaims = Object.freeze({
  paper: 'shadow',
  title: 'Shadow (shuffle-aware map duplication), Hadoop testbed, Figs. 10, 12, 20–22',
  preset: 'shadow-bench',
  policies: ['delay', 'shadow', 'even', 'kmn'],
  claims: SHADOW_CLAIMS,
  quickGrid: shadowQuickGrid,
  fullGrid: shadowFullGrid,
  loadAxis: OFFERED_LOAD_AXIS,
  headline: [
    'shadow-fig-10shadow-vs-delay:executionTime.mean@shadow-fb',
    'shadow-fig-20shadow-vs-delay:skew.mean',
    'shadow-fig-10shadow-vs-delay:executionTime.mean@shadow-bench',
  ],
  fullGridCost:
    '960 simulations (12 cells — shadow-fb at 6 load steps, shadow-bench and shadow-terasort at rack links of 1, 2 and 4 Gbps — × 2 loss settings × 4 policies × 10 seeds), about a fifth of a CPU-second each: about 3 CPU-minutes.',
});
