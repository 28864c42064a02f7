import type { FlowNetwork, Topology } from '@rackwise/topology';
import type {
  BitsPerSecond,
  Fraction,
  LinkDirection,
  NetworkView,
  NodeId,
  RackId,
  Seconds,
} from '@rackwise/types';

/**
 * The monitoring daemon's view of cross-rack load (NAS §III-B, ShuffleWatcher NetSat):
 * rack link utilisation sampled every `monitorInterval`, with a ring buffer of recent
 * samples for `recentRackUtilisation`. A sample costs O(racks).
 */
export class NetworkMonitor implements NetworkView {
  readonly monitorInterval: Seconds;
  sampleTime: Seconds = 0;
  readonly #racks: number;
  readonly #up: Float64Array;
  readonly #down: Float64Array;
  readonly #upCapacity: Float64Array;
  readonly #downCapacity: Float64Array;
  readonly #ringSize: number;
  readonly #ringTime: Float64Array;
  readonly #ringUp: Float64Array;
  readonly #ringDown: Float64Array;
  #ringHead = -1;
  #ringCount = 0;
  /** Per-node cross-rack rates (bytes/s), computed at samples once a policy asked for them. */
  #nodeUp: Float64Array | undefined;
  #nodeDown: Float64Array | undefined;
  #nodeRatesTime = Number.NaN;
  readonly #shareUp: Float64Array;
  readonly #shareDown: Float64Array;

  constructor(
    private readonly topology: Topology,
    monitorInterval: Seconds,
    history: Seconds,
    /** Fills per-node cross-rack rates (bytes per second) from the live flows. */
    private readonly nodeRates: (up: Float64Array, down: Float64Array) => void,
  ) {
    this.monitorInterval = monitorInterval;
    const racks = topology.rackCount;
    this.#racks = racks;
    this.#up = new Float64Array(racks);
    this.#down = new Float64Array(racks);
    this.#upCapacity = new Float64Array(racks);
    this.#downCapacity = new Float64Array(racks);
    for (let r = 0; r < racks; r++) {
      this.#upCapacity[r] = topology.rackUplinkCapacity(r as RackId) / 8;
      this.#downCapacity[r] = topology.rackDownlinkCapacity(r as RackId) / 8;
    }
    this.#ringSize = Math.max(1, Math.ceil(history / monitorInterval));
    this.#ringTime = new Float64Array(this.#ringSize);
    this.#ringUp = new Float64Array(this.#ringSize * racks);
    this.#ringDown = new Float64Array(this.#ringSize * racks);
    const nodes = topology.nodeCount;
    this.#shareUp = new Float64Array(nodes);
    this.#shareDown = new Float64Array(nodes);
    for (let n = 0; n < nodes; n++) {
      const rack = topology.rackOf(n as NodeId);
      const members = topology.nodesOf(rack).length;
      this.#shareUp[n] = topology.rackUplinkCapacity(rack) / members;
      this.#shareDown[n] = topology.rackDownlinkCapacity(rack) / members;
    }
  }

  /** Takes a sample at `time` from the network's link loads (or zeros without a network). */
  sample(time: Seconds, network: FlowNetwork | undefined): void {
    const racks = this.#racks;
    const topology = this.topology;
    for (let r = 0; r < racks; r++) {
      if (network === undefined) {
        this.#up[r] = 0;
        this.#down[r] = 0;
      } else {
        const up = network.linkLoad(topology.rackUpLink(r as RackId)) / this.#upCapacity[r]!;
        const down = network.linkLoad(topology.rackDownLink(r as RackId)) / this.#downCapacity[r]!;
        this.#up[r] = up > 1 ? 1 : up;
        this.#down[r] = down > 1 ? 1 : down;
      }
    }
    this.sampleTime = time;
    const head = (this.#ringHead + 1) % this.#ringSize;
    this.#ringHead = head;
    if (this.#ringCount < this.#ringSize) this.#ringCount++;
    this.#ringTime[head] = time;
    this.#ringUp.set(this.#up, head * racks);
    this.#ringDown.set(this.#down, head * racks);
    if (this.#nodeUp !== undefined) this.#refreshNodeRates(time);
  }

  /** Latest sampled utilisation of a rack link (internal, unchecked). */
  utilisation(rack: number, up: boolean): number {
    return up ? this.#up[rack]! : this.#down[rack]!;
  }

  rackUtilisation(rack: RackId, direction: LinkDirection): Fraction {
    this.#checkRack(rack);
    return direction === 'up' ? this.#up[rack]! : this.#down[rack]!;
  }

  recentRackUtilisation(rack: RackId, direction: LinkDirection, window: Seconds): Fraction {
    this.#checkRack(rack);
    if (this.#ringCount === 0) return 0;
    const ring = direction === 'up' ? this.#ringUp : this.#ringDown;
    const racks = this.#racks;
    const since = this.sampleTime - window;
    let sum = 0;
    let n = 0;
    let i = this.#ringHead;
    for (let k = 0; k < this.#ringCount; k++) {
      if (n > 0 && this.#ringTime[i]! <= since) break;
      sum += ring[i * racks + rack]!;
      n++;
      i = i === 0 ? this.#ringSize - 1 : i - 1;
    }
    return sum / n;
  }

  nodeCrossRackRate(node: NodeId, direction: LinkDirection): BitsPerSecond {
    this.#checkNode(node);
    if (this.#nodeUp === undefined) {
      this.#nodeUp = new Float64Array(this.topology.nodeCount);
      this.#nodeDown = new Float64Array(this.topology.nodeCount);
      this.#refreshNodeRates(this.sampleTime);
    }
    return 8 * (direction === 'up' ? this.#nodeUp[node]! : this.#nodeDown![node]!);
  }

  nodeCrossRackShare(node: NodeId, direction: LinkDirection): BitsPerSecond {
    this.#checkNode(node);
    return direction === 'up' ? this.#shareUp[node]! : this.#shareDown[node]!;
  }

  #refreshNodeRates(time: Seconds): void {
    if (this.#nodeRatesTime === time) return;
    this.#nodeRatesTime = time;
    this.#nodeUp!.fill(0);
    this.#nodeDown!.fill(0);
    this.nodeRates(this.#nodeUp!, this.#nodeDown!);
  }

  #checkRack(rack: number): void {
    if (!(Number.isInteger(rack) && rack >= 0 && rack < this.#racks)) {
      throw new Error(`network view: rack must be an integer in [0, ${this.#racks}), got ${String(rack)}`);
    }
  }

  #checkNode(node: number): void {
    const nodes = this.topology.nodeCount;
    if (!(Number.isInteger(node) && node >= 0 && node < nodes)) {
      throw new Error(`network view: node must be an integer in [0, ${nodes}), got ${String(node)}`);
    }
  }
}
