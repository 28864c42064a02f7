import { buildTopology } from '@rackwise/topology';
import type { Fraction, NodeId, Seconds } from '@rackwise/types';
import { defaultPolicyRegistry } from './builtin-policies.js';
import { type ExperimentOverrides, applyOverrides } from './experiment-overrides.js';
import type { ExperimentPreset } from './experiment-preset.js';
import type { RunSeries } from './experiment-result.js';
import { runSimulationTask } from './internal/simulation-task.js';
import type { PolicyRegistry } from './policy-registry.js';
import { experimentPreset } from './preset-catalogue.js';
import { validatePreset } from './validate-preset.js';
import { type MeasuredWindow, steadyStateWindow } from './workload-recipe.js';

/** What to calibrate: a Poisson preset's arrival rate, for one base policy. */
export interface CalibrationOptions {
  /** A built-in preset's name or a preset; its workload must be a Poisson stream with a steady state. */
  readonly preset: string | ExperimentPreset;
  /** The base policy that should reach the target (ShuffleWatcher §4.3: Delay). */
  readonly policy: string;
  /** Slot utilisation to reach in the steady state, of the busier slot kind. Default 0.9. */
  readonly target?: Fraction;
  readonly seed?: number;
  /** Steady-state hours of each probe run; default 1 (ramps stay the preset's). */
  readonly hours?: number;
  /** Probe runs after the two bounds; default 6. */
  readonly iterations?: number;
  /** Range of mean inter-arrival times searched, seconds; default [1, 400]. */
  readonly bounds?: readonly [Seconds, Seconds];
  readonly overrides?: ExperimentOverrides;
  readonly registry?: PolicyRegistry;
  readonly onStep?: (step: CalibrationStep) => void;
}

/** One probe: an arrival rate and the utilisation the base policy reached with it. */
export interface CalibrationStep {
  readonly meanInterarrival: Seconds;
  /** Mean share of map (or generic) slots busy in the steady state. */
  readonly mapUtilisation: Fraction;
  /** Mean share of reduce slots busy in the steady state (split slots; NaN with containers). */
  readonly reduceUtilisation: Fraction;
  /** The larger of the two: the utilisation compared with the target. */
  readonly utilisation: Fraction;
}

/** The calibrated operating point. */
export interface CalibrationResult {
  readonly preset: string;
  readonly policy: string;
  readonly target: Fraction;
  readonly seed: number;
  /** The slowest arrival rate probed at which the policy reached the target (or the nearest bound). */
  readonly meanInterarrival: Seconds;
  readonly utilisation: Fraction;
  /** Whether the target was reached inside the bounds. */
  readonly reached: boolean;
  readonly steps: readonly CalibrationStep[];
}

/**
 * Mean busy share of the slots in the steady window, from a run's series: running maps
 * over map-capable slots, running reduces over reduce slots (split slots) — the
 * utilisation ShuffleWatcher §4.3 sets its arrival rate by ("to utilize the cluster
 * maximally for the base case").
 */
export function steadySlotUtilisation(
  series: RunSeries,
  window: MeasuredWindow,
  slots: { readonly map: number; readonly reduce: number; readonly container: number },
): { readonly map: Fraction; readonly reduce: Fraction } {
  let maps = 0;
  let reduces = 0;
  let samples = 0;
  series.time.forEach((t, i) => {
    if (t < window.from || t >= window.to) return;
    maps += series.runningMaps[i] ?? 0;
    reduces += series.runningReduces[i] ?? 0;
    samples++;
  });
  if (samples === 0) return { map: Number.NaN, reduce: Number.NaN };
  if (slots.container > 0) return { map: (maps + reduces) / samples / slots.container, reduce: Number.NaN };
  return { map: maps / samples / slots.map, reduce: reduces / samples / slots.reduce };
}

/**
 * Finds the arrival rate at which `policy` keeps the cluster's slots `target` busy in
 * the steady state: a bisection on the logarithm of the mean inter-arrival time (the
 * utilisation falls as arrivals thin out), probing one simulation at a time. Returns the
 * slowest rate probed that reached the target. A point found this way is set by the
 * base policy's load, never by a result a paper reports.
 * @throws Error when the preset has no Poisson steady state or an option is out of range.
 */
export function calibrateArrivalRate(options: CalibrationOptions): CalibrationResult {
  const registry = options.registry ?? defaultPolicyRegistry();
  const base = typeof options.preset === 'string' ? experimentPreset(options.preset) : options.preset;
  if (steadyStateWindow(base.workload) === undefined) {
    throw new Error(
      `calibrate: preset ${base.name} has no Poisson arrivals with a steady state to calibrate`,
    );
  }
  const hours = options.hours ?? 1;
  const preset = validatePreset(applyOverrides(base, { ...options.overrides, hours }), registry);
  const recipe = preset.workload;
  const window = steadyStateWindow(recipe);
  if (recipe.kind !== 'poisson-mix' || window === undefined) {
    throw new Error(
      `calibrate: preset ${preset.name} has no Poisson arrivals with a steady state to calibrate`,
    );
  }
  if (!registry.has(options.policy)) {
    throw new Error(
      `calibrate: unknown policy ${JSON.stringify(options.policy)}; known: ${registry.names().join(', ')}`,
    );
  }
  const target = options.target ?? 0.9;
  if (!(target > 0 && target <= 1)) throw new Error(`calibrate: target must be in (0, 1], got ${target}`);
  const [low, high] = options.bounds ?? [1, 400];
  if (!(low > 0 && high > low))
    throw new Error(`calibrate: bounds must be 0 < low < high, got [${low}, ${high}]`);
  const iterations = options.iterations ?? 6;
  const seed = options.seed ?? 1;
  const slots = slotCounts(preset);
  const steps: CalibrationStep[] = [];

  const probe = (meanInterarrival: Seconds): CalibrationStep => {
    const probed: ExperimentPreset = { ...preset, workload: { ...recipe, meanInterarrival } };
    const run = runSimulationTask({ preset: probed, policy: options.policy, seed }, registry);
    const u = steadySlotUtilisation(run.series, window, slots);
    const step = {
      meanInterarrival,
      mapUtilisation: u.map,
      reduceUtilisation: u.reduce,
      utilisation: Math.max(u.map, Number.isNaN(u.reduce) ? 0 : u.reduce),
    };
    steps.push(step);
    options.onStep?.(step);
    return step;
  };

  const done = (step: CalibrationStep, reached: boolean): CalibrationResult => ({
    preset: preset.name,
    policy: options.policy,
    target,
    seed,
    meanInterarrival: step.meanInterarrival,
    utilisation: step.utilisation,
    reached,
    steps,
  });

  const slow = probe(high);
  if (slow.utilisation >= target) return done(slow, true);
  let fast = probe(low);
  if (fast.utilisation < target) return done(fast, false);
  let slower = high;
  for (let i = 0; i < iterations; i++) {
    const mid = Math.sqrt(fast.meanInterarrival * slower);
    const step = probe(mid);
    if (step.utilisation >= target) fast = step;
    else slower = mid;
  }
  return done(fast, true);
}

function slotCounts(preset: ExperimentPreset): { map: number; reduce: number; container: number } {
  const topology = buildTopology(preset.topology);
  let map = 0;
  let reduce = 0;
  let container = 0;
  for (let n = 0; n < topology.nodeCount; n++) {
    map += topology.slotsOf(n as NodeId, 'map');
    reduce += topology.slotsOf(n as NodeId, 'reduce');
    container += topology.slotsOf(n as NodeId, 'container');
  }
  return { map, reduce, container };
}
