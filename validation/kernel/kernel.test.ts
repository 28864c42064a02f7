import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fc, test } from '@fast-check/vitest';
import { afterAll, describe, expect, it } from 'vitest';
import { longer } from '../network/report-text.js';
import { type Scenario, allToAll, miceAndElephants } from '../network/scenarios.js';
import { type KernelFigures, type KernelScenarioResult, collectKernel, resumed } from './collect.js';
import {
  type KernelRun,
  LONE_MIN_SHARE,
  keepCollapsed,
  readRepetition,
  refusal,
  scaleOf,
} from './harness.js';
import { longerOrShorter } from './markdown.js';
import { fbCut } from './scenarios.js';

const dir = mkdtempSync(join(tmpdir(), 'rackwise-kernel-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('reading a repetition', () => {
  it('turns kernel nanosecond stamps into trace seconds, scaled back, without losing precision', () => {
    const trace = allToAll(1, 1, { racks: 2, nodesPerRack: 1, bytesPerPair: 1e6 });
    expect(trace.flows.length).toBe(2);
    const t0 = 1796180750447108892n;
    const at = (traceSeconds: number): bigint => t0 + BigInt(Math.round(traceSeconds * 100 * 1e9));
    const [a, b] = trace.flows as [(typeof trace.flows)[0], (typeof trace.flows)[0]];
    writeFileSync(join(dir, 't0.txt'), `${t0}\n`);
    writeFileSync(
      join(dir, 'host-0.txt'),
      `send ${a.id} ${at(a.start + 0.001)} 2 1 40 0 120\nrecv ${b.id} ${at(0.0123456)} 1000000\n`,
    );
    writeFileSync(
      join(dir, 'host-1.txt'),
      `recv ${a.id} ${at(0.5)} 1000000\nsend ${b.id} ${at(b.start)} 0 0 3 1 90\n`,
    );
    const r = readRepetition(dir, trace, 100);
    expect(r.times.map((t) => t.id)).toEqual([a.id, b.id]);
    expect(r.times[0]!.end).toBeCloseTo(0.5, 9);
    expect(r.times[1]!.end).toBeCloseTo(0.0123456, 9);
    expect(r.times[0]!.start).toBe(a.start);
    expect(r.rtos).toBe(2);
    expect(r.retransmissions).toBe(43);
    expect(r.reordered).toBe(1);
    expect(r.startLag).toBeCloseTo(0.001, 6);
  });

  it('refuses a directory that lacks a flow', () => {
    const trace = allToAll(1, 1, { racks: 2, nodesPerRack: 1, bytesPerPair: 1e6 });
    const other = mkdtempSync(join(dir, 'missing-'));
    writeFileSync(join(other, 't0.txt'), '0\n');
    writeFileSync(join(other, 'host-0.txt'), 'recv 0 5 10\n');
    expect(() => readRepetition(other, trace, 1)).toThrow('flow 0 has no timing');
  });
});

describe('refusal', () => {
  const times = (last: number) => [
    { id: 0, start: 0, end: last / 2, delivered: 1 },
    { id: 1, start: 0, end: last, delivered: 1 },
  ];
  const run = (loneShare: number, fcts: number[]): KernelRun => ({
    setting: 'linux-reno',
    scale: 100,
    loneShare,
    loneRetransmissions: 0,
    repetitions: fcts.map((f) => ({
      times: times(f),
      rtos: 0,
      retransmissions: 0,
      reordered: 0,
      startLag: 0,
      backlogDrops: 0,
    })),
    applied: {},
    wallSeconds: 1,
  });

  it('keeps a run whose lone flow reached line rate and whose repetitions agree', () => {
    expect(refusal(run(0.99, [1, 1.1, 0.95]))).toBeUndefined();
  });

  it('refuses a lone flow below line rate, and repetitions that disagree', () => {
    expect(refusal(run(LONE_MIN_SHARE - 0.01, [1, 1, 1]))).toMatch(/lone flow reached/);
    expect(refusal(run(0.99, [1, 1, 1.5]))).toMatch(/repetitions disagree/);
    const busy = run(0.99, [1, 1, 1]);
    const dropped = { ...busy, repetitions: busy.repetitions.map((r, i) => ({ ...r, backlogDrops: i })) };
    expect(refusal(dropped)).toBe(
      'the CPU fell behind: 3 packets dropped before the emulated queues (input backlog full)',
    );
  });
});

describe('keeping the collapsed repetitions of a mixture', () => {
  const rep = (rtos: number, last: number) => ({
    times: [{ id: 0, start: 0, end: last, delivered: 1 }],
    rtos,
    retransmissions: 0,
    reordered: 0,
    startLag: 0,
    backlogDrops: 0,
  });
  const runOf = (reps: ReturnType<typeof rep>[]): KernelRun => ({
    setting: 'linux-reno',
    scale: 100,
    loneShare: 1,
    loneRetransmissions: 0,
    repetitions: reps,
    applied: {},
    wallSeconds: 1,
  });

  it('sets aside the repetitions that got by without a timeout, and the rest agree', () => {
    // The quick check's 24 senders as timed: one repetition at 0.051 s with no timeout.
    const timed = runOf([rep(0, 0.051), rep(7, 0.236), rep(4, 0.222), rep(2, 0.217)]);
    expect(refusal(timed)).toMatch(/repetitions disagree/);
    const { run, setAside, why } = keepCollapsed(timed);
    expect(setAside).toBe(1);
    expect(why).toBeUndefined();
    expect(run.repetitions.map((r) => r.rtos)).toEqual([7, 4, 2]);
    expect(refusal(run)).toBeUndefined();
  });

  it('refuses when fewer than the least repetitions met a timeout', () => {
    const { why } = keepCollapsed(runOf([rep(0, 0.03), rep(3, 0.22), rep(0, 0.03), rep(1, 0.21)]));
    expect(why).toBe('only 2 of 4 repetitions met a retransmission timeout (needs 3)');
  });

  test.prop([fc.array(fc.integer({ min: -1, max: 9 }), { maxLength: 9 }), fc.integer({ min: 1, max: 5 })])(
    'keeps exactly the repetitions with a timeout or an uncounted one, in order, refusing below the least',
    (rtos, least) => {
      const { run, setAside, why } = keepCollapsed(runOf(rtos.map((r, i) => rep(r, i + 1))), least);
      expect(run.repetitions.map((r) => r.rtos)).toEqual(rtos.filter((r) => r !== 0));
      expect(setAside).toBe(rtos.filter((r) => r === 0).length);
      expect(why === undefined).toBe(run.repetitions.length >= least);
    },
  );
});

describe('signs in words', () => {
  it('states a model error of −40.6 % as the reference taking 68.4 % longer', () => {
    expect(longer(-0.406)).toBeCloseTo(0.6835, 4);
    expect(longerOrShorter('Linux', 'the model', 0.25)).toBe('Linux takes 25.0 % longer than the model');
    expect(longerOrShorter('Linux', 'ns-3', -0.2)).toBe(
      'Linux takes 20.0 % less time than ns-3 (ns-3 takes 25.0 % longer)',
    );
  });

  test.prop([fc.double({ min: -0.95, max: 10, noNaN: true })])('longer inverts the error', (e) => {
    // The reference takes (1 + longer) times the model's time: (1 + e)(1 + longer(e)) = 1.
    expect((1 + e) * (1 + longer(e))).toBeCloseTo(1, 9);
  });
});

describe('scenarios', () => {
  it('puts host links at 10 Mbit/s', () => {
    expect(scaleOf(allToAll(2, 1))).toBe(100);
  });

  test.prop([fc.integer({ min: 1, max: 50 }), fc.double({ min: 0, max: 1.5, noNaN: true })])(
    'an FB-2010 cut is the earliest flows from its start, within 3 s and 30 MB',
    (seed, from) => {
      const trace = miceAndElephants(seed, { elephantBytes: 2e6, seconds: 2 });
      const cut = fbCut(trace, from);
      const bytes = cut.flows.reduce((s, f) => s + f.bytes, 0);
      expect(bytes).toBeLessThanOrEqual(30e6);
      for (const f of cut.flows) {
        expect(f.start).toBeGreaterThanOrEqual(from);
        expect(f.start).toBeLessThan(from + 3);
      }
      const latest = Math.max(...cut.flows.map((f) => f.start), from);
      const left = trace.flows.filter((f) => f.start >= from && !cut.flows.includes(f));
      // Every flow left out starts no earlier than the latest kept one.
      for (const f of left) expect(f.start).toBeGreaterThanOrEqual(latest);
    },
  );
});

describe('resuming an interrupted run', () => {
  const timed = { lastByte: { median: 1, min: 1, max: 1 } } as unknown as KernelFigures;

  it('keeps each setting timed without a refusal and runs the refused and the missing ones', () => {
    const kept = { linux: { 'linux-reno': timed, 'linux-cubic': { refused: 'repetitions disagree' } } };
    const { linux, toRun } = resumed(kept, ['linux-reno', 'linux-cubic', 'linux-dctcp']);
    expect(Object.keys(linux)).toEqual(['linux-reno']);
    expect(toRun).toEqual(['linux-cubic', 'linux-dctcp']);
  });

  it('carries the refusals of earlier tries forward, oldest first', () => {
    const kept = { linux: { 'linux-reno': { refused: 'second', otherTries: ['first'] } } };
    expect(resumed(kept, ['linux-reno']).refusals).toEqual({ 'linux-reno': ['first', 'second'] });
    expect(resumed({ linux: { 'linux-reno': timed } }, ['linux-reno']).refusals).toEqual({});
  });

  it('runs every setting of a scenario the interrupted run never reached', () => {
    expect(resumed(undefined, ['linux-reno']).toRun).toEqual(['linux-reno']);
  });

  it('keeps what was timed of the scenarios `only` leaves out, refusals included, and leaves out the rest', () => {
    const scenario = (name: string): Scenario => ({
      name,
      family: 'all-to-all',
      trace: allToAll(2, 1, { racks: 2, nodesPerRack: 1 }),
      half: 'judge',
      facts: {},
    });
    const done = [
      { name: 'a', linux: { 'linux-reno': { refused: 'repetitions disagree', otherTries: ['first'] } } },
    ] as unknown as KernelScenarioResult[];
    const results = collectKernel(
      [scenario('a'), scenario('b')],
      { quick: false, repetitions: 3, settings: ['linux-reno'], ns3: false, done, only: () => false },
      () => {},
    );
    expect(results.scenarios.map((s) => s.name)).toEqual(['a']);
    expect(results.scenarios[0]!.linux).toEqual(done[0]!.linux);
  });
});
