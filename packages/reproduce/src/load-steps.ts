import { type ExperimentPreset, applyOverrides, buildWorkload } from '@rackwise/experiments';
import { offeredShuffleLoad } from '@rackwise/metrics';
import { buildTopology } from '@rackwise/topology';
import type { RackId } from '@rackwise/types';
import type { GridCell, LoadAxis } from './paper-claims.js';

/**
 * The offered loads of a paper's load grid: from light through saturation, as the map's
 * first axis (`load.offered`: cross-rack shuffle bytes offered per second of the arrival
 * window over the rack uplinks' capacity).
 */
export const LOAD_STEPS: readonly number[] = Object.freeze([0.1, 0.3, 0.5, 0.7, 0.9, 1.2]);

/** The axis of `loadCell`s. */
export const OFFERED_LOAD_AXIS: LoadAxis = Object.freeze({
  axis: 'load',
  label: 'offered cross-rack load',
});

/**
 * The seeds a step's knob is set on. A Poisson stream's offered load varies with its seed
 * and a sample of a trace's jobs (shadow-fb) with the jobs drawn, heavy-tailed: one seed
 * holding a huge job can offer several times the others. So the knob brings the median
 * over these seeds to the target, and the cells' own seeds measure the load they got.
 */
export const CALIBRATION_SEEDS: readonly number[] = Object.freeze([1, 2, 3, 4, 5]);

/**
 * What sets a step's load: the trace's size scale (bytes scale, arrivals stay), the mean
 * inter-arrival time of a Poisson stream (more jobs of the same mix per second), or the
 * rack links' capacity (the same bytes over thinner or wider links).
 */
export type LoadKnob = 'sizeScale' | 'interarrival' | 'rackLink';

const cache = new Map<string, number>();

/** The median of some numbers (NaN for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * Offered cross-rack shuffle load of a preset's workload: the median over
 * `CALIBRATION_SEEDS` of the engine's `offeredShuffleLoad` (no simulation: it is a property
 * of the workload and the cluster).
 */
export function offeredLoadOf(preset: ExperimentPreset): number {
  const key = JSON.stringify([preset.workload, preset.storage, preset.topology, preset.engine.linkGoodput]);
  const known = cache.get(key);
  if (known !== undefined) return known;
  const topology = buildTopology(preset.topology);
  const offered = median(
    CALIBRATION_SEEDS.map((seed) => {
      const workload = buildWorkload(preset.workload, preset.storage, seed);
      return offeredShuffleLoad(workload.jobs, topology, preset.engine.linkGoodput ?? 1).offered;
    }),
  );
  cache.set(key, offered);
  return offered;
}

/** Rounds a knob to 4 significant digits, so a cell's configuration reads well and caches. */
const round = (x: number) => Number(x.toPrecision(4));

/**
 * The preset with its knob set so that its workload offers `target` (`offeredLoadOf`).
 * Size scale and rack links act exactly in proportion; the inter-arrival time redraws the
 * jobs, so it is set by three fixed-point steps.
 * @throws Error when the knob does not apply to the preset or its load is not positive.
 */
export function presetAtLoad(preset: ExperimentPreset, target: number, knob: LoadKnob): ExperimentPreset {
  const offered = offeredLoadOf(preset);
  if (!(offered > 0)) {
    throw new Error(`presetAtLoad: preset ${preset.name} offers no cross-rack shuffle load (${offered})`);
  }
  if (knob === 'sizeScale') {
    const scale = preset.workload.kind === 'recorded-trace' ? undefined : (preset.workload.sizeScale ?? 1);
    if (scale === undefined) throw new Error(`presetAtLoad: preset ${preset.name} has no size scale`);
    return applyOverrides(preset, { sizeScale: round((scale * target) / offered) });
  }
  if (knob === 'rackLink') {
    const topology = buildTopology(preset.topology);
    const gbps = topology.rackUplinkCapacity(0 as RackId) / 1e9;
    return applyOverrides(preset, { rackLinkGbps: round((gbps * offered) / target) });
  }
  let current = preset;
  for (let step = 0; step < 3; step++) {
    const workload = current.workload;
    if (workload.kind !== 'poisson-mix')
      throw new Error(`presetAtLoad: preset ${preset.name} is not a Poisson arrival stream`);
    const interarrival = round((workload.meanInterarrival * offeredLoadOf(current)) / target);
    current = { ...current, workload: { ...workload, meanInterarrival: interarrival } };
  }
  return current;
}

/**
 * A grid axis value: the cell's knob set so that its workload offers `target`
 * (`presetAtLoad`, applied after the cell's other changes). Its axis is `load`.
 */
export function loadCell(target: number, knob: LoadKnob): GridCell {
  return {
    label: `load ${target}`,
    axes: { load: target },
    overrides: {},
    preset: (preset) => presetAtLoad(preset, target, knob),
  };
}

/** The axis of `rateCell`s (FCS: its claims are about slots, so its steps are arrival rates). */
export const ARRIVAL_RATE_AXIS: LoadAxis = Object.freeze({
  axis: 'rate',
  label: "arrival rate × the paper's",
});

/** A grid axis value: the Poisson stream's arrival rate times `multiple` (mean inter-arrival over it). */
export function rateCell(multiple: number): GridCell {
  return {
    label: `rate ×${multiple}`,
    axes: { rate: multiple },
    overrides: {},
    preset: (preset) => {
      const workload = preset.workload;
      if (workload.kind !== 'poisson-mix')
        throw new Error(`rateCell: preset ${preset.name} is not a Poisson arrival stream`);
      return {
        ...preset,
        workload: { ...workload, meanInterarrival: round(workload.meanInterarrival / multiple) },
      };
    },
  };
}

/** The rate multiples of FCS's grid: from a quarter of the paper's rate to twice it. */
export const RATE_STEPS: readonly number[] = Object.freeze([0.25, 0.5, 0.75, 1, 1.5, 2]);

const spans = new Map<string, number>();

/** Hours from a trace's first submission to its last (the whole trace, as the preset replays it). */
function traceSpanHours(preset: ExperimentPreset): number {
  const workload = preset.workload;
  if (workload.kind !== 'swim-trace') throw new Error(`traceWindow: preset ${preset.name} replays no trace`);
  const { hours: _hours, fromHour: _from, ...whole } = workload;
  const key = JSON.stringify(whole);
  let span = spans.get(key);
  if (span === undefined) {
    const times = buildWorkload(whole, preset.storage, 1).jobs.map((j) => j.submitTime);
    span = (Math.max(...times) - Math.min(...times)) / 3600;
    spans.set(key, span);
  }
  return span;
}

/**
 * A grid axis value: `hours` of the trace's arrivals from `at` (a fraction of its span,
 * rounded to a tenth of an hour), run to completion. Its axis `window` is the start hour.
 */
export function traceWindow(at: number, hours: number): GridCell {
  const label = at === 0 ? `first ${hours} h` : `${hours} h from ${Math.round(at * 100)} % of the trace`;
  return {
    label,
    axes: { window: `${at === 0 ? 0 : at.toFixed(2)}+${hours}h` },
    overrides: {},
    preset: (preset) =>
      applyOverrides(preset, { fromHour: Number((at * traceSpanHours(preset)).toFixed(1)), hours }),
  };
}
