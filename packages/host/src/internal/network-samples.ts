import { maxMinRates } from '@rackwise/topology';
import type {
  BitsPerSecond,
  Fraction,
  LinkDirection,
  NetworkView,
  NodeId,
  RackId,
  Seconds,
  TopologyView,
} from '@rackwise/types';
import type { HostFlow, NodeLoad, RackLoad } from '../host-events.js';

interface Sample {
  readonly time: Seconds;
  readonly up: Float64Array;
  readonly down: Float64Array;
}

/**
 * The `NetworkView` of a host: the latest link sample the host reported (or computed from
 * its flows), and a bounded history for `recentRackUtilisation`.
 */
export class NetworkSamples implements NetworkView {
  sampleTime: Seconds = 0;
  readonly #history: Sample[] = [];
  #nodeUp: Float64Array;
  #nodeDown: Float64Array;

  constructor(
    private readonly topology: TopologyView,
    readonly monitorInterval: Seconds,
    private readonly historyLength: number,
  ) {
    this.#nodeUp = new Float64Array(topology.nodeCount);
    this.#nodeDown = new Float64Array(topology.nodeCount);
  }

  /** Records one sample (loads already checked). */
  record(
    time: Seconds,
    racks: readonly RackLoad[],
    nodes: readonly NodeLoad[] | undefined,
    rates: boolean,
  ): void {
    const count = this.topology.rackCount;
    const latest = this.#history.at(-1);
    const up = latest === undefined ? new Float64Array(count) : Float64Array.from(latest.up);
    const down = latest === undefined ? new Float64Array(count) : Float64Array.from(latest.down);
    for (const load of racks) {
      const u = rates ? load.up / this.topology.rackUplinkCapacity(load.rack) : load.up;
      const d = rates ? load.down / this.topology.rackDownlinkCapacity(load.rack) : load.down;
      up[load.rack] = Math.min(1, u);
      down[load.rack] = Math.min(1, d);
    }
    if (nodes !== undefined) {
      this.#nodeUp = new Float64Array(this.topology.nodeCount);
      this.#nodeDown = new Float64Array(this.topology.nodeCount);
      for (const load of nodes) {
        this.#nodeUp[load.node] = load.up;
        this.#nodeDown[load.node] = load.down;
      }
    }
    // One sample an instant: a second report at the same time amends that time's sample.
    if (latest !== undefined && latest.time === time)
      this.#history[this.#history.length - 1] = { time, up, down };
    else this.#history.push({ time, up, down });
    if (this.#history.length > this.historyLength) this.#history.shift();
    this.sampleTime = time;
  }

  /**
   * Samples the links from the transfers in flight: each crosses its source NIC up, its
   * destination NIC down and, between racks, the source rack's uplink and the destination
   * rack's downlink; rates are max-min fair (docs/architecture.md §3 "Network").
   */
  recordFlows(time: Seconds, flows: readonly HostFlow[]): void {
    const t = this.topology;
    const n = t.nodeCount;
    const r = t.rackCount;
    // Links: NIC up 0..n-1, NIC down n..2n-1, rack up 2n..2n+r-1, rack down 2n+r..
    const capacities = new Float64Array(2 * n + 2 * r);
    for (let i = 0; i < n; i++) {
      capacities[i] = t.nicCapacity(i as NodeId);
      capacities[n + i] = t.nicCapacity(i as NodeId);
    }
    for (let k = 0; k < r; k++) {
      capacities[2 * n + k] = t.rackUplinkCapacity(k as RackId);
      capacities[2 * n + r + k] = t.rackDownlinkCapacity(k as RackId);
    }
    const paths = flows.map((f) => {
      const from = t.rackOf(f.from);
      const to = t.rackOf(f.to);
      return from === to ? [f.from, n + f.to] : [f.from, n + f.to, 2 * n + from, 2 * n + r + to];
    });
    const rates = maxMinRates(capacities, paths);
    const racks = Array.from({ length: r }, (_, rack) => ({ rack: rack as RackId, up: 0, down: 0 }));
    const nodes = new Map<number, { node: NodeId; up: number; down: number }>();
    const node = (id: NodeId) => {
      let load = nodes.get(id);
      if (load === undefined) {
        load = { node: id, up: 0, down: 0 };
        nodes.set(id, load);
      }
      return load;
    };
    flows.forEach((f, i) => {
      const from = t.rackOf(f.from);
      const to = t.rackOf(f.to);
      if (from === to) return;
      const rate = rates[i]!;
      racks[from]!.up += rate;
      racks[to]!.down += rate;
      node(f.from).up += rate;
      node(f.to).down += rate;
    });
    this.record(time, racks, [...nodes.values()], true);
  }

  rackUtilisation(rack: RackId, direction: LinkDirection): Fraction {
    this.#checkRack(rack);
    const latest = this.#history.at(-1);
    if (latest === undefined) return 0;
    return (direction === 'up' ? latest.up : latest.down)[rack]!;
  }

  recentRackUtilisation(rack: RackId, direction: LinkDirection, window: Seconds): Fraction {
    this.#checkRack(rack);
    const since = this.sampleTime - window;
    let sum = 0;
    let count = 0;
    for (let i = this.#history.length - 1; i >= 0; i--) {
      const sample = this.#history[i]!;
      if (count > 0 && sample.time <= since) break;
      sum += (direction === 'up' ? sample.up : sample.down)[rack]!;
      count++;
    }
    return count === 0 ? 0 : sum / count;
  }

  nodeCrossRackRate(node: NodeId, direction: LinkDirection): BitsPerSecond {
    this.#checkNode(node);
    return (direction === 'up' ? this.#nodeUp : this.#nodeDown)[node]!;
  }

  nodeCrossRackShare(node: NodeId, direction: LinkDirection): BitsPerSecond {
    const rack = this.topology.rackOf(node);
    const capacity =
      direction === 'up' ? this.topology.rackUplinkCapacity(rack) : this.topology.rackDownlinkCapacity(rack);
    return capacity / this.topology.nodesOf(rack).length;
  }

  #checkRack(rack: number): void {
    if (!(Number.isInteger(rack) && rack >= 0 && rack < this.topology.rackCount)) {
      throw new Error(
        `network view: rack must be an integer in [0, ${this.topology.rackCount}), got ${String(rack)}`,
      );
    }
  }

  #checkNode(node: number): void {
    if (!(Number.isInteger(node) && node >= 0 && node < this.topology.nodeCount)) {
      throw new Error(
        `network view: node must be an integer in [0, ${this.topology.nodeCount}), got ${String(node)}`,
      );
    }
  }
}
