import { fc, test } from '@fast-check/vitest';
import { metricInfo } from '@rackwise/experiments';
import { describe, expect, it } from 'vitest';
import { FIXTURE_METRICS, result, run, threePolicyResult } from '../test/results.js';
import { toHtml } from './html-report.js';
import { formatNormalisedTable, normalisedTable } from './normalised-table.js';
import { pairedRatioInterval } from './ratio-interval.js';
import { policyStandings, verdictInWords } from './verdict-words.js';

const METRICS = ['throughput', 'executionTime.mean', 'crossRackBytes.total'];

/** Fair, delay and nas on 1 to 5 seeds, each metric positive on every seed. */
const arbResult = fc
  .record({
    seeds: fc.integer({ min: 1, max: 5 }),
    values: fc.array(fc.double({ min: 1, max: 200, noNaN: true }), { minLength: 45, maxLength: 45 }),
  })
  .map(({ seeds, values }) =>
    result(
      Object.fromEntries(
        ['fair', 'delay', 'nas'].map((policy, p) => [
          policy,
          Array.from({ length: seeds }, (_, s) =>
            run(s + 1, Object.fromEntries(METRICS.map((m, k) => [m, values[p * 15 + s * 3 + k] as number]))),
          ),
        ]),
      ),
      FIXTURE_METRICS,
      METRICS,
    ),
  );

describe('the verdict in words', () => {
  test.prop([arbResult])(
    'calls a policy better or worse only where its paired 95 % interval lies clear of 1',
    (r) => {
      const base = r.policies[0]!;
      for (const standing of policyStandings(normalisedTable(r))) {
        const own = r.policies.find((p) => p.policy === standing.policy)!;
        const all = [...standing.better, ...standing.worse, ...standing.unsure];
        expect([...all].sort()).toEqual([...METRICS].sort());
        for (const metric of all) {
          const { low, high } = pairedRatioInterval(own.runs, base.runs, metric);
          const higherIsBetter = metricInfo(metric).direction === 'higher';
          if (standing.better.includes(metric)) expect(higherIsBetter ? low > 1 : high < 1).toBe(true);
          else if (standing.worse.includes(metric)) expect(higherIsBetter ? high < 1 : low > 1).toBe(true);
          else expect(r.seeds.length < 2 || (low <= 1 && high >= 1)).toBe(true);
        }
      }
    },
  );

  it('opens the text table and the HTML report with one sentence per policy', () => {
    // Mean job time, nas over fair per seed: 50/100, 61/120, 39/80 = 0.5, 0.5083, 0.4875;
    // on the log scale their geometric mean 0.4985 within [0.473, 0.525]: clear of 1,
    // better. Delay's 0.9, 1.083, 0.875 hold 1. Cross-rack: delay 1.2 on every seed
    // ([1.2, 1.2]): worse; nas 0.9, 1.1, 1.0 holds 1. Throughput equal everywhere.
    const r = threePolicyResult();
    const words = verdictInWords(normalisedTable(r));
    expect(words).toEqual([
      'Over 3 seeds, paired by seed (ratio to fair per seed, 95 % interval):',
      "delay against fair: worse on cross-rack traffic (1.200 [1.200, 1.200] of fair's); no sure difference on 2 other metrics.",
      "nas against fair: better on mean job execution time (0.499 [0.473, 0.525] of fair's); no sure difference on 2 other metrics.",
    ]);
    expect(formatNormalisedTable(normalisedTable(r)).split('\n').slice(0, 3)).toEqual(words);
    const html = toHtml(r);
    const opening = html.indexOf('<div class="verdict-words">');
    expect(opening).toBeGreaterThan(-1);
    expect(opening).toBeLessThan(html.indexOf('<h2>'));
    expect(html).toContain(`<p>${words[2]!.replace(/'/g, '&#39;')}</p>`);
  });

  it('says that one seed makes nothing sure', () => {
    const r = result({
      fair: [run(1, { throughput: 1, 'executionTime.mean': 100, 'crossRackBytes.total': 10 })],
      nas: [run(1, { throughput: 2, 'executionTime.mean': 50, 'crossRackBytes.total': 5 })],
    });
    expect(verdictInWords(normalisedTable(r))).toEqual([
      'One seed: no interval, so no difference below is sure (run --seeds 1..5).',
      'nas against fair: no sure difference on any of 2 metrics.',
    ]);
  });
});
