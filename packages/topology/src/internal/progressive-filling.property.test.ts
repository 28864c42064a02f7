import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { maxMinRates } from '../max-min-rates.js';
import { FlowTable } from './flow-table.js';
import { MAX_LINKS_PER_FLOW, ProgressiveFilling } from './progressive-filling.js';

/**
 * Links whose capacities span six orders of magnitude and flows over any one to four of
 * them, so a solve's shares span many doublings: links enter the heap over several
 * rounds, and many lose every flow before their turn.
 */
const scenarioArb = fc.integer({ min: 1, max: 24 }).chain((links) =>
  fc.record({
    capacities: fc.array(
      fc.double({ min: 0, max: 6, noNaN: true }).map((e) => 10 ** e),
      { minLength: links, maxLength: links },
    ),
    flows: fc.array(fc.uniqueArray(fc.nat(links - 1), { minLength: 1, maxLength: MAX_LINKS_PER_FLOW }), {
      minLength: 1,
      maxLength: 60,
    }),
  }),
);

function fill(capacities: readonly number[], flows: readonly (readonly number[])[]) {
  const table = new FlowTable(capacities.length);
  const filling = new ProgressiveFilling(Float64Array.from(capacities));
  const grow = (capacity: number) => filling.growFlows(capacity);
  const slots = flows.map((links) => {
    const f = table.allocate(grow);
    table.flowLinkCount[f] = links.length;
    links.forEach((l, k) => {
      table.flowLinks[f * MAX_LINKS_PER_FLOW + k] = l;
    });
    table.link(f);
    return f;
  });
  const load = new Float64Array(capacities.length);
  filling.run(table, flows.length, load);
  return { rates: slots.map((f) => filling.rates[f]!), load };
}

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(Math.abs(a), Math.abs(b));

describe('progressive filling', () => {
  test.prop([scenarioArb])('equals the reference water-filling over widely spread shares', (s) => {
    const { rates } = fill(s.capacities, s.flows);
    const expected = maxMinRates(s.capacities, s.flows);
    rates.forEach((r, i) => {
      if (!close(r, expected[i]!)) expect.fail(`flow ${i}: rate ${r}, expected ${expected[i]}`);
    });
  });

  test.prop([scenarioArb])("reports each link's load as the sum of its flows' rates", (s) => {
    const { rates, load } = fill(s.capacities, s.flows);
    const sums = new Float64Array(s.capacities.length);
    s.flows.forEach((links, i) => {
      for (const l of links) sums[l] = sums[l]! + rates[i]!;
    });
    sums.forEach((sum, l) => {
      if (!close(load[l]!, sum) && Math.abs(load[l]! - sum) > 1e-9 * s.capacities[l]!) {
        expect.fail(`link ${l}: load ${load[l]}, flows sum to ${sum}`);
      }
    });
  });
});
