/**
 * `pnpm validate:network --rebase-cuts`: the committed figures' last-byte errors of the
 * FB-2010 windows read from each window's first flow, without running ns-3 again. The
 * windows start minutes into their traces; read from the trace's time 0 their last-byte
 * errors were diluted by those minutes (`compareFlowTimes` now reads them from the first
 * compared start). ns-3's last byte is kept in the figures, the model's comes from a replay.
 */
import { readFileSync } from 'node:fs';
import { replayFlowTrace } from '@rackwise/flow-replay';
import type { CollectedResults } from './collect.js';
import { fb2010Scenarios } from './fb2010-traces.js';
import type { Scenario } from './scenarios.js';

const RESULTS = new URL('../../docs/network-validation/results.json', import.meta.url).pathname;

/** The committed figures with each cut's last-byte errors read from its first flow. */
export function rebaseCutFigures(results: CollectedResults, cuts: readonly Scenario[]): CollectedResults {
  const byName = new Map(cuts.map((s) => [s.name, s]));
  return {
    ...results,
    scenarios: results.scenarios.map((s) => {
      const cut = byName.get(s.name);
      if (cut === undefined) return s;
      if (cut.trace.flows.length !== s.flows) throw new Error(`${s.name}: the trace recorded now differs`);
      const done = cut.trace.flows.filter((f) => f.status === 'done');
      const origin = done.reduce((m, f) => Math.min(m, f.start), Number.POSITIVE_INFINITY);
      const ids = new Set(done.map((f) => f.id));
      const settings = Object.fromEntries(
        Object.entries(s.settings).map(([name, byReference]) => {
          const replay = results.modelSettings[name];
          if (replay === undefined) return [name, byReference];
          const last = replayFlowTrace(cut.trace, replay)
            .times.filter((t) => ids.has(t.id))
            .reduce((m, t) => Math.max(m, t.end), Number.NEGATIVE_INFINITY);
          return [
            name,
            Object.fromEntries(
              Object.entries(byReference).map(([reference, figures]) => {
                const referenceLast = s.references[reference]!.lastByte;
                return [
                  reference,
                  { ...figures, makespanError: (last - origin) / (referenceLast - origin) - 1 },
                ];
              }),
            ),
          ];
        }),
      );
      return { ...s, settings };
    }),
  };
}

/** Reads the committed figures and the recorded FB-2010 windows, and rebases the windows' figures. */
export async function rebaseCommittedCuts(): Promise<CollectedResults> {
  const results = JSON.parse(readFileSync(RESULTS, 'utf8')) as CollectedResults;
  return rebaseCutFigures(results, await fb2010Scenarios(false));
}
