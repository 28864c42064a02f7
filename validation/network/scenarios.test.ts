import type { FlowTrace } from '@rackwise/flow-replay';
import { describe, expect, it } from 'vitest';
import { medianFlowError } from './corrections.js';
import { incastGoodput } from './evaluate.js';
import { windowOf } from './fb2010-traces.js';
import { allToAll, incast, miceAndElephants, syntheticScenarios } from './scenarios.js';

const rackOf = (trace: FlowTrace, node: number): number => Math.floor(node / trace.fabric.nodesPerRack);

describe('validation scenarios', () => {
  it('all-to-all: one flow per ordered pair of hosts, rack links cut by the oversubscription', () => {
    const trace = allToAll(5, 1, { racks: 2, nodesPerRack: 3, bytesPerPair: 1e6 });
    expect(trace.flows.length).toBe(6 * 5);
    expect(trace.fabric.rackUplinkBitsPerSecond).toBeCloseTo((3 * 1e9) / 5, 6);
    const pairs = new Set(trace.flows.map((f) => `${f.source}>${f.destination}`));
    expect(pairs.size).toBe(30);
    for (const f of trace.flows) {
      expect(f.start).toBeLessThan(0.01);
      expect(f.links.length).toBe(rackOf(trace, f.source) === rackOf(trace, f.destination) ? 2 : 4);
    }
    expect(allToAll(5, 1, { racks: 2, nodesPerRack: 3 })).toEqual(
      allToAll(5, 1, { racks: 2, nodesPerRack: 3 }),
    );
    expect(allToAll(5, 2, { racks: 2, nodesPerRack: 3 })).not.toEqual(
      allToAll(5, 1, { racks: 2, nodesPerRack: 3 }),
    );
  });

  it('incast: every sender to one receiver, in its rack or the other one', () => {
    const same = incast(8, 256e3, true);
    const other = incast(8, 256e3, false);
    expect(same.flows.every((f) => f.destination === 0 && rackOf(same, f.source) === 0)).toBe(true);
    expect(other.flows.every((f) => f.destination === 0 && rackOf(other, f.source) === 1)).toBe(true);
    expect(new Set(other.flows.map((f) => f.source)).size).toBe(8);
  });

  it('mice and elephants: elephants cross racks, mice span 10 KB to 1 MB', () => {
    const trace = miceAndElephants(3);
    const elephants = trace.flows.filter((f) => f.job === 0);
    const mice = trace.flows.filter((f) => f.job === 1);
    expect(elephants.length).toBe(12);
    for (const e of elephants) expect(rackOf(trace, e.source)).not.toBe(rackOf(trace, e.destination));
    expect(mice.length).toBeGreaterThan(200);
    for (const m of mice) {
      expect(m.bytes).toBeGreaterThanOrEqual(1e4);
      expect(m.bytes).toBeLessThanOrEqual(1e6);
    }
  });

  it('splits each family between calibration and held-out scenarios', () => {
    const all = syntheticScenarios(false);
    for (const family of ['all-to-all', 'incast', 'mixed'] as const) {
      const halves = new Set(all.filter((s) => s.family === family).map((s) => s.half));
      expect(halves).toEqual(new Set(['calibrate', 'judge']));
    }
  });

  it('cuts a window of flows under a byte cap', () => {
    const trace = allToAll(1, 1, { racks: 2, nodesPerRack: 2, bytesPerPair: 1e6 });
    const shifted = { ...trace, flows: trace.flows.map((f, i) => ({ ...f, start: 100 + i })) };
    const { trace: cut, seconds } = windowOf(shifted, 103, 3.5e6);
    expect(cut.flows.map((f) => f.start)).toEqual([103, 104, 105]);
    expect(seconds).toBe(3);
  });

  it('measures goodput and per-flow error on a hand example', () => {
    const scenario = {
      name: 'x',
      family: 'incast',
      trace: incast(4, 1e6, true),
      half: 'judge',
      facts: {},
    } as const;
    // 4 MB in 0.064 s at 1 Gbps is half the line rate.
    const times = scenario.trace.flows.map((f) => ({ id: f.id, start: 0, end: 0.064, delivered: f.bytes }));
    expect(incastGoodput(scenario, times)).toBeCloseTo(0.5, 9);
    const slower = times.map((t, i) => ({ ...t, end: t.end * (1 + 0.1 * i) }));
    // Errors 0, 9.1 %, 16.7 %, 23.1 % against the slower ones: median (9.09 + 16.67) / 2 %.
    expect(medianFlowError(scenario, times, slower)).toBeCloseTo((1 - 1 / 1.1 + 1 - 1 / 1.2) / 2, 9);
  });
});

describe('rack-link utilisation', () => {
  it('counts a flow at line rate as full utilisation of its rack links, bin by bin', async () => {
    const { replayFlowTrace } = await import('@rackwise/flow-replay');
    const { utilisationError, rackUtilisation } = await import('./evaluate.js');
    const trace = allToAll(1, 1, { racks: 2, nodesPerRack: 1, bytesPerPair: 1.25e8 });
    const scenario = { name: 'x', family: 'all-to-all', trace, half: 'judge', facts: {} } as const;
    const replay = replayFlowTrace(trace, { linkBin: 0.1 });
    // Two flows, one each way, 1 Gbps racks links of one node each: one second at full rate.
    const series = rackUtilisation(scenario, replay.linkBytes);
    expect(series.size).toBe(4);
    const inner = [...series.values()][0]!;
    expect(inner.get(5)).toBeCloseTo(1, 6);
    const same = utilisationError(scenario, replay.linkBytes, replay.linkBytes);
    expect(same.meanAbsolute).toBe(0);
    const half = replay.linkBytes.map(([l, t, b]) => [l, t, b / 2] as const);
    expect(utilisationError(scenario, half, replay.linkBytes).meanAbsolute).toBeCloseTo(0.5, 1);
  });
});
