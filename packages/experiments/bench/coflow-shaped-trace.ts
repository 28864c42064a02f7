/**
 * A seeded synthetic trace in the coflow-benchmark format with the shape of the public
 * benchmark's `FB2010-1Hr-150-0.txt`: 526 coflows arriving over one hour on 150 racks,
 * heavy-tailed mapper and reducer counts (most coflows narrow, a quarter spanning 60–150
 * racks), about 700 k mapper-to-reducer flows, per-reducer shuffle sizes log-normal
 * (median 10 MB). It stands in for the public file in the benchmark; users replay the
 * real one with `rackwise run --trace <file>`.
 */
import { seededRandom } from '@rackwise/workloads';

/** Racks of CoflowSim's fabric in the public benchmark. */
export const COFLOW_RACKS = 150;
const COFLOWS = 526;
const HOUR_MS = 3_600_000;

/** Returns the trace as coflow-benchmark text. */
export function coflowShapedTrace(seed: number): string {
  const random = seededRandom(seed);
  const width = (): number => {
    const u = random.next();
    if (u < 0.45) return 1 + random.int(5);
    if (u < 0.75) return 6 + random.int(35);
    return 60 + random.int(COFLOW_RACKS - 59);
  };
  const racks = (count: number): number[] => {
    const all = Array.from({ length: COFLOW_RACKS }, (_, i) => i);
    for (let i = 0; i < count; i++) {
      const j = i + random.int(COFLOW_RACKS - i);
      [all[i], all[j]] = [all[j]!, all[i]!];
    }
    return all.slice(0, count);
  };
  const arrivals = Array.from({ length: COFLOWS }, () => Math.floor(random.next() * HOUR_MS)).sort(
    (a, b) => a - b,
  );
  const lines = [`${COFLOW_RACKS} ${COFLOWS}`];
  for (let c = 0; c < COFLOWS; c++) {
    const mappers = racks(width());
    const reducers = racks(width()).map((rack) => {
      // Log-normal, median 10 MB, σ = 2 (Box–Muller), capped at 100 GB.
      const z = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
      const mb = Math.min(1e5, 10 * Math.exp(2 * z));
      return `${rack}:${mb.toFixed(3)}`;
    });
    lines.push(
      `${c + 1} ${arrivals[c]} ${mappers.length} ${mappers.join(' ')} ${reducers.length} ${reducers.join(' ')}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
