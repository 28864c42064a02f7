/**
 * Map output on each node that reduces have yet to fetch: what NAS counts as a node's
 * congestion (`ClusterView.outstandingMapOutput`, the congested-nodes metric). Its one
 * writer: the parts report output made, fetched or given back through `add`.
 */
export class OutstandingOutput {
  /** Bytes per node. */
  readonly bytes: Float64Array;

  constructor(nodes: number) {
    this.bytes = new Float64Array(nodes);
  }

  /** `bytes` more (or, below zero, fewer) outstanding on `node`. */
  add(node: number, bytes: number): void {
    this.bytes[node]! += bytes;
  }
}
