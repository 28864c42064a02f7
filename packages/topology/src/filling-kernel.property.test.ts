import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { type Arrival, drive, scenarioArb } from '../test/drive-flows.js';
import { CONGESTION_COST_DEFAULTS, congestionCostCapacity } from './congestion-cost.js';
import { type FlowNetworkOptions, createFlowNetwork } from './flow-network.js';
import { nodeId } from './ids.js';
import { fillingKernelAvailable } from './internal/filling-kernel.js';
import { buildTopology } from './topology.js';

/** Everything a host sees of a run: after each solve, the time, every live flow's rate, every link's load and the next event. */
function observe(options: FlowNetworkOptions, arrivals: readonly Arrival[]): number[] {
  const net = createFlowNetwork(options);
  const seen: number[] = [];
  drive(net, arrivals, (_, live) => {
    seen.push(net.now, net.nextEventTime(), live.length);
    for (const f of live) seen.push(f.id, net.rate(f.id), net.remaining(f.id));
    for (let l = 0; l < options.capacities.length; l++) seen.push(net.linkLoad(l));
  });
  return seen;
}

/** Fails unless both sequences hold the same numbers to the bit (0 and −0 told apart). */
function expectBitIdentical(compiled: number[], oracle: number[]): void {
  expect(compiled.length).toBe(oracle.length);
  const first = compiled.findIndex((x, i) => !Object.is(x, oracle[i]));
  if (first >= 0) expect.fail(`entry ${first}: ${compiled[first]} against JavaScript's ${oracle[first]}`);
}

const timings: readonly Omit<FlowNetworkOptions, 'capacities'>[] = [
  {},
  { resolveInterval: 0.05 },
  { resolveInterval: 0.05, betweenSolves: 'residual' },
  { resolveInterval: 0.01, betweenSolves: 'residual', resolveTolerance: 0.05 },
];

/**
 * Loss models: none; one that takes a share off every link by its index and flow count;
 * and the congestion-cost term with a port that holds a few flows, so that it bites on
 * the small scenarios.
 */
const losses: readonly Pick<FlowNetworkOptions, 'effectiveCapacity'>[] = [
  {},
  { effectiveCapacity: (link, capacity, flows) => capacity / (1 + 0.07 * flows + 0.01 * (link % 5)) },
  { effectiveCapacity: congestionCostCapacity({ ...CONGESTION_COST_DEFAULTS, bufferBytes: 6000 }) },
];

const settings = timings.flatMap((timing) => losses.map((loss) => ({ ...timing, ...loss })));

describe("kernel: 'webassembly'", () => {
  it('runs in this runtime', () => {
    expect(fillingKernelAvailable()).toBe(true);
  });

  test.prop([scenarioArb, fc.constantFrom(...settings)])(
    'gives every flow the rate, bytes and completion JavaScript gives it, to the bit, at every solve',
    ([topology, arrivals], setting) => {
      const capacities = topology.linkCapacitiesBytesPerSecond();
      expectBitIdentical(
        observe({ ...setting, capacities, kernel: 'webassembly' }, arrivals),
        observe({ ...setting, capacities, kernel: 'javascript' }, arrivals),
      );
    },
  );

  it('stays bit-identical with hundreds of flows per link, its lists and flow slots grown many times', () => {
    const topology = buildTopology({
      racks: 4,
      nodesPerRack: 8,
      slots: { model: 'container', containers: 1 },
      nicCapacity: 1e9,
      oversubscription: 4,
    });
    const capacities = topology.linkCapacitiesBytesPerSecond();
    const arrivals: Arrival[] = [];
    let state = 7;
    const next = (n: number) => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      return state % n;
    };
    for (let i = 0; i < 3000; i++) {
      const from = next(32);
      let to = next(32);
      if (to === from) to = (to + 1) % 32;
      const path = new Int32Array(4);
      const k = topology.flowPath(nodeId(from), nodeId(to), path);
      arrivals.push({
        links: [...path.subarray(0, k)],
        bytes: (1 + next(200)) * 1e5,
        gap: next(4) === 0 ? 0.003 : 0,
      });
    }
    for (const setting of settings) {
      expectBitIdentical(
        observe({ ...setting, capacities, kernel: 'webassembly' }, arrivals),
        observe({ ...setting, capacities, kernel: 'javascript' }, arrivals),
      );
    }
  });

  it('solves under a loss model, and refuses an unknown kernel by name', () => {
    const capacities = Float64Array.from([100]);
    const lossy = createFlowNetwork({
      capacities,
      kernel: 'webassembly',
      effectiveCapacity: (_, c) => c / 2,
    });
    lossy.addFlow([0], 1000, 0);
    lossy.solve();
    expect(lossy.linkLoad(0)).toBe(50);
    expect(() => createFlowNetwork({ capacities, kernel: 'wasm' as unknown as 'javascript' })).toThrow(
      /flowNetwork.kernel must be 'webassembly' or 'javascript', got/,
    );
  });
});
