import { LOAD_STEPS, OFFERED_LOAD_AXIS, loadCell, traceWindow } from './load-steps.js';
import type { Claim, GridCell, PaperClaims, ReproductionGrid } from './paper-claims.js';
import {
  FULL_GRID_LOSS,
  FULL_GRID_LOSS_WORDS,
  comparisonClaim,
  crossCells,
  lossCell,
} from './paper-claims.js';

const claim = comparisonClaim;

/** Each metric a claim is read on: the paper's definition first, then the honest forms. */
const THROUGHPUT = ['throughput', 'withoutDegenerate.throughput', 'throughputWhileArriving'];
const EXECUTION = ['executionTime.mean', 'withoutDegenerate.executionTimeMean'];
const OCCURRENCES = ['congestion.crossings', 'congestion.occurrences', 'congestion.linkSeconds'];
const CONGESTED_NODES = ['congestedNodes.share', 'mtsCongestedNodes.share'];

const over = (metrics: readonly string[], make: (metric: string) => Claim): Claim[] => metrics.map(make);

/** NAS §IV-B, Fig. 3 (a)–(g), as comparisons of two policies each. */
export const NAS_CLAIMS: readonly Claim[] = Object.freeze([
  ...(
    [
      ['fair', 0.569],
      ['delay', 0.458],
      ['sw-delay', 0.348],
    ] as const
  ).flatMap(([b, change]) =>
    over(THROUGHPUT, (m) =>
      claim('NAS Fig. 3(a)', `NAS has higher throughput than ${b}`, 'nas', b, m, 'higher', change),
    ),
  ),
  ...(
    [
      ['fair', -0.443],
      ['delay', -0.339],
      ['sw-delay', -0.254],
    ] as const
  ).flatMap(([b, change]) =>
    over(EXECUTION, (m) =>
      claim('NAS Fig. 3(b)', `NAS has lower mean job execution time than ${b}`, 'nas', b, m, 'lower', change),
    ),
  ),
  ...['fair', 'delay'].flatMap((b) => [
    claim(
      'NAS Fig. 3(c)',
      `NAS moves fewer cross-rack bytes than ${b}`,
      'nas',
      b,
      'crossRackBytes.total',
      'lower',
    ),
    claim(
      'NAS Fig. 3(c)',
      `SW-delay moves fewer cross-rack bytes than ${b}`,
      'sw-delay',
      b,
      'crossRackBytes.total',
      'lower',
    ),
  ]),
  claim(
    'NAS Fig. 3(c)',
    'MTS moves about as many cross-rack bytes as Delay',
    'nas-mts',
    'delay',
    'crossRackBytes.total',
    'similar',
  ),
  claim(
    'NAS Fig. 3(c)',
    'CA-RTS lowers cross-rack bytes over MTS',
    'nas-mts-ca',
    'nas-mts',
    'crossRackBytes.total',
    'lower',
  ),
  claim(
    'NAS Fig. 3(d)',
    'SW-delay has a higher MapProgressRate at first reduce than NAS',
    'sw-delay',
    'nas',
    'mapProgressAtFirstReduce',
    'higher',
  ),
  claim(
    'NAS Fig. 3(d)',
    'NAS has a higher MapProgressRate at first reduce than Delay',
    'nas',
    'delay',
    'mapProgressAtFirstReduce',
    'higher',
  ),
  claim(
    'NAS Fig. 3(d)',
    'Delay and Fair have about the same MapProgressRate at first reduce',
    'delay',
    'fair',
    'mapProgressAtFirstReduce',
    'similar',
  ),
  ...['fair', 'delay', 'sw-delay'].flatMap((b) =>
    over(CONGESTED_NODES, (m) =>
      claim('NAS Fig. 3(e)', `NAS has fewer congested nodes than ${b}`, 'nas', b, m, 'lower'),
    ),
  ),
  ...['fair', 'delay'].flatMap((b) =>
    over(CONGESTED_NODES, (m) =>
      claim('NAS Fig. 3(e)', `SW-delay has more congested nodes than ${b}`, 'sw-delay', b, m, 'higher'),
    ),
  ),
  ...['fair', 'delay'].flatMap((b) =>
    ['nas', 'sw-delay'].flatMap((a) =>
      over(OCCURRENCES, (m) =>
        claim('NAS Fig. 3(f)', `${a} has fewer cross-rack congestions than ${b}`, a, b, m, 'lower'),
      ),
    ),
  ),
  ...over(OCCURRENCES, (m) =>
    claim(
      'NAS Fig. 3(g)',
      'NAS without TrafficThreshold has more congestions than NAS (3901 vs 3198)',
      'nas-no-tt',
      'nas',
      m,
      'higher',
      3901 / 3198 - 1,
    ),
  ),
]);

const loss = lossCell;

/** The readings of NAS and Delay the grid crosses (package READMEs). */
export const NAS_READINGS: readonly GridCell[] = Object.freeze([
  { label: 'reading paper-default', axes: { reading: 'paper-default' }, overrides: {} },
  {
    label: 'reading pause-predicted',
    axes: { reading: 'pause-predicted' },
    overrides: {
      policyConfig: { nas: { mapPauseJobs: 'predicted' }, 'nas-no-tt': { mapPauseJobs: 'predicted' } },
    },
  },
  {
    label: 'reading pause-before-slowstart',
    axes: { reading: 'pause-before-slowstart' },
    overrides: {
      policyConfig: {
        nas: { mapPauseJobs: 'before-slowstart' },
        'nas-no-tt': { mapPauseJobs: 'before-slowstart' },
      },
    },
  },
  {
    label: 'reading skip-prose',
    axes: { reading: 'skip-prose' },
    overrides: {
      policyConfig: Object.fromEntries(
        ['nas', 'nas-mts', 'nas-mts-ca', 'nas-no-tt'].map((p) => [p, { skipCounterResets: 'prose' }]),
      ),
    },
  },
  {
    label: 'reading delay-reset',
    axes: { reading: 'delay-reset' },
    overrides: { policyConfig: { delay: { relaxedLevel: 'reset' } } },
  },
]);

/**
 * Quick grid: a 6-minute window at the start of the trace, its size scale set so that it
 * offers each of the load steps, loss model off, every reading, five seeds.
 */
function nasQuickGrid(): ReproductionGrid {
  return {
    cells: crossCells([
      [traceWindow(0, 0.1)],
      LOAD_STEPS.map((l) => loadCell(l, 'sizeScale')),
      [loss('none')],
      NAS_READINGS,
    ]),
    seeds: [1, 2, 3, 4, 5],
    description: `FB-2010 (or the trace given), the first 6 minutes of arrivals run to completion, nas-sim cluster; the size scale set so that the window offers ${LOAD_STEPS.join(', ')} of the rack uplinks' capacity; loss model off; the five readings; seeds 1–5`,
  };
}

/**
 * Full grid: three 30-minute windows (at the start, a third and two thirds of the trace),
 * each at every load step, loss model off and on, every reading, five seeds.
 */
function nasFullGrid(): ReproductionGrid {
  return {
    cells: crossCells([
      [0, 1 / 3, 2 / 3].map((at) => traceWindow(at, 0.5)),
      LOAD_STEPS.map((l) => loadCell(l, 'sizeScale')),
      FULL_GRID_LOSS,
      NAS_READINGS,
    ]),
    seeds: [1, 2, 3, 4, 5],
    description: `FB-2010 (or the trace given), 30-minute windows of arrivals from its start, a third and two thirds of its span (hours 0, 8 and 16 of FB-2010), each run to completion with the size scale set so that it offers ${LOAD_STEPS.join(', ')} of the rack uplinks' capacity; nas-sim cluster; ${FULL_GRID_LOSS_WORDS}; the five readings; seeds 1–5`,
  };
}

/** `rackwise reproduce nas`. */
export const NAS_PAPER: PaperClaims = Object.freeze({
  paper: 'nas',
  title: 'NAS (network-aware scheduler), trace-driven simulation, Fig. 3',
  preset: 'nas-sim',
  policies: ['fair', 'delay', 'sw-delay', 'nas-mts', 'nas-mts-ca', 'nas', 'nas-no-tt'],
  claims: NAS_CLAIMS,
  quickGrid: nasQuickGrid,
  fullGrid: nasFullGrid,
  loadAxis: OFFERED_LOAD_AXIS,
  readingAxis: 'reading',
  headline: [
    'nas-fig-3-b-nas-vs-fair:executionTime.mean',
    'nas-fig-3-a-nas-vs-fair:throughput',
    'nas-fig-3-b-nas-vs-delay:executionTime.mean',
  ],
  fullGridCost:
    '2,880 simulations (3 windows × 6 load steps × 2 loss settings × 16 policy runs — the 7 policies and the 9 runs the four other readings change — × 5 seeds). At the preset’s 10 ms a run of the first 30-minute window costs about 8 CPU-seconds here at load 0.1 and 0.3, 15 at 0.5, 22 at 0.7, 27 at 0.9 and 29 at 1.2 (medians over its runs; 18 on average), so about 2.4 CPU-hours for that window with loss off (`--only window=0+0.5h,loss=none`; the committed map of it took 4.1 on an earlier, slower build). Under the congestion-cost term each window costs about twice as much: measured, hour 0 took 4.6 CPU-hours, hour 8 1.61 against 0.84 without the term, hour 16 1.29 against 0.62. So about 11 CPU-hours in all on FB-2010. FB-2009 is lighter: its three windows took 0.17, 0.58 and 0.65 CPU-hours with loss off and 0.75, 1.28 and 0.98 under the term, 4.4 CPU-hours for its whole grid.',
});
