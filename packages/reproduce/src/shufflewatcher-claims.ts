import { type ExperimentPreset, SW_EC2_CALIBRATED_INTERARRIVAL } from '@rackwise/experiments';
import type { Claim, GridCell, PaperClaims, ReproductionGrid } from './paper-claims.js';
import { comparisonClaim, crossCells, lossCell } from './paper-claims.js';

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

/** Arrival rates: the preset's, and the rate `rackwise calibrate` found for Delay at 90 % of the slots. */
const rate = (label: string, meanInterarrival: number | undefined): GridCell => ({
  label: `arrivals ${label}`,
  axes: { meanInterarrival: meanInterarrival ?? 'preset' },
  overrides: {},
  ...(meanInterarrival === undefined
    ? {}
    : {
        preset: (p: ExperimentPreset) =>
          p.workload.kind === 'poisson-mix' ? { ...p, workload: { ...p.workload, meanInterarrival } } : p,
      }),
});

const loss = lossCell;

/** A shorter steady state between shorter ramps, for the quick grid (the axis `steadyHours`). */
const shortSteadyState = (cell: GridCell, hours: number, ramp: number): GridCell => ({
  ...cell,
  axes: { ...cell.axes, steadyHours: hours },
  preset: (p) => {
    const q = cell.preset === undefined ? p : cell.preset(p);
    return q.workload.kind === 'poisson-mix'
      ? { ...q, workload: { ...q.workload, steadyState: { hours, rampUp: ramp, rampDown: ramp } } }
      : q;
  },
});

/**
 * Quick grid: 30 minutes of steady state at the preset's rate (one job every 40 s,
 * about 45 jobs measured) and 15 minutes at the calibrated rate (every 7.07 s, about
 * 130 jobs measured), where one simulation costs 8–12 CPU-seconds instead of 16–25.
 */
function swQuickGrid(): ReproductionGrid {
  return {
    cells: crossCells([
      [
        shortSteadyState(rate('preset', undefined), 0.5, 900),
        shortSteadyState(rate('calibrated', SW_EC2_CALIBRATED_INTERARRIVAL), 0.25, 450),
      ],
      [loss('none'), loss('incast')],
    ]),
    seeds: [1, 2, 3, 4, 5],
    description:
      "sw-ec2 cluster and mix; the preset's arrival rate (one job every 40 s) with a 30-minute steady state between 15-minute ramps, and the rate calibrated for Delay at 90 % slot use (every 7.07 s) with a 15-minute steady state between 7.5-minute ramps (the paper's is 4 hours, as in the full grid); loss model off and on; seeds 1–5",
  };
}

function swFullGrid(): ReproductionGrid {
  return {
    cells: crossCells([
      [rate('preset', undefined), rate('calibrated', SW_EC2_CALIBRATED_INTERARRIVAL)],
      [loss('none'), loss('incast')],
    ]),
    seeds: [1, 2, 3, 4, 5],
    description:
      "sw-ec2 as the paper ran it (4-hour steady state); the preset's arrival rate and the rate calibrated for Delay at 90 % slot use; loss model off and on; seeds 1–5",
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
  fullGridCost:
    '160 simulations (2 arrival rates × 2 loss settings × 8 policies × 5 seeds) of a 4-hour steady state between 30-minute ramps. A 1-hour steady state at the calibrated rate took about 20 CPU-seconds per run while calibrating, one at 40 s about 8, so the full grid costs about 2–3 CPU-hours on this machine.',
});
