/**
 * The congestion-cost fits from the committed Linux figures (`--fit-cost`, no fabric): the
 * term (`congestion-cost.json`) and the forms weighed in rounds (`congestion-cost-forms.json`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { type Scenario, syntheticScenarios } from '../network/scenarios.js';
import { type FlowTimesFile, allToAllTimelines } from './all-to-all-timelines.js';
import type { KernelResults } from './collect.js';
import {
  SECOND_ROUND,
  type SecondRoundFile,
  engineReadingLastBytes,
  fitForms,
  predictLastBytes,
} from './congestion-cost-forms.js';
import { type CostFit, type CostPoint, costFit, linuxPoints } from './congestion-cost.js';
import { SECOND_ROUND_SCENARIOS } from './scenarios.js';

const HERE = new URL('./', import.meta.url).pathname;
const DOCS = new URL('../../docs/', import.meta.url).pathname;

export const FLOW_TIMES = `${HERE}all-to-all-flow-times.json`;

/** The committed per-flow times of the all-to-all runs, by `<scenario> · <setting>`. */
export function readFlowTimes(): FlowTimesFile {
  return existsSync(FLOW_TIMES)
    ? (JSON.parse(readFileSync(FLOW_TIMES, 'utf8')) as { runs: FlowTimesFile }).runs
    : {};
}

const COST_FIT = `${HERE}congestion-cost.json`;

/**
 * Fits the congestion-cost term on the committed Linux figures' calibration half and
 * judges it on the held-out half and on every ns-3 scenario; writes `congestion-cost.json`.
 */
export function writeCostFit(results: KernelResults, kernel: readonly Scenario[]): void {
  const fit = costFit(costPoints(results, kernel));
  writeFileSync(COST_FIT, `${JSON.stringify(fit, null, 1)}\n`);
  process.stderr.write(
    `congestion cost fitted: ${fit.fitted.windowSegments} segments, ${fit.fitted.roundBytes} bytes per round; calibration error ${(fit.calibrationError.exact * 100).toFixed(1)} % → ${(fit.calibrationError.cost * 100).toFixed(1)} %\n`,
  );
}

const COST_FORMS_FIT = `${HERE}congestion-cost-forms.json`;

/**
 * Fits each form of the term on the calibration half (`congestion-cost-forms.ts`), judges
 * each on the rest, and sets Linux's all-to-all timelines beside the term's; writes
 * `congestion-cost-forms.json`.
 */
export function writeCostForms(results: KernelResults, kernel: readonly Scenario[]): void {
  const points = costPoints(results, kernel);
  const term = JSON.parse(readFileSync(COST_FIT, 'utf8')) as CostFit;
  const forms = fitForms(points);
  const second = fitForms(points, SECOND_ROUND);
  const timelines = allToAllTimelines(results, points, term.fitted, readFlowTimes());
  const secondRound: SecondRoundFile = {
    calibrate: [...new Set(points.filter(SECOND_ROUND.calibrate).map((p) => p.scenario))],
    heldOut: [...SECOND_ROUND_SCENARIOS],
    timed: [...new Set(points.filter(SECOND_ROUND.heldOut).map((p) => `${p.scenario} · ${p.source}`))],
    tails: SECOND_ROUND.tails,
    forms: second,
    predictions: predictLastBytes(
      kernel.filter((s) => SECOND_ROUND_SCENARIOS.has(s.name)),
      second,
    ),
    engineReading: engineReadingLastBytes(kernel.filter((s) => s.family === 'all-to-all')),
  };
  // The third round fits nothing: its predictions stay as they were kept before its timings.
  const { thirdRound } = JSON.parse(readFileSync(COST_FORMS_FIT, 'utf8')) as { thirdRound?: unknown };
  writeFileSync(
    COST_FORMS_FIT,
    `${JSON.stringify({ date: new Date().toISOString(), forms, timelines, secondRound, thirdRound }, null, 1)}\n`,
  );
  for (const [round, fits] of [
    ['first round', forms],
    ['second round', second],
  ] as const) {
    for (const f of fits) {
      process.stderr.write(
        `${round}, ${f.form}: ${f.fitted.windowSegments} segments, ${f.fitted.roundBytes} bytes per round${f.fitted.tailRtos === undefined ? '' : `, k = ${f.fitted.tailRtos}`}; calibration error ${(f.calibrationError * 100).toFixed(1)} %\n`,
      );
    }
  }
}

/** The Linux points of the committed figures and every ns-3 point the term can be judged on. */
function costPoints(results: KernelResults, kernel: readonly Scenario[]): CostPoint[] {
  const points = linuxPoints(results, new Map(kernel.map((s) => [s.name, s])));
  const ns3 = JSON.parse(readFileSync(`${DOCS}network-validation/results.json`, 'utf8')) as {
    scenarios: { name: string; flows: number; references: Record<string, { lastByte: number }> }[];
  };
  const byName = new Map(syntheticScenarios(false).map((s) => [s.name, s]));
  for (const s of ns3.scenarios) {
    const scenario = byName.get(s.name);
    const reference = s.references['reno-200ms'];
    if (scenario === undefined || reference === undefined || s.flows !== scenario.trace.flows.length)
      continue;
    points.push({ ...ns3Point(scenario), lastByte: reference.lastByte });
  }
  // Every kernel scenario ns-3 timed for the Linux tables (the 3:1 and 4:1 all-to-alls, the
  // 1 MB ones, the smaller mice and elephants, the FB-2010 cuts) where the ns-3 validation
  // has no scenario of that name: the term never saw ns-3, so each is held out.
  const timedByNs3 = new Set(points.filter((p) => p.source === 'ns-3').map((p) => p.scenario));
  for (const s of results.scenarios) {
    const scenario = kernel.find((k) => k.name === s.name);
    if (s.ns3 !== undefined && scenario !== undefined && !timedByNs3.has(s.name)) {
      points.push({ ...ns3Point(scenario), lastByte: s.ns3.lastByte });
    }
  }
  return points;
}

function ns3Point(scenario: Scenario): Omit<CostPoint, 'lastByte'> {
  return {
    scenario: scenario.name,
    family: scenario.family,
    half: 'judge',
    source: 'ns-3',
    trace: scenario.trace,
  };
}
