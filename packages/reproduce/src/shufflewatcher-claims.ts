import type { ExperimentPreset } from '@rackwise/experiments';
import { LOAD_STEPS, OFFERED_LOAD_AXIS, loadCell } from './load-steps.js';
import type { Claim, GridCell, PaperClaims, ReproductionGrid } from './paper-claims.js';
import {
  FULL_GRID_LOSS,
  FULL_GRID_LOSS_WORDS,
  comparisonClaim,
  crossCells,
  lossCell,
} from './paper-claims.js';

const claim = comparisonClaim;

const THROUGHPUT = 'steadyState.throughput';
const TURNAROUND = 'steadyState.executionTime.mean';
const CROSS_RACK = 'steadyState.crossRackBytes';
const CLASSES = ['heavy', 'medium', 'light'] as const;
const classMetric = (c: string, m: string) => `steadyState.byClass.${c}.${m}`;

/** ShuffleWatcher §5.2–5.3: Fig. 8 (a)–(c) and the NASS / SARP / SAMP breakdown of Figs. 12–13. */
export const SHUFFLEWATCHER_CLAIMS: readonly Claim[] = Object.freeze([
  claim(
    'SW Fig. 8(a)',
    'SW-fair has higher throughput than Fair',
    'sw-fair',
    'fair',
    THROUGHPUT,
    'higher',
    0.39,
  ),
  claim(
    'SW Fig. 8(a)',
    'SW-relaxed has higher throughput than Delay',
    'sw-delay',
    'delay',
    THROUGHPUT,
    'higher',
    0.46,
  ),
  claim('SW Fig. 8(a)', 'SW-DRF has higher throughput than DRF', 'sw-drf', 'drf', THROUGHPUT, 'higher'),
  claim(
    'SW Fig. 8(b)',
    'SW-fair has lower turn-around time than Fair',
    'sw-fair',
    'fair',
    TURNAROUND,
    'lower',
    -0.27,
  ),
  claim(
    'SW Fig. 8(b)',
    'SW-relaxed has lower turn-around time than Delay',
    'sw-delay',
    'delay',
    TURNAROUND,
    'lower',
    -0.32,
  ),
  claim('SW Fig. 8(b)', 'SW-DRF has lower turn-around time than DRF', 'sw-drf', 'drf', TURNAROUND, 'lower'),
  claim(
    'SW Fig. 8(c)',
    'SW-fair moves fewer cross-rack bytes than Fair',
    'sw-fair',
    'fair',
    CROSS_RACK,
    'lower',
    -0.36,
  ),
  claim(
    'SW Fig. 8(c)',
    'SW-relaxed moves fewer cross-rack bytes than Delay',
    'sw-delay',
    'delay',
    CROSS_RACK,
    'lower',
    -0.48,
  ),
  claim('SW Fig. 8(c)', 'SW-DRF moves fewer cross-rack bytes than DRF', 'sw-drf', 'drf', CROSS_RACK, 'lower'),
  ...CLASSES.flatMap((c) => [
    claim(
      'SW Fig. 12',
      `NASS raises ${c} jobs' throughput over Fair`,
      'sw-nass',
      'fair',
      classMetric(c, 'throughput'),
      'higher',
    ),
    claim(
      'SW Fig. 12',
      `SARP adds ${c} jobs' throughput over NASS`,
      'sw-nass-sarp',
      'sw-nass',
      classMetric(c, 'throughput'),
      'higher',
    ),
    claim(
      'SW Fig. 12',
      `SAMP adds ${c} jobs' throughput over NASS+SARP`,
      'sw-fair',
      'sw-nass-sarp',
      classMetric(c, 'throughput'),
      'higher',
    ),
    claim(
      'SW Fig. 13',
      `NASS leaves ${c} jobs' cross-rack shuffle unchanged`,
      'sw-nass',
      'fair',
      classMetric(c, 'crossRackShuffleBytes'),
      'similar',
    ),
    claim(
      'SW Fig. 13',
      `SARP lowers ${c} jobs' cross-rack shuffle`,
      'sw-nass-sarp',
      'sw-nass',
      classMetric(c, 'crossRackShuffleBytes'),
      'lower',
      c === 'heavy' ? -0.16 : c === 'medium' ? -0.13 : -0.04,
    ),
    claim(
      'SW Fig. 13',
      `SAMP lowers ${c} jobs' cross-rack shuffle further`,
      'sw-fair',
      'sw-nass-sarp',
      classMetric(c, 'crossRackShuffleBytes'),
      'lower',
    ),
  ]),
  claim(
    'SW Fig. 13',
    "SAMP raises shuffle-heavy jobs' remote map traffic a little (~3 %)",
    'sw-fair',
    'sw-nass-sarp',
    classMetric('heavy', 'crossRackMapInputBytes'),
    'higher',
    0.03,
  ),
  claim(
    'SW Fig. 13',
    'NASS leaves total cross-rack traffic unchanged',
    'sw-nass',
    'fair',
    CROSS_RACK,
    'similar',
  ),
  claim(
    'SW Fig. 13',
    'NASS+SARP+SAMP lower total cross-rack traffic (36 %)',
    'sw-fair',
    'fair',
    CROSS_RACK,
    'lower',
    -0.36,
  ),
]);

const loss = lossCell;

/** Jobs the quick grid's steady state holds on average, at any load. */
const QUICK_STEADY_JOBS = 60;

/**
 * A grid axis value for the quick grid: a steady state long enough for
 * `QUICK_STEADY_JOBS` arrivals at the cell's rate, between ramps of a quarter of it (at
 * least 5 minutes). Applied after the load step, which sets the rate.
 */
const quickSteadyState: GridCell = {
  label: `steady state of ${QUICK_STEADY_JOBS} jobs`,
  axes: { steadyJobs: QUICK_STEADY_JOBS },
  overrides: {},
  preset: (p: ExperimentPreset) => {
    if (p.workload.kind !== 'poisson-mix') return p;
    const seconds = QUICK_STEADY_JOBS * p.workload.meanInterarrival;
    const ramp = Math.round(Math.max(300, seconds / 4));
    return {
      ...p,
      workload: {
        ...p.workload,
        steadyState: { hours: Number((seconds / 3600).toFixed(3)), rampUp: ramp, rampDown: ramp },
      },
    };
  },
};

const LOADS = LOAD_STEPS.map((l) => loadCell(l, 'interarrival'));

/**
 * Quick grid: at every load step, a steady state of about 60 arrivals between ramps, loss
 * model off, five seeds.
 */
function swQuickGrid(): ReproductionGrid {
  return {
    cells: crossCells([LOADS, [quickSteadyState], [loss('none')]]),
    seeds: [1, 2, 3, 4, 5],
    description: `sw-ec2 cluster and mix; the arrival rate set so that the stream offers ${LOAD_STEPS.join(', ')} of the rack uplinks' capacity (the preset's one job every 40 s offers 0.21; the rate calibrated for Delay at 90 % slot use, every 7.07 s, about 1.2); a steady state of about ${QUICK_STEADY_JOBS} arrivals between ramps of a quarter of it (the paper's is 4 hours, as in the full grid); loss model off; seeds 1–5`,
  };
}

function swFullGrid(): ReproductionGrid {
  return {
    cells: crossCells([LOADS, FULL_GRID_LOSS]),
    seeds: [1, 2, 3, 4, 5],
    description: `sw-ec2 as the paper ran it (4-hour steady state between 30-minute ramps); the arrival rate set so that the stream offers ${LOAD_STEPS.join(', ')} of the rack uplinks' capacity; ${FULL_GRID_LOSS_WORDS}; seeds 1–5`,
  };
}

/** `rackwise reproduce shufflewatcher`. */
export const SHUFFLEWATCHER_PAPER: PaperClaims = Object.freeze({
  paper: 'shufflewatcher',
  title: 'ShuffleWatcher, EC2 testbed, Figs. 8, 12 and 13',
  preset: 'sw-ec2',
  policies: ['fair', 'sw-fair', 'delay', 'sw-delay', 'drf', 'sw-drf', 'sw-nass', 'sw-nass-sarp'],
  claims: SHUFFLEWATCHER_CLAIMS,
  quickGrid: swQuickGrid,
  fullGrid: swFullGrid,
  loadAxis: OFFERED_LOAD_AXIS,
  headline: [
    'sw-fig-8-a-sw-fair-vs-fair:steadyState.throughput',
    'sw-fig-8-b-sw-fair-vs-fair:steadyState.executionTime.mean',
  ],
  fullGridCost:
    '480 simulations (6 load steps × 2 loss settings × 8 policies × 5 seeds) of a 4-hour steady state between 30-minute ramps: 7–9 CPU-seconds per run at load 0.5 and 26–33 at 1.2 here (DRF’s 113); the whole grid took 2.3 CPU-hours here.',
});
