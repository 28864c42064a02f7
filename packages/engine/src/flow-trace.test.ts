import { test } from '@fast-check/vitest';
import {
  type FlowTrace,
  type FlowTraceRecord,
  flowTraceFabric,
  formatFlowTimes,
  formatFlowTrace,
  parseFlowTimes,
  parseFlowTrace,
  replayFlowTrace,
} from '@rackwise/flow-replay';
import { buildTopology } from '@rackwise/topology';
import { describe, expect, it } from 'vitest';
import { jobsArbitrary } from '../test/arbitraries.js';
import { fifoTestPolicy } from '../test/fifo-test-policy.js';
import { oneNodePolicy } from '../test/one-node-policy.js';
import { fixedPlacement, jobSpec, placementFor, workload } from '../test/workload-builders.js';
import { simulate } from './simulation.js';

const spec = {
  racks: 2,
  nodesPerRack: 3,
  slots: { model: 'container', containers: 2 },
  nicCapacity: 8e8,
  rackUplinkCapacity: 8e8,
  rackDownlinkCapacity: 8e8,
} as const;

/** Runs a workload and records its flow trace. */
function recorded(jobs: Parameters<typeof workload>[0], parameters = {}): FlowTrace {
  const topology = buildTopology(spec);
  const flows: FlowTraceRecord[] = [];
  simulate({
    topology,
    workload: workload(jobs, placementFor(topology)),
    policy: fifoTestPolicy(),
    seed: 7,
    parameters,
    onFlow: (f) => flows.push(f),
  });
  return { fabric: flowTraceFabric(topology.spec), flows };
}

const shuffleJobs = [
  jobSpec({ inputBytes: 6 * 128e6, shuffleBytes: 3e8, reduceCount: 3 }),
  jobSpec({ inputBytes: 4 * 128e6, shuffleBytes: 2e8, reduceCount: 2, submitTime: 3, user: 1 as never }),
];

describe('flow traces', () => {
  it('records every network flow once, with its links and bytes', () => {
    const trace = recorded(shuffleJobs);
    expect(trace.flows.length).toBeGreaterThan(0);
    const ids = trace.flows.map((f) => f.id).sort((a, b) => a - b);
    expect(ids).toEqual(ids.map((_, i) => i));
    for (const f of trace.flows) {
      expect(f.end).toBeGreaterThanOrEqual(f.start);
      expect(f.links.length === 2 || f.links.length === 4).toBe(true);
      expect(f.links.length === 4).toBe(Math.floor(f.source / 3) !== Math.floor(f.destination / 3));
    }
    expect(trace.flows.some((f) => f.kind === 'shuffle')).toBe(true);
  });

  it('reads back what it writes, number for number', () => {
    const trace = recorded(shuffleJobs);
    expect(parseFlowTrace(formatFlowTrace(trace), 't.tsv')).toEqual(trace);
    const times = trace.flows.map((f) => ({ id: f.id, start: f.start, end: f.end, delivered: f.delivered }));
    expect(parseFlowTimes(formatFlowTimes(times, ['a comment']))).toEqual(times);
  });

  it('refuses a malformed line naming file, line and field', () => {
    const text = formatFlowTrace(recorded(shuffleJobs));
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('flow\t'));
    const broken = lines.map((l, i) => (i === at ? l.replace(/^flow\t(\d+)\t[^\t]+/, 'flow\t$1\tsoon') : l));
    expect(() => parseFlowTrace(broken.join('\n'), 'x.tsv')).toThrow(`x.tsv:${at + 1}: start must be`);
    const truncated = lines.map((l, i) => (i === at ? l.split('\t').slice(0, 8).join('\t') : l));
    expect(() => parseFlowTrace(truncated.join('\n'), 'x.tsv')).toThrow(
      `x.tsv:${at + 1}: a flow line has 13 fields`,
    );
    expect(() => parseFlowTrace('garbage\n', 'x.tsv')).toThrow('x.tsv:1: not a rackwise flow trace');
  });

  test.prop([jobsArbitrary], { numRuns: 15 })(
    "replaying a run's trace under its own exact setting gives back its end times",
    (jobs) => {
      const trace = recorded(jobs);
      const replay = replayFlowTrace(trace);
      expect(replay.times.length).toBe(trace.flows.length);
      const byId = new Map(trace.flows.map((f) => [f.id, f]));
      for (const t of replay.times) {
        const f = byId.get(t.id)!;
        expect(t.end).toBeCloseTo(f.end, 6);
        expect(t.delivered).toBeCloseTo(f.delivered, 0);
      }
    },
  );

  it('one flow alone takes bytes / (capacity × goodput) after its startup latency', () => {
    const fabric = flowTraceFabric(buildTopology(spec).spec);
    const flow: FlowTraceRecord = {
      id: 0,
      start: 2,
      source: 0,
      destination: 4,
      bytes: 1e8,
      kind: 'shuffle',
      job: 0,
      task: 0,
      status: 'done',
      end: 3,
      delivered: 1e8,
      links: [0, 10, 12, 15],
    };
    const plain = replayFlowTrace({ fabric, flows: [flow] }).times[0]!;
    expect(plain.end).toBeCloseTo(2 + 1e8 / 1e8, 9);
    const corrected = replayFlowTrace({ fabric, flows: [flow] }, { linkGoodput: 0.5, startupLatency: 0.01 });
    expect(corrected.times[0]!.end).toBeCloseTo(2.01 + 2, 9);
  });

  it('removes a cancelled flow at its recorded end, freeing its share for the others', () => {
    const fabric = flowTraceFabric(buildTopology(spec).spec);
    const base = { source: 0, destination: 1, kind: 'shuffle', job: 0, task: 0, links: [0, 7] } as const;
    const flows: FlowTraceRecord[] = [
      { ...base, id: 0, start: 0, bytes: 2e8, status: 'done', end: 0, delivered: 2e8 },
      { ...base, id: 1, start: 0, bytes: 2e8, status: 'cancelled', end: 1, delivered: 5e7 },
    ];
    const { times } = replayFlowTrace({ fabric, flows });
    // Shared link of 1e8 B/s: 5e7 each in the first second, then flow 0 alone: 1.5e8 more.
    expect(times[1]!.end).toBe(1);
    expect(times[1]!.delivered).toBeCloseTo(5e7, 0);
    expect(times[0]!.end).toBeCloseTo(2.5, 9);
  });

  it('gives every flow linkGoodput of the line rate', () => {
    // One map whose only replica is on node 0, run on node 3 of the other rack: the
    // run's only flow, 128e6 bytes over 1e8 B/s links, 1.28 s at full rate.
    const topology = buildTopology(spec);
    const remote = oneNodePolicy(3);
    const alone = (parameters: object) => {
      const flows: FlowTraceRecord[] = [];
      simulate({
        topology,
        workload: workload(
          [jobSpec({ inputBytes: 128e6 })],
          fixedPlacement(() => [0]),
        ),
        policy: remote,
        seed: 7,
        parameters,
        onFlow: (f) => flows.push(f),
      });
      expect(flows).toHaveLength(1);
      return flows[0]!.end - flows[0]!.start;
    };
    expect(alone({})).toBeCloseTo(1.28, 6);
    expect(alone({ linkGoodput: 0.5 })).toBeCloseTo(2.56, 6);
    expect(() => recorded([jobSpec({ inputBytes: 128e6 })], { linkGoodput: 1.5 })).toThrow(
      'linkGoodput must be a fraction in (0, 1]',
    );
  });

  it('counts every byte on every link it crosses when binned', () => {
    const trace = recorded(shuffleJobs);
    const replay = replayFlowTrace(trace, { linkBin: 0.5 });
    const perLink = new Map<number, number>();
    for (const [link, , bytes] of replay.linkBytes) perLink.set(link, (perLink.get(link) ?? 0) + bytes);
    const expected = new Map<number, number>();
    for (const f of trace.flows)
      for (const l of f.links) expected.set(l, (expected.get(l) ?? 0) + f.delivered);
    for (const [link, bytes] of expected) expect(perLink.get(link)).toBeCloseTo(bytes, -2);
  });
});
