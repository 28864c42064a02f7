import type { FlowTime, FlowTrace, FlowTraceRecord } from '@rackwise/flow-replay';
import { describe, expect, it } from 'vitest';
import { compareFlowTimes, quantile } from './flow-comparison.js';
import { flowTraceFile } from './run-experiment.js';

const fabric = {
  racks: 2,
  nodesPerRack: 2,
  nicBitsPerSecond: 8e8,
  rackUplinkBitsPerSecond: 8e8,
  rackDownlinkBitsPerSecond: 8e8,
};

function flow(id: number, bytes: number, task: number, start = 0): FlowTraceRecord {
  return {
    id,
    start,
    source: 0,
    destination: 2,
    bytes,
    kind: 'shuffle',
    job: 0,
    task,
    status: 'done',
    end: start + bytes / 1e8,
    delivered: bytes,
    links: [0, 6, 8, 11],
  };
}

describe('compareFlowTimes', () => {
  const trace: FlowTrace = { fabric, flows: [flow(0, 1e6, 0), flow(1, 2e6, 0, 1), flow(2, 5e4, 1)] };
  const reference: FlowTime[] = [
    { id: 0, start: 0, end: 0.02, delivered: 1e6 },
    { id: 1, start: 1, end: 1.04, delivered: 2e6 },
    { id: 2, start: 0, end: 0.001, delivered: 5e4 },
  ];

  it('pairs flows, reduces and jobs and reports signed and absolute errors', () => {
    const model: FlowTime[] = [
      { id: 0, start: 0, end: 0.01, delivered: 1e6 },
      { id: 1, start: 1, end: 1.05, delivered: 2e6 },
      { id: 2, start: 0, end: 0.0005, delivered: 5e4 },
    ];
    const c = compareFlowTimes(trace, model, reference);
    expect(c.flows).toBe(3);
    // Flows of at least 100 KB: 0 (−50 %) and 1 (+25 %).
    expect(c.largeFlows.count).toBe(2);
    expect(c.largeFlows.absP50).toBeCloseTo(0.375, 12);
    expect(c.largeFlows.bias).toBeCloseTo(-0.125, 12);
    // Reduce 0: from 0 to 1.04 (reference) and 1.05 (model); reduce 1: 0.001 and 0.0005.
    expect(c.reduces.count).toBe(2);
    expect(c.reduces.referenceMedian).toBeCloseTo((1.04 + 0.001) / 2, 12);
    expect(c.jobs.count).toBe(1);
    expect(c.jobs.bias).toBeCloseTo(1.05 / 1.04 - 1, 12);
    expect(c.makespanError).toBeCloseTo(1.05 / 1.04 - 1, 12);
    const small = c.buckets.find((b) => b.bucket === '< 100 KB')!;
    expect(small.flows).toBe(1);
    expect(small.fctError.p50).toBeCloseTo(-0.5, 12);
    // Slowdown against the 1e8 B/s path: 50 KB ideally takes 0.5 ms.
    expect(small.reference.slowdown.p50).toBeCloseTo(2, 9);
  });

  it('reads the last byte from the first compared start, wherever the trace begins', () => {
    const later = (t: readonly FlowTime[]): FlowTime[] =>
      t.map((x) => ({ ...x, start: x.start + 120, end: x.end + 120 }));
    const shifted = { ...trace, flows: trace.flows.map((f) => ({ ...f, start: f.start + 120 })) };
    const model = reference.map((t) => ({ ...t, end: t.start + (t.end - t.start) * 1.5 }));
    const at0 = compareFlowTimes(trace, model, reference).makespanError;
    // The last flow ends at 1.06 s instead of 1.04 s, read from the first start at 0 s.
    expect(at0).toBeCloseTo(1.06 / 1.04 - 1, 12);
    expect(compareFlowTimes(shifted, later(model), later(reference)).makespanError).toBeCloseTo(at0, 9);
  });

  it('gives zero error for a timing compared with itself', () => {
    const c = compareFlowTimes(trace, reference, reference);
    expect(c.largeFlows.absP90).toBe(0);
    expect(c.jobs.absP50).toBe(0);
    for (const b of c.buckets) expect(b.fctError.p99).toBe(0);
  });

  it('compares the flows both sides timed and names the ones either side lacks', () => {
    const c = compareFlowTimes(trace, reference.slice(1), reference.slice(0, 2));
    expect(c.missing).toEqual({ model: [0], reference: [2] });
    // Only flow 1 is timed by both: one large flow, one reduce (0), one job.
    expect(c.flows).toBe(1);
    expect(c.largeFlows.count).toBe(1);
    expect(c.reduces.count).toBe(1);
    expect(c.jobs.absP50).toBe(0);
    expect(c.makespanError).toBe(0);
    expect(compareFlowTimes(trace, reference, reference).missing).toEqual({ model: [], reference: [] });
  });

  it('interpolates quantiles', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([], 0.5)).toBeNaN();
  });
});

describe('flowTraceFile', () => {
  it('names one file per run when there are several', () => {
    expect(flowTraceFile('out/flows.tsv', 'nas', 2, false)).toBe('out/flows-nas-seed2.tsv');
    expect(flowTraceFile('out.d/flows', 'fair', 1, false)).toBe('out.d/flows-fair-seed1');
    expect(flowTraceFile('out/flows.tsv', 'nas', 2, true)).toBe('out/flows.tsv');
  });
});
