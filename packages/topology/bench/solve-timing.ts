import { type Topology, createFlowNetwork } from '../src/index.js';
import { seededRandom } from './random.js';
import { type BenchFlow, randomShuffleFlow } from './shuffle-flows.js';

/** Best and median of repeated measurements, milliseconds (the best is the least disturbed by other load). */
export interface Millis {
  readonly best: number;
  readonly median: number;
}

/** Timings of the solver at one number of concurrent flows. */
export interface SolveTiming {
  readonly flows: number;
  readonly incidences: number;
  /** A `solve()` after all flows were added (every rate changes). */
  readonly fullSolveMs: Millis;
  /** One batch: one flow added or removed, then `solve()`. */
  readonly incrementalBatchMs: Millis;
  /** Mean flows whose rate changed per add/remove event. */
  readonly rateChangesPerEvent: number;
  readonly fractionChangedPerEvent: number;
}

/** Times full and incremental solves with `count` concurrent shuffle-like flows. */
export function timeSolves(topology: Topology, count: number, seed: number): SolveTiming {
  const random = seededRandom(seed);
  const capacities = topology.linkCapacitiesBytesPerSecond();
  const flows: BenchFlow[] = Array.from({ length: count }, () => randomShuffleFlow(topology, random));
  const incidences = flows.reduce((sum, f) => sum + f.links.length, 0);

  const full: number[] = [];
  const fullRuns = Math.max(5, Math.round(40_000 / count));
  for (let run = -2; run < fullRuns; run++) {
    const net = createFlowNetwork({ capacities });
    for (const f of flows) net.addFlow(f.links, f.bytes, 0);
    const started = performance.now();
    net.solve();
    if (run >= 0) full.push(performance.now() - started);
  }

  const net = createFlowNetwork({ capacities });
  const ids = flows.map((f) => net.addFlow(f.links, f.bytes, 0));
  net.solve();
  const perBatch = Math.max(10, Math.round(40_000 / count));
  const batches: number[] = [];
  let changes = 0;
  let events = 0;
  for (let b = -1; b < 10; b++) {
    const changesBefore = net.stats.rateChanges;
    const started = performance.now();
    for (let e = 0; e < perBatch; e++) {
      if (e % 2 === 0) {
        const at = Math.floor(random() * ids.length);
        net.removeFlow(ids[at]!);
        ids[at] = ids[ids.length - 1]!;
        ids.pop();
      } else {
        const f = randomShuffleFlow(topology, random);
        ids.push(net.addFlow(f.links, f.bytes, 0));
      }
      net.solve();
    }
    if (b < 0) continue;
    batches.push((performance.now() - started) / perBatch);
    changes += net.stats.rateChanges - changesBefore;
    events += perBatch;
  }
  return {
    flows: count,
    incidences,
    fullSolveMs: summarise(full),
    incrementalBatchMs: summarise(batches),
    rateChangesPerEvent: round(changes / events),
    fractionChangedPerEvent: round(changes / events / count),
  };
}

function summarise(samples: number[]): Millis {
  const sorted = [...samples].sort((a, b) => a - b);
  return { best: round(sorted[0]!), median: round(sorted[sorted.length >> 1]!) };
}

export function round(x: number, digits = 4): number {
  return Number(x.toPrecision(digits));
}
