/**
 * The third round of the congestion-cost forms: no fit. The second round fitted its forms
 * on every family but judged them on all-to-alls alone; here the term, the second round's
 * forms as fitted, and the engine's two readings are judged family by family on traces of
 * incast, mice and elephants and FB-2010 flows that were timed after every model's last
 * byte on them was kept (`thirdRound.predictions` in `congestion-cost-forms.json`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { type FlowTrace, replayFlowTrace } from '@rackwise/flow-replay';
import type { Scenario } from '../network/scenarios.js';
import type { KernelResults } from './collect.js';
import { type CostForm, type FormFit, formLastByte } from './congestion-cost-forms.js';
import { traceOrigin } from './cut-origin.js';
import { median } from './harness.js';
import { THIRD_ROUND_SCENARIOS } from './scenarios.js';

const FORMS_FILE = new URL('./congestion-cost-forms.json', import.meta.url).pathname;

/** The models judged: the exact model, the engine's two readings, the second round's forms. */
export type ThirdRoundModel = 'exact' | 'congestion-cost' | 'congestion-tail' | CostForm;

/** What the third round keeps: its traces and each model's last byte on them, trace seconds. */
export interface ThirdRoundFile {
  readonly heldOut: readonly string[];
  readonly predictions: readonly {
    readonly scenario: string;
    readonly family: Scenario['family'];
    /**
     * The trace's first start, trace seconds: errors are read from it. A cut of a recorded
     * run starts minutes into the trace, and a last byte read from time 0 would hide any
     * error in those minutes.
     */
    readonly origin: number;
    readonly lastBytes: Readonly<Partial<Record<ThirdRoundModel, number>>>;
  }[];
}

const lastEnd = (trace: FlowTrace, settings: Parameters<typeof replayFlowTrace>[1]): number =>
  replayFlowTrace(trace, settings).times.reduce((m, t) => Math.max(m, t.end), 0);

/** Every model's last byte on the round's traces, from the second round's fits. */
export function predictThirdRound(
  scenarios: readonly Pick<Scenario, 'name' | 'family' | 'trace'>[],
  secondRoundForms: readonly FormFit[],
): ThirdRoundFile {
  return {
    heldOut: scenarios.map((s) => s.name),
    predictions: scenarios.map((s) => ({
      scenario: s.name,
      family: s.family,
      origin: traceOrigin(s.trace),
      lastBytes: {
        exact: lastEnd(s.trace, {}),
        'congestion-cost': lastEnd(s.trace, { congestionLoss: 'congestion-cost' }),
        'congestion-tail': lastEnd(s.trace, { congestionLoss: 'congestion-tail' }),
        ...Object.fromEntries(secondRoundForms.map((f) => [f.form, formLastByte(s.trace, f.form, f.fitted)])),
      },
    })),
  };
}

/** A reference the round is judged against. */
export type ThirdRoundSource = 'linux-reno' | 'linux-cubic' | 'ns-3';

/** A timed trace's reference last byte (Linux: median over repetitions), or undefined where not timed or refused. */
export function referenceLastByte(
  results: KernelResults,
  scenario: string,
  source: ThirdRoundSource,
): number | undefined {
  const s = results.scenarios.find((r) => r.name === scenario);
  if (s === undefined) return undefined;
  if (source === 'ns-3') return s.ns3?.lastByte;
  const f = s.linux[source];
  return f === undefined || 'refused' in f ? undefined : f.lastByte.median;
}

/** Per family, each model's last-byte errors against one source, both read from the trace's first start. */
export function thirdRoundErrors(
  round: ThirdRoundFile,
  results: KernelResults,
  source: ThirdRoundSource,
  model: ThirdRoundModel,
): Map<Scenario['family'], number[]> {
  const out = new Map<Scenario['family'], number[]>();
  for (const p of round.predictions) {
    const reference = referenceLastByte(results, p.scenario, source);
    const predicted = p.lastBytes[model];
    if (reference === undefined || predicted === undefined) continue;
    const error = (predicted - p.origin) / (reference - p.origin) - 1;
    out.set(p.family, [...(out.get(p.family) ?? []), error]);
  }
  return out;
}

/** The median |error| of a list, or undefined for an empty one. */
export const medianAbsError = (errors: readonly number[] | undefined): number | undefined =>
  errors === undefined || errors.length === 0 ? undefined : median(errors.map(Math.abs));

/**
 * `--fit-cost --predict-third-round`: keeps every model's last byte on the round's traces
 * in the forms' file, from the second round's fits. Refused once kept: a prediction made
 * again after the traces were timed would no longer be one.
 */
export function writeThirdRoundPredictions(kernel: readonly Scenario[]): ThirdRoundFile {
  const file = JSON.parse(readFileSync(FORMS_FILE, 'utf8')) as {
    secondRound?: { forms: readonly FormFit[] };
    thirdRound?: ThirdRoundFile;
  };
  if (file.thirdRound !== undefined) throw new Error('the third round’s predictions are kept already');
  if (file.secondRound === undefined)
    throw new Error('the third round predicts from the second round’s fits');
  const thirdRound = predictThirdRound(
    kernel.filter((s) => THIRD_ROUND_SCENARIOS.has(s.name)),
    file.secondRound.forms,
  );
  writeFileSync(FORMS_FILE, `${JSON.stringify({ ...file, thirdRound }, null, 1)}\n`);
  return thirdRound;
}
