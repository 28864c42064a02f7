import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { ACTIVE, FlowTable } from './flow-table.js';
import { InterimFilling } from './interim-filling.js';
import { MAX_LINKS_PER_FLOW } from './progressive-filling.js';

const LINKS = 12;

/** A flow's links: distinct, 1 to 4 of them. */
const linksArb = fc.uniqueArray(fc.nat(LINKS - 1), { minLength: 1, maxLength: MAX_LINKS_PER_FLOW });

/** Rates and levels a fill gives the flows, by the scan (`scanFlows` 16) or the lists (0). */
function fill(
  capacities: Float64Array,
  load: Float64Array,
  flows: readonly (readonly number[])[],
  gone: readonly boolean[],
  scanFlows: number,
): { rates: number[]; levels: number[] } {
  const table = new FlowTable(LINKS);
  const interim = new InterimFilling(capacities, undefined, scanFlows);
  const ids: number[] = [];
  for (const links of flows) {
    const flow = table.allocate((capacity) => interim.growFlows(capacity));
    table.state[flow] = ACTIVE;
    table.flowLinkCount[flow] = links.length;
    links.forEach((l, k) => {
      table.flowLinks[flow * MAX_LINKS_PER_FLOW + k] = l;
    });
    table.link(flow);
    interim.add(flow);
    ids.push(flow);
  }
  ids.forEach((flow, i) => {
    if (gone[i] === true) {
      table.unlink(flow);
      table.release(flow);
    }
  });
  const rates = ids.map(() => Number.NaN);
  const at = new Map(ids.map((flow, i) => [flow, i]));
  interim.fill(table, Float64Array.from(load), (flow, rate) => {
    rates[at.get(flow)!] = rate;
  });
  const touched = new Set(flows.filter((_, i) => gone[i] !== true).flat());
  const levels = [...touched].sort((a, b) => a - b).map((l) => interim.levels[l]!);
  return { rates, levels };
}

describe('InterimFilling', () => {
  test.prop([
    fc.array(fc.constantFrom(0, 1, 3, 10, 10, 25), { minLength: LINKS, maxLength: LINKS }),
    fc.array(fc.constantFrom(0, 0, 1, 2.5, 7, 30), { minLength: LINKS, maxLength: LINKS }),
    fc.array(linksArb, { minLength: 1, maxLength: 16 }),
    fc.array(fc.boolean(), { maxLength: 16 }),
  ])(
    'the scan gives every waiting flow the rate, and every link the level, of progressive filling over lists, to the bit',
    (capacityList, loadList, flows, gone) => {
      const capacities = Float64Array.from(capacityList);
      const load = Float64Array.from(loadList);
      const scan = fill(capacities, load, flows, gone, 16);
      const lists = fill(capacities, load, flows, gone, 0);
      expect(scan.rates).toEqual(lists.rates);
      expect(scan.levels).toEqual(lists.levels);
      scan.rates.forEach((rate, i) => {
        if (gone[i] !== true) expect(rate).not.toBeNaN();
      });
    },
  );
});
