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

interface Sample {
  readonly time: Seconds;
  readonly up: Float64Array;
  readonly down: Float64Array;
  readonly nodeUp: Float64Array;
  readonly nodeDown: Float64Array;
}

/**
 * A settable `NetworkView`: a list of monitor samples, the latest one edited in place
 * while the clock stands still and copied forward when it moved.
 */
export class TestNetwork implements NetworkView {
  private readonly samples: Sample[];
  constructor(
    private readonly topology: TopologyView,
    readonly monitorInterval: Seconds,
    private readonly clock: () => Seconds,
  ) {
    const r = topology.rackCount;
    const n = topology.nodeCount;
    this.samples = [
      {
        time: clock(),
        up: new Float64Array(r),
        down: new Float64Array(r),
        nodeUp: new Float64Array(n),
        nodeDown: new Float64Array(n),
      },
    ];
  }

  get sampleTime(): Seconds {
    return this.latest().time;
  }
  rackUtilisation(rack: RackId, direction: LinkDirection): Fraction {
    this.topology.nodesOf(rack);
    return (direction === 'up' ? this.latest().up : this.latest().down)[rack]!;
  }
  recentRackUtilisation(rack: RackId, direction: LinkDirection, window: Seconds): Fraction {
    this.topology.nodesOf(rack);
    const from = this.clock() - window;
    const recent = this.samples.filter((s) => s.time >= from);
    const used = recent.length > 0 ? recent : [this.latest()];
    const sum = used.reduce((acc, s) => acc + (direction === 'up' ? s.up : s.down)[rack]!, 0);
    return sum / used.length;
  }
  nodeCrossRackRate(node: NodeId, direction: LinkDirection): BitsPerSecond {
    this.topology.rackOf(node);
    return (direction === 'up' ? this.latest().nodeUp : this.latest().nodeDown)[node]!;
  }
  nodeCrossRackShare(node: NodeId, direction: LinkDirection): BitsPerSecond {
    const rack = this.topology.rackOf(node);
    const capacity =
      direction === 'up' ? this.topology.rackUplinkCapacity(rack) : this.topology.rackDownlinkCapacity(rack);
    return capacity / this.topology.nodesOf(rack).length;
  }

  setRack(rack: RackId, direction: LinkDirection | 'both', value: Fraction): void {
    this.topology.nodesOf(rack);
    const s = this.current();
    if (direction !== 'down') s.up[rack] = value;
    if (direction !== 'up') s.down[rack] = value;
  }
  setNode(node: NodeId, direction: LinkDirection | 'both', value: BitsPerSecond): void {
    this.topology.rackOf(node);
    const s = this.current();
    if (direction !== 'down') s.nodeUp[node] = value;
    if (direction !== 'up') s.nodeDown[node] = value;
  }

  private latest(): Sample {
    return this.samples[this.samples.length - 1]!;
  }
  /** The sample at the current time, copied forward from the latest one if the clock moved. */
  private current(): Sample {
    const last = this.latest();
    const now = this.clock();
    if (last.time === now) return last;
    const next: Sample = {
      time: now,
      up: last.up.slice(),
      down: last.down.slice(),
      nodeUp: last.nodeUp.slice(),
      nodeDown: last.nodeDown.slice(),
    };
    this.samples.push(next);
    return next;
  }
}
