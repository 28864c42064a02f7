/**
 * The synthetic scenario families of the network validation (docs/network-validation.md):
 * (a) one job's all-to-all shuffle at several oversubscriptions, (b) incast, (c) mice and
 * elephants over oversubscribed rack links. Each is a flow trace, seeded, small enough for
 * packet-level simulation. Family (d), flows recorded from FB-2010 runs, is in
 * `fb2010-traces.ts`.
 */
import {
  type FlowTrace,
  type FlowTraceFabric,
  type FlowTraceRecord,
  fabricTopology,
} from '@rackwise/flow-replay';

/** One scenario: a name, its family, its trace, and whether it calibrates or judges corrections. */
export interface Scenario {
  readonly name: string;
  readonly family: 'all-to-all' | 'incast' | 'mixed' | 'fb2010';
  readonly trace: FlowTrace;
  /** Calibration half (corrections are fitted on these) or held-out half (judged on these). */
  readonly half: 'calibrate' | 'judge';
  /** Free-form facts for the report (oversubscription, senders, bytes). */
  readonly facts: Readonly<Record<string, string | number>>;
}

/** A small seeded generator (mulberry32), so scenarios are the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Builds flow records over a fabric, each with its recorded links. */
export class TraceBuilder {
  readonly flows: FlowTraceRecord[] = [];
  readonly #path = new Int32Array(4);
  readonly #topology;

  constructor(readonly fabric: FlowTraceFabric) {
    this.#topology = fabricTopology(fabric);
  }

  add(start: number, source: number, destination: number, bytes: number, job = 0, task = 0): void {
    const links = this.#topology.flowPath(source as never, destination as never, this.#path);
    this.flows.push({
      id: this.flows.length,
      start,
      source,
      destination,
      bytes: Math.round(bytes),
      kind: 'shuffle',
      job,
      task,
      status: 'done',
      end: start,
      delivered: Math.round(bytes),
      links: Array.from(this.#path.subarray(0, links)),
    });
  }

  trace(): FlowTrace {
    return { fabric: this.fabric, flows: this.flows };
  }
}

const GBPS = 1e9;

/**
 * (a) One job's shuffle: every host runs one reduce that fetches its partition from every
 * other host — one flow per ordered pair, all starting within the first 10 ms (Hadoop's
 * fetchers start as the reduces launch). Rack links at `nodesPerRack × NIC / oversubscription`.
 */
export function allToAll(
  oversubscription: number,
  seed: number,
  options: { racks?: number; nodesPerRack?: number; bytesPerPair?: number } = {},
): FlowTrace {
  const racks = options.racks ?? 4;
  const perRack = options.nodesPerRack ?? 4;
  const bytes = options.bytesPerPair ?? 2e6;
  const rack = (perRack * GBPS) / oversubscription;
  const b = new TraceBuilder({
    racks,
    nodesPerRack: perRack,
    nicBitsPerSecond: GBPS,
    rackUplinkBitsPerSecond: rack,
    rackDownlinkBitsPerSecond: rack,
  });
  const random = seededRandom(seed);
  const nodes = racks * perRack;
  for (let reducer = 0; reducer < nodes; reducer++) {
    for (let source = 0; source < nodes; source++) {
      if (source !== reducer) b.add(random() * 0.01, source, reducer, bytes, 0, reducer);
    }
  }
  return b.trace();
}

/**
 * (b) Incast: `senders` hosts each send `bytes` to one receiver at the same instant (a
 * reduce fetching one partition from every map host). `sameRack`: senders in the
 * receiver's rack; otherwise in the other rack, across a non-blocking rack link.
 */
export function incast(senders: number, bytes: number, sameRack: boolean): FlowTrace {
  const perRack = senders + 1;
  const b = new TraceBuilder({
    racks: 2,
    nodesPerRack: perRack,
    nicBitsPerSecond: GBPS,
    rackUplinkBitsPerSecond: perRack * GBPS,
    rackDownlinkBitsPerSecond: perRack * GBPS,
  });
  const receiver = 0;
  for (let s = 0; s < senders; s++) b.add(0, sameRack ? 1 + s : perRack + s, receiver, bytes, 0, 0);
  return b.trace();
}

/**
 * (c) Mice and elephants: `elephants` long cross-rack flows start at once over 5:1
 * oversubscribed rack links, and mice (10 KB – 1 MB, log-uniform sizes, random hosts,
 * Poisson arrivals at `miceRate` per second for `seconds`) cross the same fabric.
 */
export function miceAndElephants(
  seed: number,
  options: { elephants?: number; elephantBytes?: number; miceRate?: number; seconds?: number } = {},
): FlowTrace {
  const racks = 4;
  const perRack = 4;
  const b = new TraceBuilder({
    racks,
    nodesPerRack: perRack,
    nicBitsPerSecond: GBPS,
    rackUplinkBitsPerSecond: (perRack * GBPS) / 5,
    rackDownlinkBitsPerSecond: (perRack * GBPS) / 5,
  });
  const random = seededRandom(seed);
  const nodes = racks * perRack;
  const pick = (): number => Math.floor(random() * nodes);
  const elephants = options.elephants ?? 12;
  for (let e = 0; e < elephants; e++) {
    const source = pick();
    let destination = pick();
    while (Math.floor(destination / perRack) === Math.floor(source / perRack)) destination = pick();
    b.add(0, source, destination, options.elephantBytes ?? 5e7, 0, e);
  }
  const rate = options.miceRate ?? 200;
  const seconds = options.seconds ?? 2;
  let t = 0;
  let task = 0;
  for (;;) {
    t += -Math.log(1 - random()) / rate;
    if (t >= seconds) break;
    const source = pick();
    let destination = pick();
    while (destination === source) destination = pick();
    b.add(t, source, destination, 1e4 * 100 ** random(), 1, task++);
  }
  return b.trace();
}

/** The synthetic scenarios, each family split between calibration and held-out by seed. */
export function syntheticScenarios(quick: boolean): Scenario[] {
  if (quick) {
    return [
      {
        name: 'all-to-all 2:1 (quick)',
        family: 'all-to-all',
        trace: allToAll(2, 1, { racks: 2, nodesPerRack: 4, bytesPerPair: 2e6 }),
        half: 'judge',
        facts: { oversubscription: '2:1', hosts: 8, bytesPerPair: 2e6 },
      },
    ];
  }
  const scenarios: Scenario[] = [];
  for (const [over, seeds] of [
    [1, [1, 2]],
    [2, [1, 2]],
    [5, [1, 2]],
  ] as const) {
    for (const seed of seeds) {
      scenarios.push({
        name: `all-to-all ${over}:1 seed ${seed}`,
        family: 'all-to-all',
        trace: allToAll(over, seed),
        half: seed === 1 ? 'calibrate' : 'judge',
        facts: { oversubscription: `${over}:1`, hosts: 16, bytesPerPair: 2e6, seed },
      });
    }
  }
  for (const bytes of [64e3, 256e3, 1e6]) {
    for (const senders of [4, 8, 16, 32, 64]) {
      for (const sameRack of [true, false]) {
        scenarios.push({
          name: `incast ${senders} × ${bytes / 1e3} KB ${sameRack ? 'same rack' : 'other rack'}`,
          family: 'incast',
          trace: incast(senders, bytes, sameRack),
          // Calibrate on the same-rack points, judge on the cross-rack ones.
          half: sameRack ? 'calibrate' : 'judge',
          facts: { senders, bytes, placement: sameRack ? 'same rack' : 'other rack' },
        });
      }
    }
  }
  for (const seed of [1, 2]) {
    scenarios.push({
      name: `mice and elephants seed ${seed}`,
      family: 'mixed',
      trace: miceAndElephants(seed),
      half: seed === 1 ? 'calibrate' : 'judge',
      facts: { oversubscription: '5:1', elephants: 12, miceRate: 200, seed },
    });
  }
  return scenarios;
}
