import { describe, expect, it } from 'vitest';
import { result, run } from '../test/results.js';
import { toHtml } from './html-report.js';
import { offeredLoadLine } from './offered-load-line.js';

const LOAD = ['load.offered', 'load.uplinkUtilisation.p50', 'load.uplinkUtilisation.p95', 'load.slotUse'];

/** Two seeds of fair and nas with the given load metrics per seed (nas's uplinks busier). */
function withLoad(offered: number[], p50: number[], p95: number[], slots: number[]) {
  const runs = (extra: number) =>
    offered.map((o, s) =>
      run(s + 1, {
        throughput: 1,
        'load.offered': o,
        'load.uplinkUtilisation.p50': p50[s]! + extra,
        'load.uplinkUtilisation.p95': p95[s]! + extra,
        'load.slotUse': slots[s]!,
      }),
    );
  return result({ fair: runs(0), nas: runs(0.2) }, ['throughput', ...LOAD], ['throughput']);
}

describe('offeredLoadLine', () => {
  it("states the offered load and, under the baseline, the uplinks' median and 95th percentile and the slots used", () => {
    const line = offeredLoadLine(withLoad([0.65, 0.67], [0.44, 0.46], [1, 1], [0.6, 0.62]));
    expect(line).toBe(
      "Offered load: 0.66 of the rack uplinks' capacity in cross-rack shuffle (uplinks delivering 0.45 at the median and 1.00 at the 95th percentile, slots 61 % used under fair; mean over 2 seeds).",
    );
  });

  it('is absent from a result that holds no offered load, and in the HTML report when present', () => {
    expect(
      offeredLoadLine(result({ fair: [run(1, { throughput: 1 })] }, ['throughput'], ['throughput'])),
    ).toBe(undefined);
    const page = toHtml(withLoad([0.3, 0.3], [0.1, 0.1], [0.5, 0.5], [0.4, 0.4]));
    expect(page).toContain('<p>Offered load: 0.30 of the rack uplinks&#39; capacity in cross-rack shuffle');
  });
});
