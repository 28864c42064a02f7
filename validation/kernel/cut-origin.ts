/**
 * A cut of a recorded run (family (d)) starts minutes into its trace. Its last byte is
 * read from its first flow's start: read from the trace's time 0, a last byte 1 s late
 * on a cut 120 s in would be an error of 0.8 %.
 */
import { replayFlowTrace } from '@rackwise/flow-replay';
import type { Scenario } from '../network/scenarios.js';
import { type KernelResults, type Spread, mapScenarios, modelSettings } from './collect.js';

/** The first start of a trace's flows (0 for an empty trace). */
export function traceOrigin(trace: Scenario['trace']): number {
  const first = trace.flows.reduce((m, f) => Math.min(m, f.start), Number.POSITIVE_INFINITY);
  return Number.isFinite(first) ? first : 0;
}

/** value ÷ x − 1 over a spread of x, both read from `origin`: the median and range (falling in x). */
export function againstSpread(value: number, x: Spread, origin: number): Spread {
  const from = (t: number): number => t - origin;
  return {
    median: from(value) / from(x.median) - 1,
    min: from(value) / from(x.max) - 1,
    max: from(value) / from(x.min) - 1,
  };
}

/**
 * The last-byte figures of every cut scenario (a trace that starts after 0) read from its
 * first start: each model against Linux and ns-3, and Linux against ns-3, from the stored
 * last bytes and a replay per model. Figures of traces that start at 0 are left as they are.
 */
export function rebaseCuts(results: KernelResults, scenarios: readonly Scenario[]): KernelResults {
  const settings = modelSettings();
  return mapScenarios(results, scenarios, (s, scenario) => {
    const origin = traceOrigin(scenario.trace);
    if (origin === 0) return s;
    const last = new Map(
      Object.entries(settings).map(([name, setting]) => [
        name,
        replayFlowTrace(scenario.trace, setting).times.reduce((m, t) => Math.max(m, t.end), 0),
      ]),
    );
    const ns3 = s.ns3?.lastByte;
    const vsNs3 = (value: number): number =>
      ns3 === undefined ? Number.NaN : (value - origin) / (ns3 - origin) - 1;
    const linux = Object.fromEntries(
      Object.entries(s.linux).map(([name, f]) => {
        if ('refused' in f) return [name, f];
        const models = Object.fromEntries(
          Object.entries(f.models).map(([model, m]) => {
            const value = last.get(model);
            if (value === undefined) return [model, m];
            return [
              model,
              { ...m, lastByte: againstSpread(value, f.lastByte, origin), lastByteVsNs3: vsNs3(value) },
            ];
          }),
        );
        const lastByte = {
          median: vsNs3(f.lastByte.median),
          min: vsNs3(f.lastByte.min),
          max: vsNs3(f.lastByte.max),
        };
        return [name, { ...f, models, vsNs3: { ...f.vsNs3, lastByte } }];
      }),
    );
    return { ...s, linux };
  });
}
